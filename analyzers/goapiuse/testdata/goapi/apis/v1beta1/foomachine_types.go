// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooMachineSpec is the desired state.
type FooMachineSpec struct {
	// +optional
	ProviderID *string `json:"providerID,omitempty"`
}

// FooMachineStatus is the observed state.
type FooMachineStatus struct {
	// +optional
	Ready bool `json:"ready"`
	// +optional
	Addresses []clusterv1.MachineAddress `json:"addresses,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachineSpec   `json:"spec,omitempty"`
	Status FooMachineStatus `json:"status,omitempty"`
}
