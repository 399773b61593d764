package kindfinder_test

import (
	"go/types"
	"maps"
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
