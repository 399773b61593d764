package kindfinder_test

import (
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
)

// finder is the set's kindfinder.
var finder = analyzers.MustNew(analyzers.Settings{}).Finder

func TestClassifies(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), finder, "example.com/kinds/...")
	type found struct {
		kind    string
		storage bool
	}
	got := map[string]found{}
	var status *kindfinder.NodeFact
	for _, r := range results {
		res := r.Result.(*kindfinder.Result)
		for _, ty := range res.Types {
			got[ty.Type] = found{ty.ContractKind, ty.Storage}
			if ty.Group != "infrastructure.example.com" {
				t.Errorf("%s: group %q", ty.Type, ty.Group)
			}
		}
		if r.Pass.Pkg.Path() == "example.com/kinds/v1beta1" {
			// The hub's status type, seen from the spoke package through its fact.
			hub := r.Pass.Pkg.Imports()[0].Scope().Lookup("FooMachineStatus").(*types.TypeName)
			status, _ = res.Node(hub)
		}
	}
	want := map[string]found{
		"example.com/kinds/v1beta2.FooMachine":            {"InfraMachine", true},
		"example.com/kinds/v1beta2.FooMachineTemplate":    {"InfraMachineTemplate", true},
		"example.com/kinds/v1beta2.FooMachinePoolMachine": {"InfraMachine", true},
		"example.com/kinds/v1beta2.FooInstance":           {"InfraMachine", true},
		"example.com/kinds/v1beta1.FooMachine":            {"InfraMachine", false},
	}
	if !maps.Equal(got, want) {
		t.Errorf("classified %v\nwant %v", got, want)
	}
	if status == nil || status.Path != "status" || status.Ref.Kind != "FooMachine" || status.Ref.ContractKind != "InfraMachine" {
		t.Errorf("fact of v1beta2.FooMachineStatus = %v, want the status of FooMachine", status)
	}
}

// A root marker alone does not make a contract kind: a type needs a CRD,
// a scheme registration, an API group or a CRD marker (rke2's FakeMachine,
// a test double, has none of these).
func TestRootMarkerAloneIsNoKind(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), finder, "example.com/apiobjects")
	var got []string
	var notAPI []string
	for _, r := range results {
		res := r.Result.(*kindfinder.Result)
		for _, ty := range res.Types {
			got = append(got, ty.Kind)
		}
		notAPI = append(notAPI, res.NotAPI...)
	}
	slices.Sort(got)
	if want := []string{"MarkedMachine", "RegMachine"}; !slices.Equal(got, want) {
		t.Errorf("classified %v, want %v", got, want)
	}
	if len(notAPI) != 1 || !strings.Contains(notAPI[0], "apiobjects.FakeMachine") {
		t.Errorf("NotAPI = %q, want FakeMachine named", notAPI)
	}
}
