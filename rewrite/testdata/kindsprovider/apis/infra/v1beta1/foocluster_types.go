package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FooClusterSpec is the desired state of a FooCluster.
type FooClusterSpec struct {
	// region is where the cluster runs.
	// +optional
	Region string `json:"region,omitempty"`
}

// FooClusterStatus was migrated by hand: it has both readiness fields.
type FooClusterStatus struct {
	// ready is true when the infrastructure is ready.
	// +optional
	Ready bool `json:"ready"`

	// initialization provides observations of the FooCluster initialization process.
	// +optional
	Initialization FooClusterInitializationStatus `json:"initialization,omitempty,omitzero"`

	// failureMessage is a terminal problem.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"`
}

// FooClusterInitializationStatus provides observations of the FooCluster initialization process.
// +kubebuilder:validation:MinProperties=1
type FooClusterInitializationStatus struct {
	// provisioned is true when the infrastructure is fully provisioned.
	// +optional
	Provisioned *bool `json:"provisioned,omitempty"`
}

// FooCluster is the infrastructure cluster.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooClusterSpec   `json:"spec,omitempty"`
	Status FooClusterStatus `json:"status,omitempty"`
}
