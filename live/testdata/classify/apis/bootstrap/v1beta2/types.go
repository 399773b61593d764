package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooConfigSpec   `json:"spec,omitempty"`
	Status FooConfigStatus `json:"status,omitempty"`
}

type FooConfigSpec struct {
	Note string `json:"note,omitempty"`
}

type FooConfigStatus struct {
	Ready          bool    `json:"ready,omitempty"`
	DataSecretName *string `json:"dataSecretName,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooConfigTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooConfigTemplateSpec   `json:"spec,omitempty"`
	Status FooConfigTemplateStatus `json:"status,omitempty"`
}

type FooConfigTemplateSpec struct {
	Template FooConfigSpec `json:"template"`
}

type FooConfigTemplateStatus struct {
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooBootstrap struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooBootstrapSpec   `json:"spec,omitempty"`
	Status FooBootstrapStatus `json:"status,omitempty"`
}

type FooBootstrapSpec struct {
	Note string `json:"note,omitempty"`
}

type FooBootstrapStatus struct {
	Ready          bool    `json:"ready,omitempty"`
	DataSecretName *string `json:"dataSecretName,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooSettings struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooSettingsSpec   `json:"spec,omitempty"`
	Status FooSettingsStatus `json:"status,omitempty"`
}

type FooSettingsSpec struct {
	Note string `json:"note,omitempty"`
}

type FooSettingsStatus struct {
	Note string `json:"note,omitempty"`
}
