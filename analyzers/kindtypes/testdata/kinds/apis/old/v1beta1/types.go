package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

// Judged for a v1.10 core (TestBeforeV1Beta2), which reads only the v1beta1 fields.

// +kubebuilder:validation:MinProperties=1
type OldMachineInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"` // want `MPA121 error: OldMachine status\.ready: missing beside status\.initialization\.provisioned, and core reads only it here: add it and set both \(core v1\.10\.0 reads this API version under cluster\.x-k8s\.io/v1beta1\)`
}

type OldMachineStatus struct {
	Initialization OldMachineInitializationStatus `json:"initialization,omitempty,omitzero"`
	Conditions     []metav1.Condition             `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type OldMachine struct { // want `MPA136 error: OldMachine: this API version declares no OldMachineTemplate for OldMachine`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}         `json:"spec,omitempty"`
	Status OldMachineStatus `json:"status,omitempty"`
}

// +kubebuilder:validation:MinProperties=1
type OldClusterInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type OldClusterStatus struct {
	Ready          bool                           `json:"ready"` // want `MPA122 info: OldCluster status.ready`
	Initialization OldClusterInitializationStatus `json:"initialization,omitempty,omitzero"`
	FailureDomains []clusterv1.FailureDomain      `json:"failureDomains,omitempty"` // want `MPA128 error: OldCluster status.failureDomains: status.failureDomains is \[\]v1beta2.FailureDomain, the v1beta2 shape, but core reads it as clusterv1beta1.FailureDomains under the v1beta1 contract`
}

// +kubebuilder:object:root=true
type OldCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}         `json:"spec,omitempty"`
	Status OldClusterStatus `json:"status,omitempty"`
}
