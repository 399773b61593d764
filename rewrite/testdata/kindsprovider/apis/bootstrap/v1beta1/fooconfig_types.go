package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FooConfigSpec is the desired state of a FooConfig.
type FooConfigSpec struct {
	// format is the bootstrap data format.
	// +optional
	Format string `json:"format,omitempty"`
}

// FooConfigStatus is the observed state of a FooConfig.
type FooConfigStatus struct {
	// ready is true when the bootstrap data secret is created.
	// +optional
	Ready bool `json:"ready"`

	// dataSecretName is the name of the secret that holds the bootstrap data.
	// +optional
	DataSecretName *string `json:"dataSecretName,omitempty"`
}

// FooConfig is the bootstrap config.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooConfigSpec   `json:"spec,omitempty"`
	Status FooConfigStatus `json:"status,omitempty"`
}
