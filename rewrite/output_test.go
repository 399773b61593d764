package rewrite

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

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

// TestPRBodyNamesEachKindsFields: for a provider with a BootstrapConfig
// and a ControlPlane, the title names both kinds the rewrite changed (the
// control plane's readiness left for a person, its failure fields moved),
// and each note names the kind's own readiness fields from the catalog.
func TestPRBodyNamesEachKindsFields(t *testing.T) {
	const bGroup, cpGroup = "bootstrap.example.com", "controlplane.example.com"
	f := func(rule, group, version, kind, field string, spoke bool) report.Finding {
		return report.Finding{Rule: rule, Severity: contract.Info, Kind: kind, APIVersion: group + "/" + version,
			Type: "example.com/p/" + version + "." + kind, Field: field, Spoke: spoke}
	}
	before := []report.Finding{
		f(contract.RuleKindReadyOnly, bGroup, "v1beta2", "FooConfig", "status.initialization", false),
		f(contract.RuleKindReadyOnly, bGroup, "v1beta1", "FooConfig", "status.initialization", true),
		f(contract.RuleKindReadyOnly, cpGroup, "v1beta2", "FooControlPlane", "status.initialization", false),
		f(contract.RuleKindReadyOnly, cpGroup, "v1beta1", "FooControlPlane", "status.initialization", true),
		f(contract.RuleKindFailureFields, cpGroup, "v1beta2", "FooControlPlane", "status.failureReason", false),
	}
	for _, rule := range []string{contract.RuleKindReadyOnly, contract.RuleKindFailureFields} {
		if !isCovered(rule) {
			t.Fatalf("%s is not a rule the rewrite fixes", rule)
		}
	}
	res := &Result{
		Before: &report.Report{Findings: before, Summary: report.Summary{TypeRefs: []report.TypeRef{
			{Kind: contract.BootstrapConfig.Name, Name: "FooConfig", GoType: "example.com/p/v1beta2.FooConfig", Storage: true},
			{Kind: contract.ControlPlane.Name, Name: "FooControlPlane", GoType: "example.com/p/v1beta2.FooControlPlane", Storage: true},
		}}},
		// The control plane's readiness is left; its failure fields moved.
		After: &report.Report{Findings: []report.Finding{before[2]}},
	}
	c := &completer{st: &stage{dir: "/m"}, pkg: &packages.Package{Name: "v1beta1", Dir: "/m/api/v1beta1"}, res: res}
	for _, kind := range []string{"FooConfig", "FooControlPlane"} {
		hub := types.NewNamed(types.NewTypeName(0, nil, kind, nil), types.NewStruct(nil, nil), nil)
		c.manualHub(kind, hub, "a shape mpaudit does not know")
	}
	res.Manual = append(res.Manual, manualSteps(res)...)
	var b strings.Builder
	if err := res.WritePRBody(&b); err != nil {
		t.Fatal(err)
	}
	body := b.String()
	title, _, _ := strings.Cut(body, "\n")
	for _, kind := range []string{"`FooConfig`", "`FooControlPlane`"} {
		if !strings.Contains(title, kind) {
			t.Errorf("title %q does not name %s", title, kind)
		}
	}
	for _, tc := range []struct {
		kind *contract.Kind
		name string
	}{{&contract.BootstrapConfig, "FooConfig"}, {&contract.ControlPlane, "FooControlPlane"}} {
		v1, ok1 := tc.kind.Readiness(contract.V1Beta1)
		v2, ok2 := tc.kind.Readiness(contract.V1Beta2)
		if !ok1 || !ok2 {
			t.Fatalf("%s has no readiness points", tc.kind.Name)
		}
		hubNote := "v1beta1." + tc.name + " round trips"
		for line := range strings.SplitSeq(body, "\n") {
			if strings.Contains(line, hubNote) && !strings.Contains(line, "set "+v2.Path+" from "+v1.Path) {
				t.Errorf("%s's note does not set %s from %s: %s", tc.name, v2.Path, v1.Path, line)
			}
		}
		spoke := v1.Path + " ⇄ " + v2.Path + " in those of " + tc.kind.GroupPrefix
		if !strings.Contains(body, spoke) {
			t.Errorf("the spokes' note lacks %q:\n%s", spoke, body)
		}
		if !strings.Contains(body, hubNote) {
			t.Errorf("no note on %s:\n%s", tc.name, body)
		}
	}
	if strings.Contains(body, "provisioned") {
		t.Errorf("the body names a pool's field:\n%s", body)
	}
}

func TestTitleKinds(t *testing.T) {
	for _, tc := range []struct {
		kinds []string
		want  string
	}{
		{nil, "the provider's types"},
		{[]string{"A"}, "`A`"},
		{[]string{"A", "B", "C"}, "`A`, `B` and `C`"},
		{[]string{"A", "B", "C", "D", "E"}, "5 kinds"},
	} {
		if got := titleKinds(tc.kinds); got != tc.want {
			t.Errorf("titleKinds(%v) = %q, want %q", tc.kinds, got, tc.want)
		}
	}
}

// TestRemainingAtAnySeverity: a finding the rewrite covers and leaves
// standing is left for a person at any severity (MPA126 and MPA107 are
// info by the policy); info findings of rules it does not fix (MPA103, the
// shape after the rewrite) are not.
func TestRemainingAtAnySeverity(t *testing.T) {
	res := &Result{After: &report.Report{Findings: []report.Finding{
		{Rule: contract.RuleKindV1Beta1Shape, Severity: contract.Info, Kind: "FooMachine", Type: "example.com/api.FooMachine", Field: "status.addresses"},
		{Rule: contract.RuleProviderIDPointer, Severity: contract.Info, Kind: "FooMachinePool", Type: "example.com/api.FooMachinePool", Field: "spec.providerID"},
		{Rule: contract.RuleDualReadiness, Severity: contract.Info, Kind: "FooMachinePool", Type: "example.com/api.FooMachinePool", Field: "status.ready"},
	}}}
	var got []string
	for _, f := range res.Remaining() {
		got = append(got, f.Rule)
	}
	if want := []string{contract.RuleKindV1Beta1Shape, contract.RuleProviderIDPointer}; !slices.Equal(got, want) {
		t.Errorf("Remaining: %v, want %v", got, want)
	}
	left := strings.Join(res.remainingOf(contract.ScopeType), "\n")
	if !strings.Contains(left, "status.addresses") || !strings.Contains(left, "spec.providerID") || strings.Contains(left, "status.ready") {
		t.Errorf("the checklist's fields left:\n%s", left)
	}
}
