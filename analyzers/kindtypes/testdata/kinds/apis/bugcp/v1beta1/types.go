package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Judged for v1.11.3 (TestControlPlaneReadyBug), which reads a v1beta1
// control plane's initialization from status.ready.

type BugControlPlaneStatus struct {
	Initialized bool               `json:"initialized"` // want `MPA130 error: BugControlPlane status.ready: core v1.11.3 reads status.ready in place of status.initialized under the v1beta1 contract \(internal/contract/controlplane.go Initialized\(v1beta1\) read status.ready until 54a4ea4ff7\), and BugControlPlane has no status.ready: it is never seen initialized` `MPA120 warning: BugControlPlane` Initialized:"changed by MPA120"
	Conditions  []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type BugControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}              `json:"spec,omitempty"`
	Status BugControlPlaneStatus `json:"status,omitempty"`
}

// Core v1.11.3 reads status.ready in place of status.initialized: a type
// with only status.ready is initialized there, so not an error (the oracle
// measured it, internal/oracle TestRecordMatchesCheck).
type ReadyBugControlPlaneStatus struct {
	Ready      bool               `json:"ready"` // want `MPA120 warning: ReadyBugControlPlane status.initialization.controlPlaneInitialized: missing beside status.ready: add it and set both \(core v1.11.3 reads status.ready in place of status.initialized under the v1beta1 contract; later cores read only status.initialized\)`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type ReadyBugControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}                   `json:"spec,omitempty"`
	Status ReadyBugControlPlaneStatus `json:"status,omitempty"`
}
