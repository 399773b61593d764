// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// Stage 0, its accessors right: the next stage is named.

// +kubebuilder:object:root=true
type ZeroCluster struct { // want `^MPA704 warning: ZeroCluster status.conditions: the status conditions are at stage 0 of the guide \(v1beta1 conditions at status.conditions\); stage 1 needs status.v1beta2.conditions of type \[\]metav1.Condition, GetV1Beta2Conditions\(\) \[\]metav1.Condition, SetV1Beta2Conditions\(\[\]metav1.Condition\)$`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ZeroClusterSpec   `json:"spec,omitempty"`
	Status            ZeroClusterStatus `json:"status,omitempty"`
}

type ZeroClusterSpec struct {
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`
}

type ZeroClusterStatus struct {
	Ready      bool                      `json:"ready"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

func (c *ZeroCluster) GetConditions() clusterv1beta1.Conditions   { return c.Status.Conditions }
func (c *ZeroCluster) SetConditions(cs clusterv1beta1.Conditions) { c.Status.Conditions = cs }

// Stage 0 without its setter: the utilities cannot set its conditions.

// +kubebuilder:object:root=true
type ZeroMachine struct { // want `^MPA704 warning: ZeroMachine status.conditions: the status conditions are at stage 0 of the guide \(v1beta1 conditions at status.conditions\); for stage 0 it needs the method SetConditions\(clusterv1beta1.Conditions\); stage 1 needs `
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ZeroMachineSpec   `json:"spec,omitempty"`
	Status            ZeroMachineStatus `json:"status,omitempty"`
}

type ZeroMachineSpec struct {
	ProviderID *string `json:"providerID,omitempty"`
}

type ZeroMachineStatus struct {
	Ready      bool                      `json:"ready"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

func (m *ZeroMachine) GetConditions() clusterv1beta1.Conditions { return m.Status.Conditions }

// A template has no status conditions of its own.

// +kubebuilder:object:root=true
type ZeroMachineTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ZeroMachineTemplateSpec `json:"spec,omitempty"`
}

type ZeroMachineTemplateSpec struct {
	Template struct {
		Spec ZeroMachineSpec `json:"spec"`
	} `json:"template"`
}
