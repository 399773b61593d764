// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// The spoke of TwoCluster keeps stage 0: information only.

// +kubebuilder:object:root=true
type TwoCluster struct { // want `^MPA704 info: TwoCluster status.conditions: the status conditions are at stage 0 of the guide .*; stage 1 needs .* \(an older API version of the provider, a conversion spoke: it may stay at its stage\)$`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TwoClusterSpec   `json:"spec,omitempty"`
	Status            TwoClusterStatus `json:"status,omitempty"`
}

type TwoClusterSpec struct {
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`
}

type TwoClusterStatus struct {
	Ready      bool                      `json:"ready"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

func (c *TwoCluster) GetConditions() clusterv1beta1.Conditions   { return c.Status.Conditions }
func (c *TwoCluster) SetConditions(cs clusterv1beta1.Conditions) { c.Status.Conditions = cs }
