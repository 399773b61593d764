package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// CAPD v1.10-like types, labelled only for the v1beta1 contract: they work
// on a v1.14 core, with migration notes.

type DockerClusterSpec struct {
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint,omitempty"`
}

type DockerClusterStatus struct {
	Ready          bool                          `json:"ready"` // want `MPA120 warning: DockerCluster status\.initialization\.provisioned: missing beside status\.ready: add it and set both \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\)` Ready:"changed by MPA120"
	FailureDomains clusterv1beta1.FailureDomains `json:"failureDomains,omitempty"`
	FailureReason  *string                       `json:"failureReason,omitempty"` // want `MPA125 warning: DockerCluster status\.failureReason: top-level status\.failureReason is no v1beta2 field: move it to status\.deprecated\.v1beta1\.failureReason \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\)` FailureReason:"changed by MPA125"
	Conditions     clusterv1beta1.Conditions     `json:"conditions,omitempty"`    // want `MPA127 warning: DockerCluster status.conditions: status.conditions is v1beta1.Conditions, not \[\]metav1.Condition; keep these under status.deprecated.v1beta1.conditions`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type DockerCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DockerClusterSpec   `json:"spec,omitempty"`
	Status DockerClusterStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type DockerClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []DockerCluster `json:"items"`
}

type DockerClusterTemplateSpec struct {
	Template DockerClusterTemplateResource `json:"template"`
}

type DockerClusterTemplateResource struct {
	ObjectMeta clusterv1beta1.ObjectMeta `json:"metadata,omitempty"`
	Spec       DockerClusterSpec         `json:"spec"`
}

// A template: classified, not judged (core reads only its metadata).
// +kubebuilder:object:root=true
type DockerClusterTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DockerClusterTemplateSpec `json:"spec,omitempty"`
}

type DockerMachineSpec struct {
	ProviderID *string `json:"providerID,omitempty"` // want `MPA126 info: DockerMachine spec.providerID: spec.providerID is \*string, the v1beta1 shape; the v1beta2 contract prescribes string` ProviderID:"changed by MPA126"
}

type DockerMachineStatus struct {
	Ready      bool                      `json:"ready"`                // want `MPA120 warning: DockerMachine status\.initialization\.provisioned: missing beside status\.ready: add it and set both \(core v1\.14\.2 reads` Ready:"changed by MPA120"
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"` // want `MPA127 warning: DockerMachine status.conditions`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type DockerMachine struct { // want `MPA136 error: DockerMachine: this API version declares no DockerMachineTemplate for DockerMachine`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DockerMachineSpec   `json:"spec,omitempty"`
	Status DockerMachineStatus `json:"status,omitempty"`
}
