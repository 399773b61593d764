package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// File is a file written on the machine.
type File struct {
	// Path is where the file goes.
	Path string `json:"path"`
	// Content is what it holds.
	// +optional
	Content string `json:"content,omitempty"`
}

// FooConfigSpec defines the desired state of FooConfig.
type FooConfigSpec struct {
	// Files are written on the machine.
	// +optional
	Files []File `json:"files,omitempty"`
}

// FooConfigStatus defines the observed state of FooConfig.
type FooConfigStatus struct {
	// Ready indicates the bootstrap data is ready to be consumed.
	Ready bool `json:"ready,omitempty"`

	// DataSecretName is the name of the secret that stores the bootstrap data.
	// +optional
	DataSecretName *string `json:"dataSecretName,omitempty"`

	// FailureReason will be set on non-retryable errors.
	// +optional
	FailureReason string `json:"failureReason,omitempty"`

	// FailureMessage will be set on non-retryable errors.
	// +optional
	FailureMessage string `json:"failureMessage,omitempty"`

	// ObservedGeneration is the latest generation observed by the controller.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Conditions defines current service state of the FooConfig.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// FooConfig is a bootstrap config.
type FooConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooConfigSpec   `json:"spec,omitempty"`
	Status FooConfigStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// FooConfigList contains a list of FooConfig.
type FooConfigList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []FooConfig `json:"items"`
}

func init() {
	SchemeBuilder.Register(&FooConfig{}, &FooConfigList{})
}
