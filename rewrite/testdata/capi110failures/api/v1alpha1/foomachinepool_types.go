package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	capierrors "sigs.k8s.io/cluster-api/errors"
)

// FooMachinePoolSpec is the desired state of a FooMachinePool.
type FooMachinePoolSpec struct {
	// providerIDList are the cloud's IDs of the pool's machines.
	// +optional
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// FooMachinePoolStatus is the observed state of a FooMachinePool.
type FooMachinePoolStatus struct {
	// ready is true when the pool is provisioned.
	// +optional
	Ready bool `json:"ready"`

	// replicas is the number of machines in the pool.
	// +optional
	Replicas int32 `json:"replicas"`

	// failureReason is a terminal problem, for machines: a v1.10 core
	// fails the MachinePool on it.
	// +optional
	FailureReason *capierrors.MachinePoolStatusFailure `json:"failureReason,omitempty"`

	// failureMessage is a terminal problem, for humans.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"`
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
