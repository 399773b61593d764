package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooMachinePoolSpec defines the desired state of FooMachinePool.
type FooMachinePoolSpec struct {
	// providerID is the identification ID of the pool.
	// +optional
	ProviderID *string `json:"providerID,omitempty"`

	// providerIDList are the identification IDs of machine instances.
	// +optional
	ProviderIDList []string `json:"providerIDList,omitempty"`

	// instanceType is the type of instance to create.
	// +optional
	InstanceType string `json:"instanceType,omitempty"`
}

// FooMachinePoolStatus defines the observed state of FooMachinePool.
type FooMachinePoolStatus struct {
	// ready is true when the provider resource is ready.
	// +optional
	Ready bool `json:"ready"`

	// replicas is the most recently observed number of replicas.
	// +optional
	Replicas int32 `json:"replicas"`

	// failureReason explains a terminal problem.
	// +optional
	FailureReason *string `json:"failureReason,omitempty"`

	// failureMessage explains a terminal problem.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"`

	// conditions define the current service state of the pool.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status

// FooMachinePool is the storage version, converted to by older versions.
type FooMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// FooMachinePoolList contains a list of FooMachinePool.
type FooMachinePoolList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooMachinePool `json:"items"`
}

func init() {
	SchemeBuilder.Register(&FooMachinePool{}, &FooMachinePoolList{})
}

// Hub marks FooMachinePool as the conversion hub.
func (*FooMachinePool) Hub() {}
