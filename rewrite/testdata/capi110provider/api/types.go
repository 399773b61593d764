// Package api is an InfraCluster hub on Cluster API v1.10, whose core API
// has no v1beta2 FailureDomain.
package api

import clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

// FooClusterStatus is the observed state.
type FooClusterStatus struct {
	// +optional
	FailureDomains clusterv1.FailureDomains `json:"failureDomains,omitempty"`
}

// FooCluster is the infrastructure of a cluster.
type FooCluster struct {
	Status FooClusterStatus `json:"status,omitempty"`
}
