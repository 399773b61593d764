package driver_test

import (
	"path/filepath"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
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
