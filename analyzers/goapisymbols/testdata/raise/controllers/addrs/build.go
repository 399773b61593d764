package addrs

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*core/v1beta1$` `^MPA702: move build.go to Cluster API's v1beta2 Go API$`
)

// buildAddrs is the host's address and its internal ones, the host's
// first.
func buildAddrs(host string, internal []string) []clusterv1.MachineAddress {
	ips := []clusterv1.MachineAddress{}
	ips = append(ips, clusterv1.MachineAddress{Type: clusterv1.MachineHostName, Address: host})
	ips = append(ips, internalAddrs(internal)...)
	if len(ips) > 1 && ips[1].Type != clusterv1.MachineInternalIP {
		return nil
	}
	return ips
}

func internalAddrs(internal []string) (out []clusterv1.MachineAddress) {
	for _, a := range internal {
		out = append(out, clusterv1.MachineAddress{Type: clusterv1.MachineInternalIP, Address: a})
	}
	return out
}

func hostAddrs(host string) []clusterv1.MachineAddress {
	return []clusterv1.MachineAddress{{Type: clusterv1.MachineHostName, Address: host}}
}
