package kindfinder_test

import (
	"maps"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
)

func TestFacts(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), analyzers.MustNew(analyzers.DefaultSettings()).Finder, "example.com/facts/...")
	storage := map[string]bool{}
	skipped := map[string]bool{}
	for _, r := range results {
		res, ok := r.Result.(*kindfinder.Result)
		if !ok {
			continue
		}
		skipped[r.Pass.Pkg.Path()] = res.Skipped
		for _, p := range res.Pools {
			storage[p.Type] = p.Storage
			if p.Group != "infrastructure.example.com" {
				t.Errorf("%s: group %q", p.Type, p.Group)
			}
		}
	}
	want := map[string]bool{
		"example.com/facts/v1beta2.FooMachinePool": true,
		"example.com/facts/v1beta1.FooMachinePool": false,
	}
	if len(storage) != len(want) {
		t.Errorf("pools found: %v, want %v", storage, want)
	}
	for typ, s := range want {
		if got, ok := storage[typ]; !ok || got != s {
			t.Errorf("%s storage = %v (found %v), want %v", typ, got, ok, s)
		}
	}
	// Only a package that neither declares a root type nor imports one
	// that reaches pool types is skipped; a root type that is not a pool
	// (Cluster API's own) is looked at, but passes no fact on.
	wantSkipped := map[string]bool{
		"example.com/facts/v1beta1": false, "example.com/facts/v1beta2": false,
		"example.com/facts/other": false, "example.com/facts/uses": false, "example.com/facts/core": true,
	}
	if !maps.Equal(skipped, wantSkipped) {
		t.Errorf("skipped: %v, want %v", skipped, wantSkipped)
	}
}
