// Package ports reads the cluster through the scope: it imports no Cluster
// API package, and the port's type changes when the scope moves.
package ports

import "example.com/raiseprovider/scope"

// last keeps where the port was read, for a later write.
var last **int32

// Port is the API server port, 6443 when unset.
func Port(s *scope.Scope) int32 {
	if p := s.Cluster.Spec.ClusterNetwork.APIServerPort; p != nil {
		last = &s.Cluster.Spec.ClusterNetwork.APIServerPort
		return *p
	}
	return 6443
}
