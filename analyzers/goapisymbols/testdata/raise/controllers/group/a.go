// Package group has files that share v1beta1-typed declarations: they
// move together or not at all.
package group

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: .*a.go keeps its v1beta1 imports, as its move is not mechanical: a.go:16: v1beta1.Cluster.Spec.InfrastructureRef.UID \(removed\)`
)

// S holds a core object.
type S struct {
	C *clusterv1.Cluster
}

// Namespace reads what v1beta2 drops.
func Namespace(c *clusterv1.Cluster) string {
	return string(c.Spec.InfrastructureRef.UID)
}
