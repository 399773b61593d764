package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The spoke core reads under the v1beta1 label: judged at full severity.

type ScalewayManagedControlPlaneStatus struct {
	Initialized bool               `json:"initialized"` // want `MPA120 warning: ScalewayManagedControlPlane status\.initialization\.controlPlaneInitialized: missing beside status\.initialized: add it and set both \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\)`
	Ready       bool               `json:"ready"`
	Conditions  []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type ScalewayManagedControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}                          `json:"spec,omitempty"`
	Status ScalewayManagedControlPlaneStatus `json:"status,omitempty"`
}
