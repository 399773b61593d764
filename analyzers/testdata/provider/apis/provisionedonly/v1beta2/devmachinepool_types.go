package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// DevMachinePoolSpec is the spec.
type DevMachinePoolSpec struct {
	ProviderID     string   `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// DevMachinePoolStatus dropped status.ready (PR #14030 shape).
type DevMachinePoolStatus struct {
	Conditions     []metav1.Condition                 `json:"conditions,omitempty"`
	Initialization DevMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"` // want `MPA102 error: DevMachinePool status\.initialization\.provisioned: no status\.ready beside it, which the target`
	Replicas       int32                              `json:"replicas"`
}

// DevMachinePoolInitializationStatus follows the contract.
// +kubebuilder:validation:MinProperties=1
type DevMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
type DevMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DevMachinePoolSpec   `json:"spec,omitempty"`
	Status DevMachinePoolStatus `json:"status,omitempty"`
}
