package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// A v1beta1 machine whose root, spec and status live in two files: the
// fixes edit the file that declares each struct.

// MultiMachineSpec is the desired state.
type MultiMachineSpec struct {
	// providerID is the cloud's ID of the machine.
	// +optional
	ProviderID *string `json:"providerID,omitempty"` // want `MPA126 info: MultiMachine spec.providerID` ProviderID:"changed by MPA126"
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type MultiMachine struct { // want `MPA136 error: MultiMachine: this API version declares no MultiMachineTemplate for MultiMachine`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   MultiMachineSpec   `json:"spec,omitempty"`
	Status MultiMachineStatus `json:"status,omitempty"`
}
