package v1alpha2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ScwMachinePoolSpec is the spec.
type ScwMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// ScwMachinePoolStatus is the recommended dual-write shape.
type ScwMachinePoolStatus struct {
	// Ready is kept for released Cluster API cores.
	// Deprecated: use Initialization.Provisioned.
	Ready          *bool                              `json:"ready,omitempty"` // want `MPA103 info: ScwMachinePool status\.ready: status\.ready and`
	Initialization ScwMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                              `json:"replicas"`
	Conditions     []metav1.Condition                 `json:"conditions,omitempty"`
	Deprecated     *ScwMachinePoolDeprecatedStatus    `json:"deprecated,omitempty"`
}

// ScwMachinePoolInitializationStatus follows the contract.
// +kubebuilder:validation:MinProperties=1
type ScwMachinePoolInitializationStatus struct {
	// +optional
	Provisioned *bool `json:"provisioned,omitempty"`
}

// ScwMachinePoolDeprecatedStatus groups deprecated fields.
type ScwMachinePoolDeprecatedStatus struct {
	V1Beta1 *ScwMachinePoolV1Beta1DeprecatedStatus `json:"v1beta1,omitempty"`
}

// ScwMachinePoolV1Beta1DeprecatedStatus keeps old failures where they belong.
type ScwMachinePoolV1Beta1DeprecatedStatus struct {
	FailureReason  string `json:"failureReason,omitempty"`
	FailureMessage string `json:"failureMessage,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type ScwMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ScwMachinePoolSpec   `json:"spec,omitempty"`
	Status ScwMachinePoolStatus `json:"status,omitempty"`
}
