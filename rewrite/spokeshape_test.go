package rewrite

import (
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
			finding(spoke, "status.dataSecretName", true),
			finding(spoke, "status.dataSecretName", true), // the test variant of the package reports it again
			finding(spoke, "status.conditions", true),     // not a string shape
			finding(other, "spec.providerID", false),      // no spoke
		},
	}
	got := spokePointerBlocks(rep)
	if len(got) != 1 {
		t.Fatalf("got %d blocks, want 1: %+v", len(got), got)
	}
	b := got[0]
	if b.Type != hub.GoType || b.Field != "status.dataSecretName" || b.Message != "bootstrap.cluster.x-k8s.io/v1beta1" {
		t.Errorf("got %+v, want the hub's status.dataSecretName blocked by the v1beta1 spoke", b)
	}
}
