// Package networkcalled guards a field v1beta2 makes a value, with a
// call before the read that would run on the zero struct without it:
// the file gets no fix (it blocks the unit it reaches).
package networkcalled

import "example.com/raise/controllers/scope"

// Called keeps its guard: the call between would run on the zero struct.
func Called(s *scope.Scope) bool {
	return s.Cluster.Spec.ClusterNetwork != nil && check(s) && len(s.Cluster.Spec.ClusterNetwork.ServiceDomain) > 0
}

func check(*scope.Scope) bool { return true }
