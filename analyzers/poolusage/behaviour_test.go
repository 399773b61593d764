package poolusage

import (
	"bytes"
	"encoding/gob"
	"maps"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/markers"
)

// TestWritesFactGob: go vet hands facts to the next package gob-encoded.
func TestWritesFactGob(t *testing.T) {
	in := &WritesFact{Writes: []ParamWrite{{Param: -1, Fields: []string{"FooMachinePool"},
		Pool: kindfinder.TypeRef{Kind: "FooMachinePool", Type: "example.com/api.FooMachinePool", ContractKind: "InfraMachinePool", Points: []string{"status.ready", "status.initialization.provisioned"}},
		Pair: 2, Ready: Sets, Provisioned: Resets, Deferred: true}}}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	out := &WritesFact{}
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip: got %v, want %v", out, in)
	}
}

// discard drops analysistest's want mismatches: the writes analyzer reports
// no diagnostics, and its facts are compared below.
type discard struct{}

func (discard) Errorf(string, ...any) {}

// TestWritesFacts: what the exported setters of the behaviour testdata
// write, as their callers in other packages see it (the whole set).
func TestWritesFacts(t *testing.T) {
	got := map[string]string{}
	for _, r := range analysistest.Run(discard{}, analysistest.TestData(), newWrites(kindfinder.New(setup.MustEnv(setup.Settings{}), markers.New())), "example.com/behaviour/...") {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for obj, facts := range r.Facts {
			for _, f := range facts {
				got[obj.Pkg().Name()+"."+obj.Name()] = f.(*WritesFact).String()
			}
		}
	}
	want := map[string]string{
		"v1beta2.SetProvisioned": "writes recv ready=none provisioned=sets (callers judge)",
		"scope.SetReady":         "writes recv.FooMachinePool ready=sets provisioned=none (callers judge)",
		"scope.SetNotReady":      "writes recv.FooMachinePool ready=resets provisioned=none",
		"scope.SetProvisioned":   "writes recv.FooMachinePool ready=none provisioned=sets (callers judge)",
		"scope.MarkReady":        "writes recv.FooMachinePool ready=sets provisioned=sets",
	}
	if !maps.Equal(got, want) {
		t.Errorf("facts:\n got %v\nwant %v", got, want)
	}
}

// TestWritesFactPairString: a fact of a pair other than readiness names
// the pair's fields, so vet's fact dumps say which renamed field it is.
func TestWritesFactPairString(t *testing.T) {
	f := &WritesFact{Writes: []ParamWrite{{Param: 0, Fields: []string{"Status"}, Pair: 1, Ready: Sets,
		Pool: kindfinder.TypeRef{ContractKind: "ControlPlane"}}}}
	if got, want := f.String(), "writes param0.Status status.updatedReplicas=sets status.upToDateReplicas=none"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
