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

// A *string that v1beta2 makes a string, passed on as an argument: nil
// where it is empty, as the conversion reads it.
func zone(m *clusterv1.Machine) string {
	return lookup(m.Spec.FailureDomain)
}

func lookup(zone *string) string {
	if zone == nil {
		return "default"
	}
	return *zone
}

// A pointer literal for a field v1beta2 holds as a value.
func newCluster() *clusterv1.Cluster {
	return &clusterv1.Cluster{Spec: clusterv1.ClusterSpec{ClusterNetwork: &clusterv1.ClusterNetwork{ServiceDomain: "d"}}}
}

// A nil guard of a struct v1beta2 holds as a value, before a field whose
// nil check becomes a comparison with zero: the guard goes.
func port(c *clusterv1.Cluster) int32 {
	if c.Spec.ClusterNetwork != nil && c.Spec.ClusterNetwork.APIServerPort != nil {
		return *c.Spec.ClusterNetwork.APIServerPort
	}
	return 0
}

// A reference's group and kind, through GroupVersionKind in v1beta1.
func groupKind(m *clusterv1.Machine) string {
	ref := m.Spec.InfrastructureRef
	return ref.GroupVersionKind().GroupKind().Kind + m.Spec.Bootstrap.ConfigRef.GroupVersionKind().GroupKind().Kind
}
