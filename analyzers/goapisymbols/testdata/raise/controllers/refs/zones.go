package refs

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*zones.go keeps its v1beta1 imports, as its move is not mechanical: zones.go:10: .*FailureDomain .*is passed on as a pointer: rewrite it by hand$`
)

// A *string that v1beta2 makes a string, passed on as an argument where a
// *string is expected: whether "" is nil there is for a person to say.
func zone(m *clusterv1.Machine) string {
	return lookup(m.Spec.FailureDomain)
}

func lookup(zone *string) string {
	if zone == nil {
		return "default"
	}
	return *zone
}
