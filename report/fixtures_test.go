package report

import (
	"bytes"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// The reports every printer test renders. Each is finished (sorted, summary
// and exit code filled) the way the commands finish them.

func mustTarget(t *testing.T, version string) contract.CoreTarget {
	t.Helper()
	tg, err := contract.TargetForVersion(version, "flag")
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

const staticRoot = "/src/provider"

// staticReport is a `check` report: positions relative to the audited
// directory, fixes naming absolute files (as the driver emits them), a
// spoke finding, an info finding and a message with Markdown and XML
// metacharacters.
func staticReport(t *testing.T) *Report {
	t.Helper()
	r := &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	r.Findings = []Finding{
		{
			Rule: contract.RuleReadyOnly, Severity: contract.Warning, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta2.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Field: "status.ready", Message: "DockerMachinePool has status.ready but no status.initialization.provisioned",
			Position: &Position{File: "api/v1beta2/types.go", Line: 18, Column: 2},
			Fixes: []Fix{{
				Message: "add status.initialization.provisioned",
				Edits: []Edit{
					{File: staticRoot + "/api/v1beta2/types.go", Start: 611, End: 611, StartLine: 18, StartColumn: 2, EndLine: 18, EndColumn: 2, NewText: "// NOTE: keep ready\n"},
					{File: staticRoot + "/api/v1beta2/types.go", Start: 700, End: 720, StartLine: 20, StartColumn: 1, EndLine: 21, EndColumn: 3, NewText: ""},
					{File: staticRoot + "/internal/ctrl/my file.go", Start: 10, End: 14, StartLine: 3, StartColumn: 5, EndLine: 3, EndColumn: 9, NewText: "ptr.To(true)"},
				},
			}},
		},
		{
			Rule: contract.RuleProviderIDList, Severity: contract.Error, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta2.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Field: "spec.providerIDList", Message: "spec has no providerIDList | want []string <b>&</b> `a|b`",
			Position: &Position{File: "api/v1beta2/types.go", Line: 8, Column: 6},
		},
		{
			Rule: contract.RuleLabelMissing, Severity: contract.Error, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta2.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Field: "metadata.labels", Message: "CRD has no contract label",
			Position: &Position{File: "config/crd/bases/pools.yaml", Line: 7},
		},
		{
			Rule: contract.RuleConditionsV1Beta1, Severity: contract.Info, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta1.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta1",
			Field: "status.conditions", Message: "status.conditions is v1beta1.Conditions (a conversion spoke: informational)",
			Position: &Position{File: "api/v1beta1/types.go", Line: 30, Column: 2}, Spoke: true,
		},
		{
			Rule: contract.RuleDeprecatedFieldUse, Severity: contract.Info, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta2.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Field: "status.ready", Access: "write", Message: "status.ready write of `p.Status.Ready`",
			Position: &Position{File: "internal/ctrl/my file.go", Line: 3, Column: 5},
		},
		{
			Rule: contract.RuleDeprecatedFieldUse, Severity: contract.Info, Kind: "DockerMachinePool",
			Type: "example.com/provider/api/v1beta2.DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Field: "status.ready", Access: "write", Message: "status.ready write of `q.Status.Ready`",
			Position: &Position{File: "internal/ctrl/my file.go", Line: 9, Column: 5},
		},
	}
	r.Summary.Types = []string{"infrastructure.cluster.x-k8s.io/v1beta2 DockerMachinePool (storage)", "infrastructure.cluster.x-k8s.io/v1beta1 DockerMachinePool (spoke)"}
	r.Summary.Loaded = 3
	r.Notes = []string{"config/crd read without kustomize"}
	r.Finish()
	return r
}

// liveReport is a `live` report over two clusters: findings on objects,
// no positions, and a per-CRD summary.
func liveReport(t *testing.T) *Report {
	t.Helper()
	tg := mustTarget(t, "v1.14.2")
	r := &Report{Tool: "mpaudit", Mode: "live", Target: tg, FailOn: contract.Warning}
	obj := func(cluster, ns, name string) *Object {
		return &Object{Group: "infrastructure.cluster.x-k8s.io", Version: "v1beta2", Kind: "DockerMachinePool", Namespace: ns, Name: name, Cluster: cluster}
	}
	r.Findings = []Finding{
		{Rule: contract.RuleObjectProvisionedOnly, Severity: contract.Error, Kind: "DockerMachinePool", Field: contract.PathProvisioned,
			Message: "pool reports only status.initialization.provisioned", Object: obj("kind-mgmt", "team-a", "pool-1")},
		{Rule: contract.RuleObjectDisagree, Severity: contract.Warning, Kind: "DockerMachinePool", Field: contract.PathReady,
			Message: "status.ready=false but provisioned=true", Object: obj("kind-prod", "team-b", "pool-2")},
		{Rule: contract.RuleStatusSubresource, Severity: contract.Warning, Kind: "DockerMachinePool", APIVersion: "infrastructure.cluster.x-k8s.io/v1beta2",
			Message: "version v1beta2 has no status subresource",
			Object:  &Object{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition", Name: "dockermachinepools.infrastructure.cluster.x-k8s.io", Cluster: "kind-mgmt"}},
	}
	r.Summary.Loaded = 2
	r.Summary.Clusters = []Cluster{{Name: "kind-mgmt", Target: tg}, {Name: "kind-prod", Target: tg}}
	r.Summary.Resources = []Resource{
		{Cluster: "kind-mgmt", CRD: "dockermachinepools.infrastructure.cluster.x-k8s.io", Group: "infrastructure.cluster.x-k8s.io", Kind: "DockerMachinePool",
			Contract: "v1beta2", APIVersion: "v1beta2", StorageVersion: "v1beta2", Objects: 3, Readiness: map[string]int{"dual-agree": 2, "provisioned-only": 1}},
		{Cluster: "kind-prod", CRD: "dockermachinepools.infrastructure.cluster.x-k8s.io", Group: "infrastructure.cluster.x-k8s.io", Kind: "DockerMachinePool",
			StorageVersion: "v1beta2", Objects: 0},
	}
	r.Finish()
	return r
}

func emptyReport(t *testing.T) *Report {
	t.Helper()
	r := &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	r.Finish()
	return r
}

// problemsReport could not load everything: exit code 2.
func problemsReport(t *testing.T) *Report {
	t.Helper()
	r := &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	r.Findings = []Finding{{Rule: contract.RuleCRDNotFound, Severity: contract.Info, Kind: "DockerMachinePool", Message: "no CRD found",
		Position: &Position{File: "api/v1beta2/types.go", Line: 25, Column: 6}}}
	r.Problems = []Problem{
		{Subject: "example.com/provider/broken", Message: "undefined: Foo\n\tsecond line", Position: &Position{File: "broken/broken.go", Line: 5, Column: 2}},
		{Subject: "example.com/missing/dep", Message: "no required module provides package example.com/missing/dep (imported by example.com/provider/api)"},
	}
	r.Summary.Loaded, r.Summary.NotLoaded = 1, 1
	r.Finish()
	return r
}

func render(t *testing.T, p Printer, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p(&buf, r); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := p(&again, r); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatalf("output differs between two renderings of the same report")
	}
	return buf.Bytes()
}

func TestFormatsListNewPrinters(t *testing.T) {
	formats := Formats()
	for _, want := range []string{"sarif", "markdown", "junit", "text", "json", "yaml"} {
		if _, err := Lookup(want); err != nil {
			t.Errorf("Lookup(%q): %v", want, err)
		}
		found := false
		for _, f := range formats {
			found = found || f == want
		}
		if !found {
			t.Errorf("Formats() = %v, missing %q", formats, want)
		}
	}
}
