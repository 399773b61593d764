package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A control plane with replicas and a version whose status misses what the
// replicas and version rules require: no availableReplicas, a selector
// struct where the scale subresource needs a string, no version.

type ScaleControlPlaneSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
	Version  string `json:"version"`
}

// +kubebuilder:validation:MinProperties=1
type ScaleControlPlaneInitializationStatus struct {
	ControlPlaneInitialized *bool `json:"controlPlaneInitialized,omitempty"`
}

type ScaleControlPlaneStatus struct { // want `MPA131 error: ScaleControlPlane status\.availableReplicas: ScaleControlPlane has spec\.replicas but no status\.availableReplicas \(\*int32\): the v1beta2 contract requires it \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta2\)` `MPA132 error: ScaleControlPlane status.version: ScaleControlPlane has spec.version but none of status.version, status.versions: the v1beta2 contract requires one`
	Initialization   ScaleControlPlaneInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas         *int32                                `json:"replicas,omitempty"`
	ReadyReplicas    *int32                                `json:"readyReplicas,omitempty"`
	UpToDateReplicas *int32                                `json:"upToDateReplicas,omitempty"`
	Selector         *metav1.LabelSelector                 `json:"selector,omitempty"` // want `MPA131 warning: ScaleControlPlane status.selector: status.selector is \*v1.LabelSelector, which the CRD holds as object; the contract requires string \(string\) beside spec.replicas; the scale subresource \(kubectl scale, HorizontalPodAutoscaler\) reads it as the selector`
	Conditions       []metav1.Condition                    `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type ScaleControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ScaleControlPlaneSpec   `json:"spec,omitempty"`
	Status ScaleControlPlaneStatus `json:"status,omitempty"`
}
