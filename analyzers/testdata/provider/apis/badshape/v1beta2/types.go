package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// BadMachinePoolSpec lacks providerIDList.
type BadMachinePoolSpec struct { // want `MPA108 error: BadMachinePool spec.providerIDList: BadMachinePool spec has no providerIDList`
	ProviderID string `json:"providerID,omitempty"`
}

// BadMachinePoolStatus has a pointer initialization with a plain bool.
type BadMachinePoolStatus struct {
	Ready          bool                                `json:"ready"`                    // want `MPA103 info`
	Initialization *BadMachinePoolInitializationStatus `json:"initialization,omitempty"` // want `MPA104 info: BadMachinePool status.initialization: .*it is a pointer.*want "initialization,omitempty,omitzero".*lacks \+kubebuilder:validation:MinProperties=1; provisioned is bool, want \*bool`
	Replicas       string                              `json:"replicas"`                 // want `MPA109 error: BadMachinePool status.replicas: status.replicas is string, want int32`
}

// BadMachinePoolInitializationStatus uses a plain bool.
type BadMachinePoolInitializationStatus struct {
	Provisioned bool `json:"provisioned"`
}

// +kubebuilder:object:root=true
type BadMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BadMachinePoolSpec   `json:"spec,omitempty"`
	Status BadMachinePoolStatus `json:"status,omitempty"`
}

// CoreNamedMachinePoolStatus copies the core MachinePool's field name.
type CoreNamedMachinePoolStatus struct {
	Ready          bool                                     `json:"ready"`                             // want `MPA101 warning`
	Initialization CoreNamedMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"` // want `MPA104 warning: CoreNamedMachinePool status\.initialization: not the contract's shape: it has no provisioned field \(fields:`
	Replicas       int32                                    `json:"replicas"`
}

// CoreNamedMachinePoolInitializationStatus has the wrong field name.
// +kubebuilder:validation:MinProperties=1
type CoreNamedMachinePoolInitializationStatus struct {
	InfrastructureProvisioned *bool `json:"infrastructureProvisioned,omitempty"`
}

// +kubebuilder:object:root=true
type CoreNamedMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CoreNamedMachinePoolSpec   `json:"spec,omitempty"`
	Status CoreNamedMachinePoolStatus `json:"status,omitempty"`
}

// CoreNamedMachinePoolSpec is complete.
type CoreNamedMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}
