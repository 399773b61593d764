package live

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// ruleObjects lists "RULE severity object" for each finding.
func ruleObjects(r *Result) []string {
	var out []string
	for _, f := range r.Findings {
		name := ""
		if f.Object != nil {
			name = f.Object.Kind + "/" + f.Object.Name
		}
		out = append(out, f.Rule+" "+f.Severity.String()+" "+name)
	}
	sort.Strings(out)
	return out
}

func TestAuditDump(t *testing.T) {
	src, err := LoadFile(context.Background(), "testdata/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Audit(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Cluster.Target.Version != "v1.14.1" || !strings.Contains(res.Cluster.Target.Source, "clusterctl provider inventory") {
		t.Errorf("target = %+v, want v1.14.1 from the inventory", res.Cluster.Target)
	}
	want := []string{
		"MPA301 error CustomResourceDefinition/bazmachinepools.infrastructure.cluster.x-k8s.io",
		"MPA304 error CustomResourceDefinition/quxpools.infrastructure.cluster.x-k8s.io",
		"MPA305 error CustomResourceDefinition/quxpools.infrastructure.cluster.x-k8s.io",
		"MPA307 warning CustomResourceDefinition/barmachinepools.infrastructure.cluster.x-k8s.io",
		"MPA309 warning CustomResourceDefinition/barmachinepools.infrastructure.cluster.x-k8s.io",
		"MPA401 error FooMachinePool/provisioned-only",
		"MPA402 warning FooMachinePool/disagree",
		"MPA404 error FooMachinePool/failed", // the MachinePool reconcile panics on it from v1.11
		"MPA405 warning FooMachinePool/replicas",
		"MPA405 warning FooMachinePool/replicas-unset", // core keeps the MachinePool's old count
		"MPA406 error FooMachinePool/mpm",
		"MPA501 error MachinePool/mp-misnamed",
		"MPA501 error MachinePool/mp-missing",
		"MPA501 error MachinePool/mp-unlabelled",
		"MPA502 warning MachinePool/mp-lagging",
	}
	got := ruleObjects(res)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var foo *report.Resource
	for i := range res.Resources {
		if res.Resources[i].Kind == "FooMachinePool" {
			foo = &res.Resources[i]
		}
	}
	if foo == nil || foo.Objects != 8 || foo.Readiness["dual-agree"] != 4 || foo.Readiness["provisioned-only"] != 1 ||
		foo.Contract != "v1beta2" || foo.APIVersion != "v1beta2" {
		t.Errorf("FooMachinePool summary = %+v", foo)
	}
}

func TestAuditDumpWithFallbackCore(t *testing.T) {
	src, err := LoadFile(context.Background(), "testdata/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Audit(context.Background(), src, Options{CAPIVersion: "v1.15.0", Namespace: "default"})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range ruleObjects(res) {
		if strings.HasPrefix(line, "MPA401") {
			t.Errorf("provisioned-only reported on a core that reads initialization.provisioned: %s", line)
		}
	}
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "overrides the detected v1.14.1") {
		t.Errorf("notes = %v, want the override noted", res.Notes)
	}
	if res.Cluster.Target.Version != "v1.15.0" || !res.Cluster.Target.Behaviour.ReadsProvisioned() {
		t.Errorf("target = %+v", res.Cluster.Target)
	}
}

func TestLoadFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("kind: List\napiVersion: v1\nitems:\n- {kind: Foo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.yaml: document 1") {
		t.Errorf("error %v does not name the file and document", err)
	}
	if _, err := LoadFile(context.Background(), t.TempDir()); err == nil || !strings.Contains(err.Error(), "no .yaml") {
		t.Errorf("empty dir: %v", err)
	}
	noKind := filepath.Join(dir, "nokind.yaml")
	os.WriteFile(noKind, []byte("apiVersion: v1\nmetadata: {name: x}\n"), 0o644)
	if _, err := LoadFile(context.Background(), noKind); err == nil || !strings.Contains(err.Error(), "nokind.yaml") {
		t.Errorf("object without kind: %v", err)
	}
}

func TestImageTag(t *testing.T) {
	cases := map[string]string{
		"registry.k8s.io/cluster-api/cluster-api-controller:v1.14.2":           "v1.14.2",
		"cluster-api-controller:v1.11.0":                                       "v1.11.0",
		"registry.k8s.io/cluster-api/cluster-api-controller:main":              "",
		"registry.k8s.io/cluster-api/kubeadm-control-plane-controller:v1.14.2": "",
		"localhost:5000/cluster-api-controller@sha256:abc":                     "",
	}
	for image, want := range cases {
		if got := imageTag(image, contract.CoreControllerImage); got != want {
			t.Errorf("imageTag(%s) = %q, want %q", image, got, want)
		}
	}
}
