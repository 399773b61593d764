package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A KCP v1.11-like hub: labelled v1beta2, read by core, clean.

type KubeadmControlPlaneSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
	Version  string `json:"version"`
}

// +kubebuilder:validation:MinProperties=1
type KubeadmControlPlaneInitializationStatus struct {
	ControlPlaneInitialized *bool `json:"controlPlaneInitialized,omitempty"`
}

type KubeadmControlPlaneStatus struct {
	Initialization    KubeadmControlPlaneInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas          *int32                                  `json:"replicas,omitempty"`
	ReadyReplicas     *int32                                  `json:"readyReplicas,omitempty"`
	UpToDateReplicas  *int32                                  `json:"upToDateReplicas,omitempty"`
	AvailableReplicas *int32                                  `json:"availableReplicas,omitempty"`
	Selector          string                                  `json:"selector,omitempty"`
	Version           string                                  `json:"version,omitempty"`
	Conditions        []metav1.Condition                      `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type KubeadmControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   KubeadmControlPlaneSpec   `json:"spec,omitempty"`
	Status KubeadmControlPlaneStatus `json:"status,omitempty"`
}
