package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// FooConfigSpec is how a machine bootstraps.
type FooConfigSpec struct {
	// format is the bootstrap data's format.
	// +optional
	Format string `json:"format,omitempty"`

	// files are written to the machine.
	// +optional
	Files []string `json:"files,omitempty"`
}

// FooConfigStatus defines the observed state of FooConfig.
type FooConfigStatus struct {
	// ready is true when the bootstrap data is ready.
	// +optional
	Ready bool `json:"ready"`

	// dataSecretName is the name of the secret holding the bootstrap data.
	// +optional
	DataSecretName *string `json:"dataSecretName,omitempty"`

	// conditions are the observations of its state.
	// +optional
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// FooConfig is the bootstrap configuration of a machine.
type FooConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooConfigSpec   `json:"spec,omitempty"`
	Status FooConfigStatus `json:"status,omitempty"`
}

// GetConditions returns the conditions.
func (c *FooConfig) GetConditions() clusterv1beta1.Conditions { return c.Status.Conditions }

// SetConditions sets the conditions.
func (c *FooConfig) SetConditions(conditions clusterv1beta1.Conditions) {
	c.Status.Conditions = conditions
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
