// A pool whose type follows the contract and whose CRD, under
// ../config/crd/bases, lacks the v1beta2 contract label: poolcrd reports
// that at the YAML line, and the plugin moves it onto the type.

package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// SprocketMachinePoolSpec is the spec.
type SprocketMachinePoolSpec struct {
	ProviderID     string   `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// SprocketMachinePoolStatus has both readiness fields (status.ready for
// released cores): only an info finding (MPA103).
type SprocketMachinePoolStatus struct {
	Ready          *bool                                   `json:"ready,omitempty"`
	Initialization SprocketMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                                   `json:"replicas"`
}

// SprocketMachinePoolInitializationStatus follows the contract.
// +kubebuilder:validation:MinProperties=1
type SprocketMachinePoolInitializationStatus struct {
	// +optional
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status

// SprocketMachinePool is an InfraMachinePool.
type SprocketMachinePool struct { // want `MPA302 warning: SprocketMachinePool metadata\.labels\[cluster\.x-k8s\.io/v1beta2\]: only the v1beta1 label, dropped in v1\.16: add it once the types meet v1beta2 \(at scenarios/crd/config/crd/bases/infrastructure\.cluster\.x-k8s\.io_sprocketmachinepools\.yaml:7\)`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SprocketMachinePoolSpec   `json:"spec,omitempty"`
	Status SprocketMachinePoolStatus `json:"status,omitempty"`
}
