// Package status reads and sets the readiness of the Cluster API objects
// the provider works with, with the v1beta1 types and condition utilities
// (one that v1beta2 has no counterpart of keeps the file on them).
package status

import (
	"context"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1"
	"sigs.k8s.io/cluster-api/util/conditions"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MarkReady sets the cluster's Ready condition.
func MarkReady(c *clusterv1.Cluster) {
	conditions.MarkTrue(c, clusterv1.ReadyCondition)
}

// Ready reports whether the cluster's Ready condition is true.
func Ready(c *clusterv1.Cluster) bool {
	return conditions.IsTrue(c, clusterv1.ReadyCondition)
}

// PoolReady reports whether the machine pool's Ready condition is true.
func PoolReady(p *expv1.MachinePool) bool {
	return conditions.IsTrue(p, clusterv1.ReadyCondition)
}

// PoolSeverity is the severity of the pool's Ready condition, which
// v1beta2 conditions do not have: the file keeps the v1beta1 utilities.
func PoolSeverity(p *expv1.MachinePool) *clusterv1.ConditionSeverity {
	return conditions.GetSeverity(p, clusterv1.ReadyCondition)
}

// PatchPool patches the pool, whose v1beta1 conditions the v1beta1 patch
// helper merges: the raise moves the file to the deprecated helper.
func PatchPool(ctx context.Context, c client.Client, p *expv1.MachinePool) error {
	h, err := patch.NewHelper(p, c)
	if err != nil {
		return err
	}
	return h.Patch(ctx, p)
}
