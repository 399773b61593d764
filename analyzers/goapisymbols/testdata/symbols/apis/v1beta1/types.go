// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/api/core/v1beta2; types.go keeps its v1beta1 imports, as its move is not mechanical: types.go:9: the package declares API types, whose Cluster API types are part of their CRD schemas: they move with the provider's own migration to the v1beta2 contract.*$`
)

var GroupVersion = schema.GroupVersion{Group: "infrastructure.cluster.x-k8s.io", Version: "v1beta1"}

type ExampleClusterSpec struct {
	ControlPlaneEndpoint clusterv1beta1.APIEndpoint `json:"controlPlaneEndpoint"`
}

type ExampleClusterStatus struct {
	Ready      bool                      `json:"ready"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"` // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.Conditions: clusterv1beta1.Conditions is .*: it has no v1beta2 successor: use \[\]metav1.Condition$`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type ExampleCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ExampleClusterSpec   `json:"spec,omitempty"`
	Status ExampleClusterStatus `json:"status,omitempty"`
}
