package v1alpha2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Scaleway-like: a managed control plane in an infrastructure group. The
// hub keeps only v1beta1 readiness while the label names the v1alpha1
// spoke (it works): not ready for the flip, a warning.

type ScalewayManagedControlPlaneStatus struct {
	Initialized bool               `json:"initialized"` // want `MPA120 warning: ScalewayManagedControlPlane status\.initialization\.controlPlaneInitialized: missing beside status\.initialized: add it and set both \(core v1\.14\.2 reads v1alpha1 under cluster\.x-k8s\.io/v1beta1, not v1alpha2: judged for the flip to cluster\.x-k8s\.io/v1beta2\)` Initialized:"changed by MPA120"
	Conditions  []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type ScalewayManagedControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}                          `json:"spec,omitempty"`
	Status ScalewayManagedControlPlaneStatus `json:"status,omitempty"`
}

// +kubebuilder:validation:MinProperties=1
type ScalewayClusterInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"` // want `MPA121 error: ScalewayCluster status\.ready: missing beside status\.initialization\.provisioned, and core reads only it here: add it and set both \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\)`
}

type ScalewayClusterStatus struct {
	Initialization ScalewayClusterInitializationStatus `json:"initialization,omitempty,omitzero"`
	Conditions     []metav1.Condition                  `json:"conditions,omitempty"`
}

// Only v1beta2 fields, behind a v1beta1 label: never provisioned.
// +kubebuilder:object:root=true
type ScalewayCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}              `json:"spec,omitempty"`
	Status ScalewayClusterStatus `json:"status,omitempty"`
}
