package rewrite

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// TestManualStepsNameSpokesOnlyOfMigratedHubs: the note asking a person to
// map readiness in a spoke's conversions names only spokes whose hub the
// rewrite migrates; a spoke of a hub migrated before converts already.
func TestManualStepsNameSpokesOnlyOfMigratedHubs(t *testing.T) {
	var rule string
	for _, r := range contract.Rules() {
		if isCovered(r.ID) {
			rule = r.ID
			break
		}
	}
	if rule == "" {
		t.Fatal("no rule the rewrite fixes")
	}
	finding := func(version, kind string, spoke bool) report.Finding {
		return report.Finding{Rule: rule, Severity: contract.Warning, Kind: kind, APIVersion: "infrastructure.example.com/" + version, Spoke: spoke}
	}
	res := &Result{Before: &report.Report{Findings: []report.Finding{
		finding("v1beta2", "MigratedPool", false),
		finding("v1beta1", "MigratedPool", true),
		finding("v1beta1", "AlreadyMigratedPool", true),
	}}}
	var note string
	for _, s := range manualSteps(res) {
		if strings.HasPrefix(s, "Older API versions") {
			note = s
		}
	}
	if !strings.Contains(note, "infrastructure.example.com/v1beta1 MigratedPool") {
		t.Errorf("the spoke of the hub the rewrite migrates is not named: %q", note)
	}
	if strings.Contains(note, "AlreadyMigratedPool") {
		t.Errorf("names the spoke of a hub migrated before: %q", note)
	}
}
