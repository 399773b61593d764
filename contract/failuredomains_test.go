package contract

import (
	"slices"
	"testing"
)

// The key of the v1beta2 list is the one its listMapKey marker names.
func TestFailureDomainKeyIsListMapKey(t *testing.T) {
	p, ok := InfraCluster.PointOf(V1Beta2, AspectFailureDomains)
	if !ok {
		t.Fatal("InfraCluster has no v1beta2 failureDomains point")
	}
	var keys []string
	for _, m := range p.Markers {
		if m.Name == MarkerListMapKey {
			keys = append(keys, m.Value)
		}
	}
	if !slices.Equal(keys, []string{FailureDomainFields.Key}) {
		t.Errorf("listMapKey markers %v, FailureDomainFields.Key %q", keys, FailureDomainFields.Key)
	}
}
