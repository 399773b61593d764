package driver_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

// TestFixesNameTheirUnit: every fix RunFixes collects names the type whose
// migration it belongs to, and withholding that type's unit drops all of
// its fixes (its type fixes and the use-site fixes that follow them, in
// other packages too), keeps the other types' fixes, and says so on its
// findings.
func TestFixesNameTheirUnit(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/provider")
	opts := driver.Options{Dir: dir, Patterns: []string{"./..."}, Tests: true}
	_, fixes, err := driver.RunFixes(opts)
	if err != nil {
		t.Fatal(err)
	}
	byType := map[string]int{}
	for _, f := range fixes.List {
		if f.Type == "" {
			t.Errorf("a %s fix (%s) names no type", f.Rule, f.Message)
		}
		byType[f.Type]++
	}
	const pool = "example.com/provider/apis/capdlike/v1beta2.DockerMachinePool"
	if byType[pool] == 0 || len(byType) < 2 {
		t.Fatalf("fixes by type: %v; want %s among several", byType, pool)
	}
	opts.Withhold = map[analyzers.FieldKey]string{analyzers.UnitKey(pool): "a test withholds it"}
	rep, fixes, err := driver.RunFixes(opts)
	if err != nil {
		t.Fatal(err)
	}
	left := map[string]int{}
	for _, f := range fixes.List {
		left[f.Type]++
	}
	if left[pool] != 0 {
		t.Errorf("%d fixes of the withheld unit are still offered", left[pool])
	}
	for typ, n := range byType {
		if typ != pool && left[typ] != n {
			t.Errorf("%s: %d fixes, want %d as without the withheld unit", typ, left[typ], n)
		}
	}
	if !slices.ContainsFunc(rep.Findings, func(f report.Finding) bool {
		return f.Type == pool && strings.HasSuffix(f.Message, "; its fix is withheld: a test withholds it")
	}) {
		t.Error("no finding of the withheld unit says why its fix is withheld")
	}
}
