// Package service imports no Cluster API package: it reads the cluster
// through the scope, and hands it to a utility that takes the v1beta2
// Cluster from v1.11, as the scope's move makes it.
package service

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"sigs.k8s.io/cluster-api/util/annotations"

	"example.com/raisecross/scope"
)

// PodCIDR is the cluster's first pod CIDR, "" when it has none.
func PodCIDR(s *scope.Cluster) string {
	if network := s.Cluster.Spec.ClusterNetwork; network != nil {
		if network.Pods != nil && len(network.Pods.CIDRBlocks) > 0 {
			return network.Pods.CIDRBlocks[0]
		}
	}
	return ""
}

// Paused reports whether the cluster or obj is paused.
func Paused(s *scope.Cluster, obj metav1.Object) bool {
	return annotations.IsPaused(s.Cluster, obj)
}
