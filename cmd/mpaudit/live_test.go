package main

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

func TestLiveFromFile(t *testing.T) {
	code, r := runJSON(t, "live", "--from-file", "../../live/testdata/dump.json")
	if code != report.ExitFindings || r.Mode != "live" {
		t.Fatalf("exit %d mode %q, want 1 live", code, r.Mode)
	}
	checkCatalogMetadata(t, r, contract.Live)
	if len(r.Summary.Clusters) != 1 || r.Summary.Clusters[0].Target.Version != "v1.14.1" {
		t.Errorf("clusters = %+v", r.Summary.Clusters)
	}
	var provisionedOnly bool
	for _, f := range r.Findings {
		if f.Rule == "MPA401" && f.Object != nil && f.Object.Name == "provisioned-only" && f.Object.Namespace == "default" &&
			f.Field == "status.initialization.provisioned" && strings.Contains(f.Message, "never see its infrastructure as provisioned") {
			provisionedOnly = true
		}
	}
	if !provisionedOnly {
		t.Errorf("no MPA401 on default/provisioned-only: %+v", r.Findings)
	}
	if len(r.Summary.Resources) != 4 {
		t.Errorf("resources = %+v, want the 4 pool CRDs", r.Summary.Resources)
	}
	for _, format := range []string{"text", "yaml"} {
		if code, _, _ := run(t, "live", "--from-file", "../../live/testdata/dump.json", "-o", format); code != report.ExitFindings {
			t.Errorf("-o %s: exit %d, want 1", format, code)
		}
	}
	// CRDs are cluster-scoped; -n limits only the objects.
	_, r = runJSON(t, "live", "--from-file", "../../live/testdata/dump.json", "-n", "nowhere")
	for _, f := range r.Findings {
		if f.Object != nil && f.Object.Namespace != "" {
			t.Errorf("object finding outside -n nowhere: %+v", f)
		}
	}
	if len(r.Findings) == 0 {
		t.Error("CRD findings missing with -n")
	}
}

func TestLiveUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"live", "--from-file", "nonexistent.yaml"},
		{"live", "--from-file", "../../live/testdata/dump.json", "--context", "x"},
		{"live", "-n", "a", "-A"},
		{"live", "--kubeconfig", "nonexistent"},
		{"live", "--timeout", "0s"},
		{"live", "extra-arg"},
	} {
		code, _, errOut := run(t, args...)
		if code != report.ExitError || errOut == "" {
			t.Errorf("%v: exit %d stderr %q, want 2 with a message", args, code, errOut)
		}
	}
}

// TestLiveSummaryWording: live's text report says what it audited per kind
// in the kind's own field names: readiness classes by the kind's readiness
// fields (a control plane's initialized, a bootstrap config's
// dataSecretCreated), a template's objects as not judged and why, and CRDs
// and kinds in the summary line (live audits CRDs, not Go types).
func TestLiveSummaryWording(t *testing.T) {
	_, out, _ := run(t, "live", "--from-file", "../../live/testdata/kinds/dump.json", "--capi-version", "v1.13.0")
	var got []string
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "crd: ") || strings.HasPrefix(l, "audited ") || strings.HasPrefix(l, "summary: ") {
			got = append(got, strings.TrimSuffix(l, "\n"))
		}
	}
	const judged = "objects judged on the fields core reads; readiness by "
	want := []string{
		"crd: foomachinepools.infrastructure.example.com contract v1beta2, read as v1beta2, storage v1beta2, 0 object(s)",
		"crd: fooclusters.infrastructure.example.com contract v1beta2, read as v1beta2, storage v1beta2, 2 object(s) (provisioned-only 1, ready-only 1)",
		"crd: fooconfigs.bootstrap.example.com contract v1beta2, read as v1beta2, storage v1beta2, 1 object(s) (dataSecretCreated-only 1)",
		"crd: foocontrolplanes.controlplane.example.com contract v1beta1, read as v1beta2, storage v1beta2, 1 object(s) (initialized-only 1)",
		"crd: foomachines.infrastructure.example.com contract v1beta2, read as v1beta2, storage v1beta2, 3 object(s) (dual-agree 1, dual-disagree 1, provisioned-only 1)",
		"crd: foomachinetemplates.infrastructure.example.com contract v1beta2, read as v1beta2, storage v1beta2, objects not judged: core reads only spec.template.metadata",
		"audited InfraCluster: 1 CRD(s), 2 object(s); " + judged + "status.ready (v1beta1 label) or status.initialization.provisioned (v1beta2 label)",
		"audited InfraMachine: 1 CRD(s), 3 object(s); " + judged + "status.ready (v1beta1 label) or status.initialization.provisioned (v1beta2 label)",
		"audited InfraMachinePool: 1 CRD(s), 0 object(s); " + judged + "status.ready and status.initialization.provisioned",
		"audited ControlPlane: 1 CRD(s), 1 object(s); " + judged + "status.initialized (v1beta1 label) or status.initialization.controlPlaneInitialized (v1beta2 label)",
		"audited BootstrapConfig: 1 CRD(s), 1 object(s); " + judged + "status.ready (v1beta1 label) or status.initialization.dataSecretCreated (v1beta2 label)",
		"audited InfraMachineTemplate: 1 CRD(s); objects not judged: core reads only spec.template.metadata",
		"summary: 7 error(s), 5 warning(s), 3 info; 6 CRD(s) of 6 kind(s) audited; 6 loaded, 0 not loaded; fail-on warning: exit 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("live's summary:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, md, _ := run(t, "live", "--from-file", "../../live/testdata/kinds/dump.json", "--capi-version", "v1.13.0", "-o", "markdown")
	for _, w := range []string{
		"| `foomachinetemplates.infrastructure.example.com` | v1beta2 | v1beta2 | v1beta2 | – | objects not judged: core reads only spec.template.metadata |",
		"- **ControlPlane:** 1 CRD(s), 1 object(s); " + judged,
	} {
		if !strings.Contains(md, w) {
			t.Errorf("the Markdown report lacks %q:\n%s", w, md)
		}
	}
}
