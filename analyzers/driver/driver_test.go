package driver_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// TestSuppressedFindings runs check's driver on the suppress analyzer's
// testdata: findings covered by //mpaudit:ignore comments are left out of
// the report and counted; the directives without a reason or that cover
// nothing are reported.
func TestSuppressedFindings(t *testing.T) {
	dir, _ := filepath.Abs("../suppress/testdata")
	rep, err := driver.Run(driver.Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	rep.Finish()
	if len(rep.Problems) > 0 {
		t.Fatalf("problems: %+v", rep.Problems)
	}
	if rep.Summary.Suppressed != 7 {
		t.Errorf("summary counts %d suppressed findings, want 7", rep.Summary.Suppressed)
	}
	count := map[string]int{}
	for _, f := range rep.Findings {
		if f.Suppressed {
			t.Errorf("suppressed finding in the report: %+v", f)
		}
		file := ""
		if f.Position != nil {
			file = filepath.Base(f.Position.File)
		}
		switch {
		case f.Rule == contract.RuleReadyWriteAlone && file == "controllers.go" && f.Position.Line != 18 && f.Position.Line != 26,
			f.Rule == contract.RuleProviderIDPointer, f.Rule == contract.RuleFailureReason, f.Rule == contract.RuleReplicas,
			f.Rule == contract.RuleDualReadiness && file == "widget_types.go",
			f.Rule == contract.RuleLabelMissing && file == "infrastructure.cluster.x-k8s.io_widgetmachinepools.yaml":
			t.Errorf("finding should be suppressed: %s %s:%d %s", f.Rule, file, f.Position.Line, f.Message)
		}
		count[f.Rule]++
	}
	for rule, n := range map[string]int{
		contract.RuleSuppressionNoReason: 2, // MPA106 without a reason, and one naming no rule
		contract.RuleUnusedSuppression:   5, // MPA101 on a dual type, MPA109, MPA999, two MPA203
		contract.RuleFailureMessage:      1, // its directive has no reason
		contract.RuleReadyWriteAlone:     2,
		contract.RuleLabelMissing:        1, // the gadget CRD
	} {
		if count[rule] != n {
			t.Errorf("%d %s findings, want %d", count[rule], rule, n)
		}
	}
}

// TestNarrowPatternUsesModuleFacts: the pool types are declared in apis/,
// outside the pattern ./controllers/...; the controllers' use sites are
// still judged against them, as under ./..., with or without test files.
func TestNarrowPatternUsesModuleFacts(t *testing.T) {
	dir, _ := filepath.Abs("../suppress/testdata")
	for _, tests := range []bool{false, true} {
		full, err := driver.Run(driver.Options{Dir: dir, Patterns: []string{"./..."}, Tests: tests})
		if err != nil {
			t.Fatal(err)
		}
		narrow, err := driver.Run(driver.Options{Dir: dir, Patterns: []string{"./controllers/..."}, Tests: tests})
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, f := range full.Findings {
			if f.Position != nil && strings.HasPrefix(filepath.ToSlash(f.Position.File), "controllers/") {
				want = append(want, fmt.Sprintf("%s %s:%d:%d %s", f.Rule, f.Position.File, f.Position.Line, f.Position.Column, f.Message))
			}
		}
		for _, f := range narrow.Findings {
			got = append(got, fmt.Sprintf("%s %s:%d:%d %s", f.Rule, f.Position.File, f.Position.Line, f.Position.Column, f.Message))
		}
		slices.Sort(want)
		slices.Sort(got)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("tests=%v: ./controllers/... reports\n%s\n./... reports for controllers/\n%s", tests, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(narrow.Summary.Types) != 0 || narrow.Summary.Loaded != 1 || len(narrow.Problems) != 0 {
			t.Errorf("tests=%v: types %v, %d loaded, problems %v; want no type audited, the one package loaded, no problem",
				tests, narrow.Summary.Types, narrow.Summary.Loaded, narrow.Problems)
		}
		note := strings.Join(narrow.Notes, "\n")
		if !strings.Contains(note, "example.com/suppressed/apis/v1beta2.WidgetMachinePool") || strings.Contains(note, "no InfraMachinePool types found") {
			t.Errorf("tests=%v: notes do not name the pool types judged from outside the pattern:\n%s", tests, note)
		}
	}
}

// A loader that gives the nested api/ module's packages no syntax (as
// rewrite's source loader does for modules other than the main one) must
// not crash the driver: their types were not seen, which the CRDs of the
// repository's config/crd say as a load problem.
func TestNestedModuleWithoutSyntax(t *testing.T) {
	dir, _ := filepath.Abs("../../cmd/mpaudit/testdata/nested")
	noSyntax := func(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
		pkgs, err := packages.Load(cfg, patterns...)
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.Module != nil && !p.Module.Main {
				p.Syntax, p.TypesInfo = nil, nil
			}
		})
		return pkgs, err
	}
	// Imported by the controllers, the api package is analysed for facts only.
	if _, _, err := driver.RunFixes(driver.Options{Dir: dir, Patterns: []string{"./controllers/..."}, Load: noSyntax}); err != nil {
		t.Fatal(err)
	}
	rep, _, err := driver.RunFixes(driver.Options{Dir: dir, Patterns: []string{"./..."}, Load: noSyntax})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(rep.Problems, func(p report.Problem) bool {
		return strings.Contains(p.Message, "NestMachinePool") && strings.HasPrefix(filepath.ToSlash(p.Subject), "config/crd/bases/")
	}) {
		t.Errorf("no load problem naming the pool CRD: %+v", rep.Problems)
	}
}
