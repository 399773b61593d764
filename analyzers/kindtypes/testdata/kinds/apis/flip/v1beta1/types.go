package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// v1beta1 shapes behind a CRD label flipped to cluster.x-k8s.io/v1beta2:
// core ≥ v1.11 never sees them provisioned, and the failure domain map
// fails the Cluster reconcile.

type DevClusterStatus struct {
	Ready          bool                          `json:"ready"`                    // want `MPA120 error: DevCluster status\.initialization\.provisioned: missing beside status\.ready, and core reads only it under this label: add it and set both \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta2\)` Ready:"changed by MPA120"
	FailureDomains clusterv1beta1.FailureDomains `json:"failureDomains,omitempty"` // want `MPA128 error: DevCluster status.failureDomains: status.failureDomains is v1beta1.FailureDomains, the v1beta1 shape, but core reads it as \[\]clusterv1.FailureDomain under the v1beta2 contract`
	Conditions     clusterv1beta1.Conditions     `json:"conditions,omitempty"`     // want `MPA127 warning: DevCluster status.conditions: status.conditions is v1beta1.Conditions, not \[\]metav1.Condition; keep these under status.deprecated.v1beta1.conditions \(core v1.14.2 reads`
}

// +kubebuilder:object:root=true
type DevCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   struct{}         `json:"spec,omitempty"`
	Status DevClusterStatus `json:"status,omitempty"`
}

type DevMachineSpec struct {
	ProviderID *string `json:"providerID,omitempty"` // want `MPA126 info: DevMachine spec.providerID: spec.providerID is \*string, the v1beta1 shape` ProviderID:"changed by MPA126"
}

type DevMachineStatus struct { // want `MPA123 error: DevMachine status.initialization.provisioned: DevMachine has neither status.ready nor status.initialization.provisioned`
	// Conditions keep the v1beta1 shape while the stage-1 conditions (as
	// Cluster API v1.9 and v1.10 types have them) are what core reads first.
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"` // want `MPA127 info: DevMachine status.conditions: .*; core reads status.v1beta2.conditions first, which has that shape, until it is removed`
	V1Beta2    *DevMachineV1Beta2Status  `json:"v1beta2,omitempty"`
}

type DevMachineV1Beta2Status struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// No readiness field at all.
// +kubebuilder:object:root=true
type DevMachine struct { // want `MPA136 error: DevMachine: this API version declares no DevMachineTemplate for DevMachine`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DevMachineSpec   `json:"spec,omitempty"`
	Status DevMachineStatus `json:"status,omitempty"`
}
