// Package ipamuser moves its own core import and reads an address
// another package's move hands it as v1beta2, whose package it does not
// import.
package ipamuser

import (
	"fmt"

	"example.com/raise/controllers/ipamclaim"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*$` `^MPA702: move user.go to Cluster API's v1beta2 Go API$`
)

// Endpoint is the machine's name with the address's prefix.
func Endpoint(m *clusterv1.Machine) string { // want Endpoint:"moves in goapi-file:example.com/raise/controllers/ipamclaim/prefix.go"
	return fmt.Sprintf("%s/%d", m.Name, ipamclaim.Address().Spec.Prefix)
}
