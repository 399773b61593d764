package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A control plane labelled v1beta2 that kept the v1beta1 status: never
// initialized on core ≥ v1.11, its renamed counters never read.

type LegacyControlPlaneStatus struct {
	Initialized         bool               `json:"initialized"`         // want `MPA120 error: LegacyControlPlane status\.initialization\.controlPlaneInitialized: missing beside status\.initialized, and core` Initialized:"changed by MPA120"
	UpdatedReplicas     int32              `json:"updatedReplicas"`     // want `MPA129 error: LegacyControlPlane status.upToDateReplicas: LegacyControlPlane has status.updatedReplicas \(the v1beta1 name\) but no status.upToDateReplicas, which core reads under the v1beta2 contract` UpdatedReplicas:"changed by MPA129"
	UnavailableReplicas int32              `json:"unavailableReplicas"` // want `MPA129 error: LegacyControlPlane status.availableReplicas: LegacyControlPlane has status.unavailableReplicas` UnavailableReplicas:"changed by MPA129"
	Version             *string            `json:"version,omitempty"`   // want `MPA126 info: LegacyControlPlane status.version: status.version is \*string, the v1beta1 shape; the v1beta2 contract prescribes string` Version:"changed by MPA126"
	Conditions          []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type LegacyControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}                 `json:"spec,omitempty"`
	Status LegacyControlPlaneStatus `json:"status,omitempty"`
}
