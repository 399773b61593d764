package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// NestMachinePoolSpec is the spec.
type NestMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// NestMachinePoolStatus still has the v1beta1 readiness alone.
type NestMachinePoolStatus struct {
	Ready    bool  `json:"ready"`
	Replicas int32 `json:"replicas"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// NestMachinePool is a pool whose CRD is in the repository's config/crd.
type NestMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   NestMachinePoolSpec   `json:"spec,omitempty"`
	Status NestMachinePoolStatus `json:"status,omitempty"`
}

// NestMachineSpec is the spec.
type NestMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

// NestMachineStatus has the v1beta2 readiness.
type NestMachineStatus struct {
	Initialization NestMachineInitialization `json:"initialization,omitempty"`
}

// NestMachineInitialization is status.initialization.
type NestMachineInitialization struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true

// NestMachine has no CRD in config/crd: its CRD columns are not checked.
type NestMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   NestMachineSpec   `json:"spec,omitempty"`
	Status NestMachineStatus `json:"status,omitempty"`
}
