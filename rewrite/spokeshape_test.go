package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// TestSpokePointerBlocks: a hub's *string → string fix is withheld when a
// spoke of the same resource keeps the field as *string, and only then.
func TestSpokePointerBlocks(t *testing.T) {
	hub := report.TypeRef{Kind: contract.KindBootstrapConfig, Group: "bootstrap.cluster.x-k8s.io", Version: "v1beta2", Name: "FooConfig", GoType: "example.com/p/api/v1beta2.FooConfig", Storage: true}
	spoke := report.TypeRef{Kind: contract.KindBootstrapConfig, Group: "bootstrap.cluster.x-k8s.io", Version: "v1beta1", Name: "FooConfig", GoType: "example.com/p/api/v1beta1.FooConfig"}
	other := report.TypeRef{Kind: contract.KindInfraMachine, Group: "infrastructure.cluster.x-k8s.io", Version: "v1beta1", Name: "FooMachine", GoType: "example.com/p/api/v1beta1.FooMachine", Storage: true}
	finding := func(ref report.TypeRef, field string, spoke bool) report.Finding {
		return report.Finding{Rule: contract.RuleKindV1Beta1Shape, Kind: ref.Name, Type: ref.GoType, Field: field, Spoke: spoke}
	}
	rep := &report.Report{
		Summary: report.Summary{TypeRefs: []report.TypeRef{hub, spoke, other}},
		Findings: []report.Finding{
			finding(hub, "status.dataSecretName", false),
			finding(spoke, "status.dataSecretName", false), // the v1beta1 label alone names it: not judged a spoke
			finding(spoke, "status.dataSecretName", true),  // the test variant of the package reports it again
			finding(spoke, "status.conditions", true),      // not a string shape
			finding(other, "spec.providerID", false),       // no spoke
		},
	}
	got := spokePointerBlocks(rep, nil)
	if len(got) != 1 {
		t.Fatalf("got %d blocks, want 1: %+v", len(got), got)
	}
	b := got[0]
	if b.Type != hub.GoType || b.Field != "status.dataSecretName" || b.Message != "bootstrap.cluster.x-k8s.io/v1beta1" {
		t.Errorf("got %+v, want the hub's status.dataSecretName blocked by the v1beta1 spoke", b)
	}

	// A version outside the patterns, audited alone (so judged its own
	// storage version), is a spoke of the hub all the same; one of another
	// group is not.
	rep = &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{hub}}, Findings: []report.Finding{finding(hub, "status.dataSecretName", false)}}
	alone := spoke
	alone.Version, alone.GoType, alone.Storage = "v1alpha4", "example.com/p/internal/apis/v1alpha4.FooConfig", true
	stranger := alone
	stranger.Group, stranger.GoType = "bootstrap.other.example.com", "example.com/p/internal/other/v1alpha4.FooConfig"
	outside := &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{alone, stranger}},
		Findings: []report.Finding{finding(stranger, "status.dataSecretName", false)}}
	if got := spokePointerBlocks(rep, outside); len(got) != 0 {
		t.Errorf("another group's *string blocks the hub: %+v", got)
	}
	outside.Findings = append(outside.Findings, finding(alone, "status.dataSecretName", false))
	if got := spokePointerBlocks(rep, outside); len(got) != 1 || got[0].Type != hub.GoType || got[0].Message != "bootstrap.cluster.x-k8s.io/v1alpha4" {
		t.Errorf("the v1alpha4 spoke outside the patterns does not block the hub: %+v", got)
	}
}

// TestRewriteSpokeOutsideThePatterns: the rewrite of the hub package alone
// keeps its status.dataSecretName a *string up front, as a v1beta1 spoke
// outside the patterns keeps one, instead of making it a string that the
// spoke's round trip would lose ("" comes back nil).
func TestRewriteSpokeOutsideThePatterns(t *testing.T) {
	dir := copyTree(t, "testdata/bootconvprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./apis/bootstrap/v1beta2/..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	hub, err := os.ReadFile(filepath.Join(dir, "apis", "bootstrap", "v1beta2", "fooconfig_types.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(hub, []byte("DataSecretName *string")) || len(res.Withheld) > 0 {
		t.Errorf("withheld %v; the hub's dataSecretName:\n%s", res.Withheld, hub)
	}
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.Contains(m, "status.dataSecretName keeps its *string shape") && strings.Contains(m, "bootstrap.cluster.x-k8s.io/v1beta1")
	}) {
		t.Errorf("no item says the spoke keeps dataSecretName a *string: %q", res.Manual)
	}
}

// TestKeptFailures: the PR body names each failure field the result keeps
// top-level while a supported core reads it by the v1beta1 contract, per
// kind and field (the trial runner matches "Kind field"), and none once no
// supported core does.
func TestKeptFailures(t *testing.T) {
	ref := report.TypeRef{Kind: contract.KindBootstrapConfig, Group: "bootstrap.cluster.x-k8s.io", Version: "v1beta2", Name: "FooConfig", Storage: true,
		Points: []string{contract.PathFailureReason, contract.PathFailureMessage},
		Labels: map[string]string{contract.LabelKey(contract.V1Beta1): "v1beta1", contract.LabelKey(contract.V1Beta2): "v1beta2"}}
	res := &Result{After: &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{ref}}}}
	res.Target, _ = contract.TargetForVersion("v1.10.1", "test")
	got := res.keptFailures()
	if len(got) != 2 || !strings.HasPrefix(got[0], "FooConfig status.failureMessage stays top-level: cores v1.10.1") ||
		!strings.HasPrefix(got[1], "FooConfig status.failureReason stays top-level") || !strings.Contains(got[0], "terminal failure") {
		t.Errorf("kept at v1.10.1: %q", got)
	}
	ref.Labels = map[string]string{contract.LabelKey(contract.V1Beta2): "v1beta2"}
	res.After.Summary.TypeRefs = []report.TypeRef{ref}
	res.Target, _ = contract.TargetForVersion("v1.11.0", "test")
	if got := res.keptFailures(); len(got) != 0 {
		t.Errorf("no v1beta1 reader from v1.11.0 under the v1beta2 label alone: %q", got)
	}
}

// TestV1Beta1Conditions: the PR body names a storage type's v1beta1
// conditions (MPA127) by kind and field, and not a spoke's.
func TestV1Beta1Conditions(t *testing.T) {
	hub := report.TypeRef{Kind: contract.KindBootstrapConfig, Name: "FooConfig", GoType: "example.com/p/api/v1beta2.FooConfig", Storage: true}
	spoke := report.TypeRef{Kind: contract.KindBootstrapConfig, Name: "FooConfig", GoType: "example.com/p/api/v1beta1.FooConfig"}
	res := &Result{After: &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{hub, spoke}}, Findings: []report.Finding{
		{Rule: contract.RuleKindConditionsV1Beta1, Kind: "FooConfig", Type: hub.GoType, Field: "status.conditions"},
		{Rule: contract.RuleKindConditionsV1Beta1, Kind: "FooConfig", Type: spoke.GoType, Field: "status.conditions", Spoke: true},
	}}}
	got := res.v1beta1Conditions()
	if len(got) != 1 || !strings.HasPrefix(got[0], "FooConfig status.conditions keeps the v1beta1 Conditions type") {
		t.Errorf("got %q", got)
	}
}
