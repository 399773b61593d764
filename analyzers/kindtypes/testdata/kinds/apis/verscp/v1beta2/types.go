package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

// A control plane that reports its versions only in status.versions, which
// cores before v1.14 do not read.

type VersionsControlPlaneSpec struct {
	Version string `json:"version"`
}

// +kubebuilder:validation:MinProperties=1
type VersionsControlPlaneInitializationStatus struct {
	ControlPlaneInitialized *bool `json:"controlPlaneInitialized,omitempty"`
}

type VersionsControlPlaneStatus struct {
	Initialization VersionsControlPlaneInitializationStatus `json:"initialization,omitempty,omitzero"`
	Versions       []clusterv1.StatusVersion                `json:"versions,omitempty"` // want `MPA132 error: VersionsControlPlane status.version: VersionsControlPlane has spec.version and status.versions, but core v1.13.0 reads only status.version: it reads none of them`
	Conditions     []metav1.Condition                       `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type VersionsControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   VersionsControlPlaneSpec   `json:"spec,omitempty"`
	Status VersionsControlPlaneStatus `json:"status,omitempty"`
}
