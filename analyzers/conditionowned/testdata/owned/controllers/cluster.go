// want package:"patches 2 object types"
package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/api"
	"sigs.k8s.io/cluster-api/util/conditions"
	"sigs.k8s.io/cluster-api/util/patch"
)

const paused = "Paused"

// The options reach Patch through a variadic parameter: followed to the
// calls in the package.
func patchCluster(ctx context.Context, h *patch.Helper, c *api.FooCluster, opts ...patch.Option) error {
	return h.Patch(ctx, c, opts...)
}

func reconcileCluster(ctx context.Context, h *patch.Helper, c *api.FooCluster) error {
	conditions.Set(c, metav1.Condition{Type: api.ReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"})
	conditions.Set(c, metav1.Condition{Type: paused, Status: metav1.ConditionFalse, Reason: "NotPaused"})              // want `^MPA705 warning: FooCluster Paused: conditions.Set sets the condition type "Paused" on a FooCluster, which the patch helper's Patch \(cluster.go:\d+\) does not own: .*; add it to the Conditions of its WithOwnedConditions option$`
	conditions.SetMirrorCondition(c, c, api.ReadyCondition, conditions.TargetConditionType(api.NetworkReadyCondition)) // want `^MPA705 warning: FooCluster NetworkReady: conditions.SetMirrorCondition sets the condition type "NetworkReady" `
	return patchCluster(ctx, h, c, patch.WithOwnedConditions{Conditions: []string{api.ReadyCondition}})
}
