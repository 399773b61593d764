package v1alpha2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooMachineSpec defines the desired state of FooMachine.
type FooMachineSpec struct {
	// providerID is the machine's ID at the infrastructure provider.
	// +optional
	ProviderID *string `json:"providerID,omitempty"`

	// size is the machine's size.
	Size string `json:"size"`
}

// FooMachineStatus defines the observed state of FooMachine.
type FooMachineStatus struct {
	// ready is true when the machine is provisioned.
	// +optional
	Ready bool `json:"ready"`

	// addresses are the machine's addresses.
	// +optional
	Addresses clusterv1beta1.MachineAddresses `json:"addresses,omitempty"`

	// conditions are the observations of the machine's state.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status

// FooMachine is the infrastructure of a machine.
type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachineSpec   `json:"spec,omitempty"`
	Status FooMachineStatus `json:"status,omitempty"`
}

// GetConditions returns the machine's conditions.
func (m *FooMachine) GetConditions() clusterv1beta1.Conditions { return m.Status.Conditions }

// SetConditions sets the machine's conditions.
func (m *FooMachine) SetConditions(conditions clusterv1beta1.Conditions) {
	m.Status.Conditions = conditions
}

// +kubebuilder:object:root=true

// FooMachineList contains a list of FooMachine.
type FooMachineList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooMachine `json:"items"`
}

func init() {
	objectTypes = append(objectTypes, &FooMachine{}, &FooMachineList{})
}
