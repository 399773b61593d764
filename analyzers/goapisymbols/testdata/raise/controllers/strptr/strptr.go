// Package strptr uses *string fields that v1beta2 makes strings where a
// *string is still wanted, and writes pointer fields from helpers.
package strptr

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*core/v1beta1$` `^MPA702: move strptr.go to Cluster API's v1beta2 Go API$`
)

// zone passes the field on: nil where it is "".
func zone(m *clusterv1.Machine) string {
	return lookup(m.Spec.FailureDomain)
}

// desired holds the field in a local, writes through it and returns it.
func desired(md *clusterv1.MachineDeployment) *string {
	version := md.Spec.Template.Spec.Version
	if version == nil {
		return nil
	}
	*version = "v" + *version
	return version
}

// both passes two fields in one call.
func both(m *clusterv1.Machine) string {
	failureDomain := "outer"
	_ = failureDomain
	return pair(m.Spec.FailureDomain, m.Spec.Version)
}

// port sets pointer fields v1beta2 makes values from a helper's pointer.
func port(c *clusterv1.Cluster) *clusterv1.Cluster {
	c.Spec.ClusterNetwork.APIServerPort = int32Ptr(6443)
	return &clusterv1.Cluster{Spec: clusterv1.ClusterSpec{ClusterNetwork: &clusterv1.ClusterNetwork{APIServerPort: int32Ptr(443)}}}
}

func lookup(zone *string) string {
	if zone == nil {
		return "default"
	}
	return *zone
}

func pair(a, b *string) string {
	if a == nil || b == nil {
		return ""
	}
	return *a + *b
}

func int32Ptr(v int32) *int32 { return &v }

// ready sets a field v1beta2 moves one struct down.
func ready() *clusterv1.Cluster {
	return &clusterv1.Cluster{Status: clusterv1.ClusterStatus{InfrastructureReady: true, Phase: "Provisioned"}}
}

// apiPort holds a number field v1beta2 makes a value in a local.
func apiPort(c *clusterv1.Cluster) int32 {
	port := c.Spec.ClusterNetwork.APIServerPort
	if port == nil {
		return 6443
	}
	return *port
}

// versions reads one field in six statements of one function: each
// read passed on gets its own local, an assignment to a local of the
// pointer's type sets that local.
func versions(m *clusterv1.Machine, md *clusterv1.MachineDeployment, pool bool) string {
	var version *string
	if pool {
		version = md.Spec.Template.Spec.Version
	} else {
		version = m.Spec.Version
	}
	if lookup(m.Spec.Version) != "" {
		return lookup(version)
	}
	if lookup(md.Spec.Template.Spec.Version) == "" {
		return lookup(m.Spec.Version)
	}
	return lookup(md.Spec.Template.Spec.Version)
}

// placed reads a zone guarded against nil: the guard goes with the pointer.
func placed(m *clusterv1.Machine) bool {
	if m.Spec.FailureDomain == nil || *m.Spec.FailureDomain == "" {
		return false
	}
	return m.Spec.FailureDomain != nil && *m.Spec.FailureDomain != ""
}
