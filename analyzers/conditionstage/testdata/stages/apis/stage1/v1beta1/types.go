// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// Stage 1 with a setter of the wrong type: the v1beta2 utilities cannot
// set it. The next stage is named.

// +kubebuilder:object:root=true
type OneCluster struct { // want `^MPA704 warning: OneCluster status.v1beta2.conditions: the status conditions are at stage 1 of the guide \(\[\]metav1.Condition added at status.v1beta2.conditions\); for stage 1 it needs the method SetV1Beta2Conditions\(\[\]metav1.Condition\) \(it has SetV1Beta2Conditions\(clusterv1beta1.Conditions\)\); stage 2 needs \[\]metav1.Condition at status.conditions in a new API version, the v1beta1 ones at status.deprecated.v1beta1.conditions, GetConditions\(\) \[\]metav1.Condition, SetConditions\(\[\]metav1.Condition\), GetV1Beta1Conditions\(\) clusterv1.Conditions, SetV1Beta1Conditions\(clusterv1.Conditions\)$`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OneClusterSpec   `json:"spec,omitempty"`
	Status            OneClusterStatus `json:"status,omitempty"`
}

type OneClusterSpec struct {
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`
}

type OneClusterStatus struct {
	Ready      bool                      `json:"ready"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
	V1Beta2    *OneClusterV1Beta2Status  `json:"v1beta2,omitempty"`
}

type OneClusterV1Beta2Status struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

func (c *OneCluster) GetConditions() clusterv1beta1.Conditions   { return c.Status.Conditions }
func (c *OneCluster) SetConditions(cs clusterv1beta1.Conditions) { c.Status.Conditions = cs }

func (c *OneCluster) GetV1Beta2Conditions() []metav1.Condition {
	if c.Status.V1Beta2 == nil {
		return nil
	}
	return c.Status.V1Beta2.Conditions
}

func (c *OneCluster) SetV1Beta2Conditions(cs clusterv1beta1.Conditions) {}
