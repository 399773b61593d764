// Package identity declares a Kubernetes object that is no contract kind:
// its Cluster API field is CRD schema all the same, so the file keeps its
// v1beta1 import (it moves with the provider's own API migration).
package identity

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*identity.go keeps its v1beta1 imports.*`
)

// ClusterIdentity is a cluster-scoped credential reference.
type ClusterIdentity struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ClusterIdentitySpec `json:"spec,omitempty"`
}

// ClusterIdentitySpec is its spec.
type ClusterIdentitySpec struct {
	// The v1beta2 APIEndpoint has other JSON tags and validation.
	Endpoint clusterv1.APIEndpoint `json:"endpoint"`
}
