package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FooMachineSpec is the desired state of a FooMachine.
type FooMachineSpec struct {
	// providerID is the cloud's ID of the machine.
	// +optional
	ProviderID *string `json:"providerID,omitempty"`

	// image is the machine image.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"`
}

// FooMachineStatus is the observed state of a FooMachine.
type FooMachineStatus struct {
	// addresses are the machine's addresses.
	// +optional
	Addresses []string `json:"addresses,omitempty"`

	// ready is true when the machine is provisioned.
	// +optional
	Ready bool `json:"ready"`

	// failureReason is a terminal problem, for machines.
	// +optional
	FailureReason *string `json:"failureReason,omitempty"`

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
