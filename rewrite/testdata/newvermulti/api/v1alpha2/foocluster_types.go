package v1alpha2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooClusterSpec defines the desired state of FooCluster.
type FooClusterSpec struct {
	// controlPlaneEndpoint is the endpoint of the control plane.
	// +optional
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`

	// region is where the cluster runs.
	Region string `json:"region"`

	// zone is the cluster's default zone.
	// +optional
	Zone string `json:"zone,omitempty"`
}

// FooClusterStatus defines the observed state of FooCluster.
type FooClusterStatus struct {
	// ready is true when the cluster's infrastructure is ready.
	// +optional
	Ready bool `json:"ready"`

	// failureDomains are the zones the cluster's machines can run in.
	// +optional
	FailureDomains clusterv1beta1.FailureDomains `json:"failureDomains,omitempty"`

	// conditions are the observations of the cluster's state.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status

// FooCluster is the infrastructure of a cluster.
type FooCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooClusterSpec   `json:"spec,omitempty"`
	Status FooClusterStatus `json:"status,omitempty"`
}

// GetConditions returns the cluster's conditions.
func (c *FooCluster) GetConditions() clusterv1beta1.Conditions { return c.Status.Conditions }

// SetConditions sets the cluster's conditions.
func (c *FooCluster) SetConditions(conditions clusterv1beta1.Conditions) {
	c.Status.Conditions = conditions
}

// +kubebuilder:object:root=true

// FooClusterList contains a list of FooCluster.
type FooClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooCluster `json:"items"`
}

func init() {
	objectTypes = append(objectTypes, &FooCluster{}, &FooClusterList{})
}
