// Package v1alpha1 is a provider's API whose status keeps a core v1beta1
// type.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooMachine is a provider's machine.
type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            FooMachineStatus `json:"status,omitempty"`
}

// FooMachineStatus keeps v1beta1's addresses.
type FooMachineStatus struct {
	Addresses []clusterv1beta1.MachineAddress `json:"addresses,omitempty"`
}
