// Package v1alpha1 is a provider API version whose types keep core
// v1beta1 types in their fields.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

// FooClusterStatus keeps v1beta1's failure domains.
type FooClusterStatus struct {
	FailureDomains clusterv1.FailureDomains `json:"failureDomains,omitempty"`
}

// FooClusterSpec keeps v1beta1's endpoint.
type FooClusterSpec struct {
	ControlPlaneEndpoint clusterv1.APIEndpoint `json:"controlPlaneEndpoint,omitempty"`
}

// FooCluster is a provider's infrastructure cluster.
type FooCluster struct {
	metav1.TypeMeta `json:",inline"`
	Spec            FooClusterSpec   `json:"spec,omitempty"`
	Status          FooClusterStatus `json:"status,omitempty"`
}

// FooMachineStatus keeps v1beta1's addresses.
type FooMachineStatus struct {
	Addresses  []clusterv1.MachineAddress `json:"addresses,omitempty"`
	Conditions clusterv1.Conditions       `json:"conditions,omitempty"`
}

// GetConditions returns the machine's v1beta1 conditions.
func (m *FooMachine) GetConditions() clusterv1.Conditions { return m.Status.Conditions }

// FooMachine is a provider's infrastructure machine.
type FooMachine struct {
	metav1.TypeMeta `json:",inline"`
	Status          FooMachineStatus `json:"status,omitempty"`
}
