package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// PartMachinePoolSpec is the spec.
type PartMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// PartMachinePoolStatus is ready-only.
type PartMachinePoolStatus struct {
	Ready    bool  `json:"ready"`
	Replicas int32 `json:"replicas"`
}

// +kubebuilder:object:root=true
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta1=v1beta2"
type PartMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PartMachinePoolSpec   `json:"spec,omitempty"`
	Status PartMachinePoolStatus `json:"status,omitempty"`
}
