// want package:"patches 1 object types"
// Package nooption patches without an owned list of the family set.
package nooption

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/api"
	"sigs.k8s.io/cluster-api/util/conditions"
	"sigs.k8s.io/cluster-api/util/patch"
)

func reconcile(ctx context.Context, h *patch.Helper, c *api.FooCluster) error {
	conditions.Set(c, metav1.Condition{Type: api.ReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"}) // want `^MPA705 warning: FooCluster Ready: conditions.Set sets the condition type "Ready" on a FooCluster, which the patch helper's Patch \(nooption.go:\d+\) does not own: .*; pass patch.WithOwnedConditions listing it$`
	return h.Patch(ctx, c, patch.WithStatusObservedGeneration{})
}
