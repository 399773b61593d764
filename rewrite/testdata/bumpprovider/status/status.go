// Package status reads and sets the readiness of the Cluster API objects
// the provider works with, with the v1beta1 types and condition utilities.
package status

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1"
	"sigs.k8s.io/cluster-api/util/conditions"
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
