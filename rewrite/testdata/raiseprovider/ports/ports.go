// Package ports reads the cluster through the scope: it imports no Cluster
// API package, and the port's type changes when the scope moves.
package ports

import "example.com/raiseprovider/scope"

// Port is the API server port, 6443 when unset.
func Port(s *scope.Scope) int32 {
	if p := s.Cluster.Spec.ClusterNetwork.APIServerPort; p != nil {
		return *p
	}
	return 6443
}
