package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FooClusterSpec is the desired state of a FooCluster.
type FooClusterSpec struct {
	// region is where the cluster runs, a name the cloud gives it; the
	// description is long enough for the YAML emitter to fold it over lines.
	// +optional
	Region string `json:"region,omitempty"`
}

// FooClusterStatus is the observed state of a FooCluster.
type FooClusterStatus struct {
	// ready is true when the infrastructure is ready.
	// +optional
	Ready bool `json:"ready"`

	// failureReason is a terminal problem, for machines.
	// +optional
	FailureReason *string `json:"failureReason,omitempty"`

	// failureMessage is a terminal problem, for humans.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"`
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
