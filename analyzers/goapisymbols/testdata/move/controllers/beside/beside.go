// Package beside was moved before: it imports v1beta1 beside its v1beta2
// successor for values kept on v1beta1, and a second run leaves it alone.
package beside

import (
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*core/v1beta2$`
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

// Addresses are kept on v1beta1 for a field that keeps that type.
func Addresses(c *clusterv1.Cluster) []clusterv1beta1.MachineAddress {
	return []clusterv1beta1.MachineAddress{{Type: clusterv1beta1.MachineHostName, Address: c.Name}}
}
