package contract

import (
	"slices"
	"testing"
)

// Each point's class of change is the Go API map's classification of its
// catalogued shapes.
func TestPointChangeClass(t *testing.T) {
	for _, tc := range []struct {
		kind     *Kind
		contract Contract
		path     string
		want     ChangeClass
	}{
		{&InfraMachine, V1Beta2, PathProviderID, ChangeStringPointer},
		{&InfraMachinePool, V1Beta2, PathProviderID, ChangeStringPointer}, // v1beta1 accepted *string beside string
		{&ControlPlane, V1Beta2, PathReplicas, ChangeValueToPointer},
		{&ControlPlane, V1Beta1, "spec.machineTemplate.nodeDrainTimeout", ChangeDurationToSeconds},
		{&ControlPlane, V1Beta1, "spec.machineTemplate.infrastructureRef", ChangeReference},
		{&ControlPlane, V1Beta1, PathReady, ChangeRemoved},
		{&InfraCluster, V1Beta2, "status.failureDomains", ChangeMapToList},
		{&InfraMachinePool, V1Beta2, PathProvisioned, ChangeValueToPointer},
		{&InfraMachinePool, V1Beta2, PathReplicas, ChangeSame},
	} {
		p, ok := tc.kind.Point(tc.contract, tc.path)
		if !ok {
			t.Fatalf("%s has no %s point %s", tc.kind.Name, tc.contract, tc.path)
		}
		if got, ok := tc.kind.Change(p); !ok || got != tc.want {
			t.Errorf("%s %s %s: class %q (%v), want %q", tc.kind.Name, tc.contract, tc.path, got, ok, tc.want)
		}
	}
	if _, ok := InfraMachinePool.Change(mustPoint(t, &InfraMachinePool, V1Beta2, PathInitialization)); ok {
		t.Error("status.initialization is new in v1beta2: no class of change")
	}
}

func mustPoint(t *testing.T, k *Kind, c Contract, path string) Point {
	t.Helper()
	p, ok := k.Point(c, path)
	if !ok {
		t.Fatalf("%s has no %s point %s", k.Name, c, path)
	}
	return p
}

// The renamed pairs, the readiness pair first, and Renamed agreeing with
// them from either side.
func TestRenamedPairs(t *testing.T) {
	var got []string
	for _, r := range ControlPlane.RenamedPairs() {
		got = append(got, r.Old.Path+"→"+r.New.Path)
	}
	want := []string{
		"status.initialized→status.initialization.controlPlaneInitialized",
		"status.updatedReplicas→status.upToDateReplicas",
		"status.unavailableReplicas→status.availableReplicas",
	}
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Errorf("ControlPlane renamed pairs start %v, want %v", got, want)
	}
	if len(InfraMachinePoolTemplate.RenamedPairs()) != 0 {
		t.Error("a template has no renamed fields")
	}
	// A failure field moved under status.deprecated.v1beta1 is not read by label: not renamed.
	if _, ok := ControlPlane.Renamed(mustPoint(t, &ControlPlane, V1Beta1, PathFailureReason)); ok {
		t.Error("status.failureReason is not a renamed field")
	}
	for _, r := range ControlPlane.RenamedPairs() {
		if alt, ok := ControlPlane.Renamed(r.Old); !ok || alt.Path != r.New.Path {
			t.Errorf("Renamed(%s) = %s, %v", r.Old.Path, alt.Path, ok)
		}
		if alt, ok := ControlPlane.Renamed(r.New); !ok || alt.Path != r.Old.Path {
			t.Errorf("Renamed(%s) = %s, %v", r.New.Path, alt.Path, ok)
		}
	}
	v1, v2, ok := InfraMachinePool.ReadinessPair()
	if !ok || v1.Path != PathReady || v2.Path != PathProvisioned {
		t.Errorf("pool readiness pair %s, %s, %v", v1.Path, v2.Path, ok)
	}
}
