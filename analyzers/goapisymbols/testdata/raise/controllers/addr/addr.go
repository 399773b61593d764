// Package addr passes the scope addresses it builds: the scope's
// parameter keeps v1beta1 (it feeds the provider's field), so the file
// keeps v1beta1 too.
package addr

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: .*addr.go:14: scope.SetAddresses keeps its parameter addresses of type \[\]v1beta1.MachineAddress, .*`

	"example.com/raise/controllers/scope"
)

// Set gives the machine its host name.
func Set(s *scope.Scope, host string) {
	s.SetAddresses(hostAddresses(host))
}

func hostAddresses(host string) []clusterv1.MachineAddress {
	return []clusterv1.MachineAddress{{Type: clusterv1.MachineHostName, Address: host}}
}
