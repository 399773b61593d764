// Package kept reads the cluster through the scope as the move cannot
// rewrite: v1beta2's network is a value, with no nil to compare.
package kept

import "example.com/raise/controllers/scope"

// HasNetwork says whether the cluster names a network.
func HasNetwork(s *scope.Scope) bool {
	return s.Cluster.Spec.ClusterNetwork != nil
}
