// Package service imports no Cluster API package: it reads the cluster
// through the scope.
package service

import "example.com/raisecross/scope"

// PodCIDR is the cluster's first pod CIDR, "" when it has none.
func PodCIDR(s *scope.Cluster) string {
	if network := s.Cluster.Spec.ClusterNetwork; network != nil {
		if network.Pods != nil && len(network.Pods.CIDRBlocks) > 0 {
			return network.Pods.CIDRBlocks[0]
		}
	}
	return ""
}
