package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooControlPlaneSpec   `json:"spec,omitempty"`
	Status FooControlPlaneStatus `json:"status,omitempty"`
}

type FooControlPlaneSpec struct {
	ControlPlaneEndpoint Endpoint `json:"controlPlaneEndpoint,omitempty"`
}

type FooControlPlaneStatus struct {
	Initialized bool `json:"initialized,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooControlPlaneTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooControlPlaneTemplateSpec   `json:"spec,omitempty"`
	Status FooControlPlaneTemplateStatus `json:"status,omitempty"`
}

type FooControlPlaneTemplateSpec struct {
	Template FooControlPlaneSpec `json:"template"`
}

type FooControlPlaneTemplateStatus struct {
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooCP struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooCPSpec   `json:"spec,omitempty"`
	Status FooCPStatus `json:"status,omitempty"`
}

type FooCPSpec struct {
	Note string `json:"note,omitempty"`
}

type FooCPStatus struct {
	Initialized bool `json:"initialized,omitempty"`
}

type Endpoint struct {
	Host string `json:"host,omitempty"`
}
