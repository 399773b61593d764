package refs

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*zones.go keeps its v1beta1 imports, as its move is not mechanical: zones.go:11: .*FailureDomain .*is passed on as a pointer: rewrite it by hand$`
)

// A *string that v1beta2 makes a string, passed on as an argument under
// a condition: declared before the statement, the read would run where
// it did not (m nil), so it stays for a person.
func zone(m *clusterv1.Machine) string {
	if m != nil && lookup(m.Spec.FailureDomain) != "" {
		return "set"
	}
	return ""
}

func lookup(zone *string) string {
	if zone == nil {
		return "default"
	}
	return *zone
}
