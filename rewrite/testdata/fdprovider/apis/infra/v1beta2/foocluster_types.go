package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooClusterSpec defines the desired state of FooCluster.
type FooClusterSpec struct {
	// controlPlaneEndpoint is the endpoint of the control plane.
	// +optional
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`
}

// FooClusterStatus defines the observed state of FooCluster.
type FooClusterStatus struct {
	// ready is true when the cluster's infrastructure is ready.
	// NOTE: ready is kept because cores before v1.11.0 and CRDs labelled v1beta1 read it; set it together with initialization.provisioned.
	// +optional
	Ready bool `json:"ready"`

	// initialization provides observations of the FooCluster initialization process.
	// NOTE: Fields in this struct are part of the Cluster API contract.
	// +optional
	Initialization FooClusterInitializationStatus `json:"initialization,omitempty,omitzero"`

	// failureDomains are the zones the cluster's machines can run in.
	// +optional
	FailureDomains clusterv1beta1.FailureDomains `json:"failureDomains,omitempty"`
}

// FooClusterInitializationStatus provides observations of the FooCluster initialization process.
// +kubebuilder:validation:MinProperties=1
type FooClusterInitializationStatus struct {
	// provisioned is true when the provider reports that the FooCluster is fully provisioned.
	// NOTE: this field is part of the Cluster API contract.
	// +optional
	Provisioned *bool `json:"provisioned,omitempty"`
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

// +kubebuilder:object:root=true

// FooClusterList contains a list of FooCluster.
type FooClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooCluster `json:"items"`
}

func init() {
	SchemeBuilder.Register(&FooCluster{}, &FooClusterList{})
}

// Hub marks FooCluster as the conversion hub.
func (*FooCluster) Hub() {}
