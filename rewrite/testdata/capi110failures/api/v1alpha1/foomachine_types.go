package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	capierrors "sigs.k8s.io/cluster-api/errors"
)

// FooMachineSpec is the desired state of a FooMachine.
type FooMachineSpec struct {
	// providerID is the cloud's ID of the machine.
	// +optional
	ProviderID *string `json:"providerID,omitempty"`
}

// FooMachineStatus is the observed state of a FooMachine.
type FooMachineStatus struct {
	// ready is true when the machine is provisioned.
	// +optional
	Ready bool `json:"ready"`

	// failureReason is a terminal problem, for machines: a v1.10 core
	// fails the Machine on it.
	// +optional
	FailureReason *capierrors.MachineStatusError `json:"failureReason,omitempty"`

	// failureMessage is a terminal problem, for humans.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"`
}

// FooMachine is the infrastructure machine.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachineSpec   `json:"spec,omitempty"`
	Status FooMachineStatus `json:"status,omitempty"`
}
