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

// TestPRBodyShowsSourceTextLiterally: file names and notes from the tree
// cannot ping people, break the list or hide text in a PR.
func TestPRBodyShowsSourceTextLiterally(t *testing.T) {
	res := &Result{
		Changes: []Change{{Rel: "api/v1`x|y/types.go", Why: []string{"because"}}},
		Manual:  []string{"ask @octocat about *FooStatus* at https://evil.example\u202e\n- [x] fake item"},
	}
	var b strings.Builder
	if err := res.WritePRBody(&b); err != nil {
		t.Fatal(err)
	}
	body := b.String()
	for _, bad := range []string{"@octocat", "https://evil", "\u202e", "\n- [x] fake", "*FooStatus*", "`x|y"} {
		if strings.Contains(body, bad) {
			t.Errorf("PR body holds %q raw:\n%s", bad, body)
		}
	}
	for _, want := range []string{"- [ ] ask @&#8203;octocat about \\*FooStatus\\* at https:&#8203;//evil.example\\\\u202e - \\[x\\] fake item", "- `api/v1'x\\|y/types.go`: because"} {
		if !strings.Contains(body, want) {
			t.Errorf("PR body lacks %q:\n%s", want, body)
		}
	}
}
