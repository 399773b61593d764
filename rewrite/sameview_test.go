package rewrite

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSameJSONSuccessor: the core v1beta1 types whose v1beta2 successor
// has the same JSON are those a new version's fields can take; a
// retyped one (Conditions) or one whose shape changes (FailureDomains)
// is not.
func TestSameJSONSuccessor(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: "testdata/newverprovider"}
	pkgs, err := packages.Load(cfg, "sigs.k8s.io/cluster-api/api/core/v1beta1")
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("loading core v1beta1: %v", err)
	}
	for name, want := range map[string]bool{"APIEndpoint": true, "MachineAddress": true, "MachineAddresses": true, "Conditions": false, "FailureDomains": false, "ClusterSpec": false} {
		tn, ok := pkgs[0].Types.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			t.Fatalf("no %s", name)
		}
		succ, got := sameJSONSuccessor(tn.Type(), "v1.14.2")
		if got != want || (got && succ != "sigs.k8s.io/cluster-api/api/core/v1beta2") {
			t.Errorf("%s: %q %v, want %v", name, succ, got, want)
		}
	}
}
