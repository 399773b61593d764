// Package network imports no Cluster API package: it reads the cluster
// through the scope, whose move gives it v1beta2's values.
package network // want `^MPA702: move network.go to Cluster API's v1beta2 Go API$`

import (
	"strings"

	"example.com/raise/controllers/scope"
)

// Pods is the first pod CIDR, the service domain without one.
func Pods(s *scope.Scope) string {
	if n := s.Cluster.Spec.ClusterNetwork; n != nil {
		if n.Pods != nil && len(n.Pods.CIDRBlocks) > 0 {
			return n.Pods.CIDRBlocks[0]
		}
		if len(n.ServiceDomain) > 0 {
			return n.ServiceDomain
		}
	}
	return ""
}

// Services is the first service CIDR, "" without one.
func Services(s *scope.Scope) string {
	if s.Cluster.Spec.ClusterNetwork != nil {
		if s.Cluster.Spec.ClusterNetwork.Services != nil && len(s.Cluster.Spec.ClusterNetwork.Services.CIDRBlocks) != 0 {
			return s.Cluster.Spec.ClusterNetwork.Services.CIDRBlocks[0]
		}
	}
	return ""
}

// Joined is the pod CIDRs, tested in one chain of guards.
func Joined(s *scope.Scope, ok bool) string {
	if ok && s.Cluster.Spec.ClusterNetwork != nil &&
		s.Cluster.Spec.ClusterNetwork.Pods != nil &&
		len(s.Cluster.Spec.ClusterNetwork.Pods.CIDRBlocks) > 0 {
		return strings.Join(s.Cluster.Spec.ClusterNetwork.Pods.CIDRBlocks, ",")
	}
	return ""
}
