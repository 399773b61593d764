// Package beside was moved before: it imports v1beta1 beside its v1beta2
// successor for the values it keeps for the provider's own fields, and a
// second run leaves it alone.
package beside

import (
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*core/v1beta2$`
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"

	"example.com/move/api/v1alpha1"
)

// SetAddresses keeps the provider's v1beta1 addresses.
func SetAddresses(m *v1alpha1.FooMachine, c *clusterv1.Cluster) {
	m.Status.Addresses = []clusterv1beta1.MachineAddress{{Type: clusterv1beta1.MachineHostName, Address: c.Name}}
}
