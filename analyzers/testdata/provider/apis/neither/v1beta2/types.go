package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// EmptyMachinePoolSpec is the spec.
type EmptyMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// EmptyMachinePoolStatus reports no readiness at all.
type EmptyMachinePoolStatus struct {
	Replicas int32 `json:"replicas"`
}

// +kubebuilder:object:root=true
type EmptyMachinePool struct { // want `MPA111 error: EmptyMachinePool status: EmptyMachinePool status has neither status.ready nor status.initialization.provisioned`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   EmptyMachinePoolSpec   `json:"spec,omitempty"`
	Status EmptyMachinePoolStatus `json:"status,omitempty"`
}
