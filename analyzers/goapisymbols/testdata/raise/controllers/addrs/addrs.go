// Package addrs compares the provider's addresses, which keep v1beta1's
// type, with v1beta1's constants: those stay v1beta1's as the file moves.
package addrs

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*core/v1beta1$` `^MPA702: move addrs.go to Cluster API's v1beta2 Go API$`

	"example.com/raise/api/v1alpha1"
)

// InternalIP is the machine's first internal IP, "" before the cluster
// has a name.
func InternalIP(m *v1alpha1.FooMachine, c *clusterv1.Cluster) string { // want InternalIP:"moves in goapi-file:example.com/raise/controllers/addrs/addrs.go\\+build.go"
	for _, addr := range m.Status.Addresses {
		if addr.Type == clusterv1.MachineInternalIP && c.Name != "" {
			return addr.Address
		}
	}
	if len(m.Status.Addresses) > 0 && clusterv1.MachineExternalIP != m.Status.Addresses[0].Type {
		return ""
	}
	return ""
}

// FirstReason is the type and reason of the machine's first condition,
// read from the provider's conditions, which keep v1beta1's type.
func FirstReason(m *v1alpha1.FooMachine) string {
	conds := m.GetConditions()
	if len(conds) == 0 {
		return ""
	}
	return string(conds[0].Type) + ": " + conds[0].Reason
}

// firstInternal is the first internal address of those given, which every
// call passes from the provider's objects.
func firstInternal(addresses []clusterv1.MachineAddress) string {
	for _, a := range addresses {
		if a.Type == clusterv1.MachineInternalIP {
			return a.Address
		}
	}
	return ""
}

// Internal is the machine's first internal address.
func Internal(m *v1alpha1.FooMachine) string { return firstInternal(m.Status.Addresses) }

// SetZones sets the provider's failure domains, built in a local first.
func SetZones(c *v1alpha1.FooCluster, zones []string) {
	domains := clusterv1.FailureDomains{} // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.FailureDomains: `
	for _, z := range zones {
		domains[z] = clusterv1.FailureDomainSpec{ControlPlane: true} // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.FailureDomainSpec: `
	}
	c.Status.FailureDomains = domains
}

// SetAddresses sets the machine's addresses, built by helpers of another
// file: they keep v1beta1's type with the field they are stored in.
func SetAddresses(m *v1alpha1.FooMachine, host string, internal []string) {
	addrs := buildAddrs(host, internal)
	m.Status.Addresses = addrs
}

// SetCoreAddresses sets a core machine's addresses, which move.
func SetCoreAddresses(m *clusterv1.Machine, host string) { // want SetCoreAddresses:"moves in goapi-file:example.com/raise/controllers/addrs/addrs.go\\+build.go"
	m.Status.Addresses = hostAddrs(host)
}
