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
