package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A CABPK-like config in transition: both readiness fields, a *string
// dataSecretName, labelled v1beta1.

// KubeadmConfigInitializationStatus lacks MinProperties and uses a plain bool.
type KubeadmConfigInitializationStatus struct {
	DataSecretCreated bool `json:"dataSecretCreated"`
}

type KubeadmConfigStatus struct {
	Ready          bool                               `json:"ready"`                    // want `MPA122 info: KubeadmConfig status\.ready: status\.ready and status\.initialization\.dataSecretCreated are both set: keep both while cores before v1\.11\.0 are supported \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\)`
	Initialization *KubeadmConfigInitializationStatus `json:"initialization,omitempty"` // want `MPA124 info: KubeadmConfig status.initialization: status.initialization does not have the contract's shape: it is a pointer; the contract uses a value struct; its json tag is "initialization,omitempty", want "initialization,omitempty,omitzero"; KubeadmConfigInitializationStatus lacks \+kubebuilder:validation:MinProperties=1; dataSecretCreated is bool, want \*bool; dataSecretCreated's json tag is "dataSecretCreated", want "dataSecretCreated,omitempty"`
	DataSecretName *string                            `json:"dataSecretName,omitempty"` // want `MPA126 info: KubeadmConfig status.dataSecretName: status.dataSecretName is \*string, the v1beta1 shape` DataSecretName:"changed by MPA126"
	Conditions     []metav1.Condition                 `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type KubeadmConfig struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}            `json:"spec,omitempty"`
	Status KubeadmConfigStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type KubeadmConfigTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec struct{} `json:"spec,omitempty"`
}
