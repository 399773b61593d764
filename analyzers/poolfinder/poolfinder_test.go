package poolfinder_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
)

func TestFacts(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), poolfinder.Analyzer, "example.com/facts/...")
	storage := map[string]bool{}
	for _, r := range results {
		res, ok := r.Result.(*poolfinder.Result)
		if !ok {
			continue
		}
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
}
