package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FooMachinePoolSpec is the desired state of a FooMachinePool.
type FooMachinePoolSpec struct {
	// providerIDList are the IDs of the pool's instances.
	// +optional
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// FooMachinePoolStatus is the observed state of a FooMachinePool.
type FooMachinePoolStatus struct {
	// ready is true when the pool is provisioned.
	// +optional
	Ready bool `json:"ready"`

	// replicas is the number of instances.
	// +optional
	Replicas int32 `json:"replicas"`
}

// FooMachinePool is the infrastructure machine pool.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}
