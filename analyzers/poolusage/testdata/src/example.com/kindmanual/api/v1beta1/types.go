// +groupName=bootstrap.example.com
package v1beta1

type FooConfigSpec struct{}

type FooConfigStatus struct {
	Ready          bool    `json:"ready"`
	DataSecretName *string `json:"dataSecretName,omitempty"`
	FailureReason  *string `json:"failureReason,omitempty"`
}

// +kubebuilder:object:root=true
type FooConfig struct {
	Spec   FooConfigSpec   `json:"spec,omitempty"`
	Status FooConfigStatus `json:"status,omitempty"`
}
