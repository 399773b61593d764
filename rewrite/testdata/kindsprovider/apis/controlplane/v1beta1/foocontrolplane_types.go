package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// FooControlPlaneMachineTemplate describes the control plane machines.
type FooControlPlaneMachineTemplate struct {
	// infrastructureRef is the machines' infrastructure template.
	InfrastructureRef corev1.ObjectReference `json:"infrastructureRef"`
}

// FooControlPlaneSpec is the desired state of a FooControlPlane.
type FooControlPlaneSpec struct {
	// replicas is the desired number of control plane machines.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// version is the Kubernetes version.
	Version string `json:"version"`

	// machineTemplate describes the machines.
	MachineTemplate FooControlPlaneMachineTemplate `json:"machineTemplate"`
}

// FooControlPlaneStatus is the observed state of a FooControlPlane.
type FooControlPlaneStatus struct {
	// initialized is true when the API server accepts requests.
	// +optional
	Initialized bool `json:"initialized"`

	// ready is true when the control plane serves requests.
	// +optional
	Ready bool `json:"ready"`

	// replicas is the number of machines.
	// +optional
	Replicas int32 `json:"replicas"`

	// readyReplicas is the number of ready machines.
	// +optional
	ReadyReplicas int32 `json:"readyReplicas"`

	// updatedReplicas is the number of machines with the desired spec.
	// +optional
	UpdatedReplicas int32 `json:"updatedReplicas"`

	// unavailableReplicas is the number of machines not available.
	// +optional
	UnavailableReplicas int32 `json:"unavailableReplicas"`

	// selector selects the control plane machines.
	// +optional
	Selector string `json:"selector,omitempty"`

	// version is the lowest Kubernetes version of the machines.
	// +optional
	Version *string `json:"version,omitempty"`
}

// FooControlPlane is the control plane.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooControlPlaneSpec   `json:"spec,omitempty"`
	Status FooControlPlaneStatus `json:"status,omitempty"`
}
