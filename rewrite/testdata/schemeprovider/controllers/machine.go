// Package controllers reads Cluster API's objects through its v1beta1 Go
// API.
package controllers

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// ProviderID is the machine's provider ID, "" when unset.
func ProviderID(m *clusterv1.Machine) string {
	if m.Spec.ProviderID == nil {
		return ""
	}
	return *m.Spec.ProviderID
}

// InfraReady reports whether the machine's infrastructure is provisioned.
func InfraReady(m *clusterv1.Machine) bool {
	return m.Status.InfrastructureReady
}

// SetVersion sets the machine's Kubernetes version.
func SetVersion(m *clusterv1.Machine, v string) {
	m.Spec.Version = &v
}
