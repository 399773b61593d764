// want package:"patches 2 object types"
// Package other holds the cases the pass cannot or need not judge.
package other

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/api"
	"sigs.k8s.io/cluster-api/util/conditions"
	"sigs.k8s.io/cluster-api/util/patch"
)

// Options from a call may own anything: silent.
func patchFromCall(ctx context.Context, h *patch.Helper, m *api.FooMachine) error {
	conditions.Set(m, metav1.Condition{Type: api.DiskReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"})
	return h.Patch(ctx, m, owned()...)
}

func owned() []patch.Option { return nil }

// WithForceOverwriteConditions owns every type.
func patchForced(ctx context.Context, h *patch.Helper, c *api.FooCluster) error {
	conditions.Set(c, metav1.Condition{Type: api.DiskReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"})
	return h.Patch(ctx, c, patch.WithForceOverwriteConditions{})
}
