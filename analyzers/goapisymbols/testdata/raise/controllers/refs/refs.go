// Package refs reads references that v1beta2 holds as values, by their
// nil checks and the fields v1beta2 keeps.
package refs

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2; from v1.11 it lives on.*core/v1beta1$` `^MPA702: move refs.go to Cluster API's v1beta2 Go API$`
)

func controlPlane(c *clusterv1.Cluster) string {
	if c.Spec.ControlPlaneRef == nil {
		return ""
	}
	ref := c.Spec.InfrastructureRef
	if ref != nil && ref.Kind == "X" {
		return ref.Name
	}
	return c.Spec.ControlPlaneRef.Name
}

func namespaces(c *clusterv1.Cluster) (string, string) {
	ref := c.Spec.InfrastructureRef
	return ref.Namespace, c.Spec.ControlPlaneRef.Namespace
}

func hasNode(m *clusterv1.Machine) bool {
	return m.Status.NodeRef != nil
}
