// Package refskept reads what v1beta2's references drop: the file keeps
// v1beta1.
package refskept

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*refskept.go:14: ref.UID: v1beta2 holds the reference as a ContractVersionedObjectReference, which has no UID.*refskept.go:22: v1beta1.Cluster.Spec.ClusterNetwork is used as a pointer, and v1beta2 holds a ClusterNetwork value`
)

func namespace(c *clusterv1.Cluster) string {
	ref := c.Spec.InfrastructureRef
	if ref == nil {
		return ""
	}
	return string(ref.UID)
}

func kind(c *clusterv1.Cluster) string {
	return c.Spec.ControlPlaneRef.GroupVersionKind().Kind
}

func network(c *clusterv1.Cluster) bool {
	return c.Spec.ClusterNetwork != nil
}
