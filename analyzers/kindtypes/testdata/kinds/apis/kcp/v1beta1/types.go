package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// The v1beta1 spoke of the KCP-like hub: core reads the hub, so everything
// here is informational.

type KubeadmControlPlaneSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
	Version  string `json:"version"`
}

type KubeadmControlPlaneStatus struct { // want `MPA131 info: KubeadmControlPlane status.readyReplicas: KubeadmControlPlane has spec.replicas but no status.readyReplicas \(\*int32\): the v1beta2 contract requires it`
	Initialized         bool                      `json:"initialized"` // want `MPA120 info: KubeadmControlPlane status\.initialization\.controlPlaneInitialized: missing beside status\.initialized: add it and set both \(core v1\.14\.2 reads v1beta2 under cluster\.x-k8s\.io/v1beta2, not v1beta1: judged against the v1beta2 contract; a conversion spoke: info\)`
	Ready               bool                      `json:"ready"`
	Replicas            int32                     `json:"replicas"`                 // want `MPA126 info: KubeadmControlPlane status.replicas: status.replicas is int32, the v1beta1 shape; the v1beta2 contract prescribes \*int32`
	UpdatedReplicas     int32                     `json:"updatedReplicas"`          // want `MPA129 info: KubeadmControlPlane status.upToDateReplicas: KubeadmControlPlane has status.updatedReplicas \(the v1beta1 name\) but no status.upToDateReplicas`
	UnavailableReplicas int32                     `json:"unavailableReplicas"`      // want `MPA129 info: KubeadmControlPlane status.availableReplicas`
	FailureMessage      *string                   `json:"failureMessage,omitempty"` // want `MPA125 info: KubeadmControlPlane status.failureMessage`
	Conditions          clusterv1beta1.Conditions `json:"conditions,omitempty"`     // want `MPA127 info: KubeadmControlPlane status.conditions`
	Selector            string                    `json:"selector,omitempty"`
	Version             string                    `json:"version,omitempty"`
}

// +kubebuilder:object:root=true
type KubeadmControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   KubeadmControlPlaneSpec   `json:"spec,omitempty"`
	Status KubeadmControlPlaneStatus `json:"status,omitempty"`
}
