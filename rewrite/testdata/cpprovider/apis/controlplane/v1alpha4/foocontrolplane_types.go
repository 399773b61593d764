package v1alpha4

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// FooControlPlaneSpec defines the desired state of FooControlPlane.
type FooControlPlaneSpec struct {
	// replicas is the number of desired machines.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// version is the Kubernetes version of the control plane.
	Version string `json:"version"`
}

// FooControlPlaneStatus defines the observed state of FooControlPlane.
type FooControlPlaneStatus struct {
	// initialized is true when the control plane's API server accepts requests.
	// +optional
	Initialized bool `json:"initialized"`

	// replicas is the number of machines of the control plane.
	// +optional
	Replicas int32 `json:"replicas"`

	// readyReplicas is the number of ready machines.
	// +optional
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`

	// updatedReplicas is the number of machines with the desired spec.
	// +optional
	UpdatedReplicas int32 `json:"updatedReplicas"`

	// unavailableReplicas is the number of unavailable machines.
	// +optional
	UnavailableReplicas int32 `json:"unavailableReplicas"`

	// selector is the label selector of the machines, for the scale subresource.
	// +optional
	Selector string `json:"selector,omitempty"`

	// version is the lowest Kubernetes version of the machines.
	// +optional
	Version string `json:"version,omitempty"`

	// externalManagedControlPlane is true when a service outside the cluster runs the control plane.
	// +optional
	ExternalManagedControlPlane bool `json:"externalManagedControlPlane,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// FooControlPlane is a control plane.
type FooControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooControlPlaneSpec   `json:"spec,omitempty"`
	Status FooControlPlaneStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// FooControlPlaneList contains a list of FooControlPlane.
type FooControlPlaneList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooControlPlane `json:"items"`
}

func init() {
	SchemeBuilder.Register(&FooControlPlane{}, &FooControlPlaneList{})
}
