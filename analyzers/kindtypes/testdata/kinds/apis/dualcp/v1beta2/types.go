package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A control plane in transition, labelled v1beta2: both readiness fields
// and both names of the up-to-date counter.

// +kubebuilder:validation:MinProperties=1
type DualControlPlaneInitializationStatus struct {
	ControlPlaneInitialized *bool `json:"controlPlaneInitialized,omitempty"`
}

type DualControlPlaneStatus struct {
	Initialized      bool                                 `json:"initialized"` // want `MPA122 info`
	Initialization   DualControlPlaneInitializationStatus `json:"initialization,omitempty,omitzero"`
	UpdatedReplicas  int32                                `json:"updatedReplicas"`
	UpToDateReplicas *int32                               `json:"upToDateReplicas,omitempty"`
	// replicas keeps the v1beta1 value shape.
	Replicas                    int32                             `json:"replicas"`                              // want `MPA126 info: DualControlPlane status.replicas: status.replicas is int32, the v1beta1 shape; the v1beta2 contract prescribes \*int32` Replicas:"changed by MPA126"
	ReadyReplicas               int32                             `json:"readyReplicas,omitempty"`               // want `MPA126 info: DualControlPlane status.readyReplicas` ReadyReplicas:"changed by MPA126"
	ExternalManagedControlPlane bool                              `json:"externalManagedControlPlane,omitempty"` // want `MPA126 info: DualControlPlane status.externalManagedControlPlane: status.externalManagedControlPlane is bool, the v1beta1 shape; the v1beta2 contract prescribes \*bool` ExternalManagedControlPlane:"changed by MPA126"
	Conditions                  []metav1.Condition                `json:"conditions,omitempty"`
	FailureReason               *string                           `json:"failureReason,omitempty"` // want `MPA125 warning: DualControlPlane status.failureReason`
	Deprecated                  *DualControlPlaneDeprecatedStatus `json:"deprecated,omitempty"`
}

type DualControlPlaneDeprecatedStatus struct {
	V1Beta1 *DualControlPlaneV1Beta1DeprecatedStatus `json:"v1beta1,omitempty"`
}

type DualControlPlaneV1Beta1DeprecatedStatus struct {
	FailureReason *string `json:"failureReason,omitempty"`
}

// +kubebuilder:object:root=true
type DualControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}               `json:"spec,omitempty"`
	Status DualControlPlaneStatus `json:"status,omitempty"`
}
