package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"

	bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha1"
)

// FooControlPlaneSpec defines the desired state of FooControlPlane.
type FooControlPlaneSpec struct {
	// replicas is the number of control plane machines.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// version is the Kubernetes version.
	Version string `json:"version"`

	// config is how each control plane machine bootstraps.
	// +optional
	Config bootstrapv1.FooConfigSpec `json:"config,omitempty"`
}

// FooControlPlaneStatus defines the observed state of FooControlPlane.
type FooControlPlaneStatus struct {
	// ready is true when the control plane can take requests.
	// +optional
	Ready bool `json:"ready"`

	// initialized is true once the control plane is initialized.
	// +optional
	Initialized bool `json:"initialized"`

	// conditions are the observations of its state.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// FooControlPlane is a cluster's control plane.
type FooControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooControlPlaneSpec   `json:"spec,omitempty"`
	Status FooControlPlaneStatus `json:"status,omitempty"`
}

// GetConditions returns the conditions.
func (c *FooControlPlane) GetConditions() clusterv1beta1.Conditions { return c.Status.Conditions }

// SetConditions sets the conditions.
func (c *FooControlPlane) SetConditions(conditions clusterv1beta1.Conditions) {
	c.Status.Conditions = conditions
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
