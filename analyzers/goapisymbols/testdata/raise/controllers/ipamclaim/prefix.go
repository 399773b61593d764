package ipamclaim

import (
	ipamv1 "sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1: the import is .*$` `^MPA702: move prefix.go to Cluster API's v1beta2 Go API$`
)

// setPrefix writes the prefix as the conversion does: a pointer, 0
// included.
func setPrefix(a *ipamv1.IPAddress, n int) *ipamv1.IPAddress {
	a.Spec.Prefix = n
	return &ipamv1.IPAddress{Spec: ipamv1.IPAddressSpec{Address: "10.0.0.1", Prefix: 24}}
}

// Address hands out an address another package reads.
func Address() *ipamv1.IPAddress { return &ipamv1.IPAddress{} } // want Address:"moves in goapi-file:example.com/raise/controllers/ipamclaim/prefix.go"
