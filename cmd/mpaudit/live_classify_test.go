package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/crd"
	"sigs.k8s.io/controller-tools/pkg/genall"

	"github.com/mpaudit/mpaudit/report"
)

// classifyDir is a module with a type of every kind, classified by name or
// only by structure, and types of no kind.
var classifyDir, _ = filepath.Abs("../../live/testdata/classify")

// generateCRDs runs controller-gen's CRD generator, as a library, on the
// module's API packages, as the provider's build would.
func generateCRDs(t *testing.T, module, out string) {
	t.Helper()
	var gen genall.Generator = crd.Generator{}
	rt, err := genall.Generators{&gen}.ForRootsWithConfig(&packages.Config{Dir: module}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	rt.OutputRules = genall.OutputRules{Default: genall.OutputToDirectory(out)}
	var errs strings.Builder
	rt.ErrorWriter = &errs
	if rt.Run() {
		t.Fatalf("controller-gen crd: %s", errs.String())
	}
}

// coreCRDs copies Cluster API's Cluster and Machine CRDs into dir.
func coreCRDs(t *testing.T, dir string) {
	t.Helper()
	mod, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "sigs.k8s.io/cluster-api").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cluster.x-k8s.io_clusters.yaml", "cluster.x-k8s.io_machines.yaml"} {
		data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(mod)), "core", "config", "crd", "bases", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func rowKeys(refs []report.TypeRef, keep func(report.TypeRef) bool) []string {
	var out []string
	for _, r := range refs {
		if keep(r) {
			out = append(out, fmt.Sprintf("%s %s/%s %s storage=%v", r.Kind, r.Group, r.Version, r.Name, r.Storage))
		}
	}
	slices.Sort(out)
	return out
}

// Live classifies the CRDs generated from a module's types as check
// classifies the types, whether a CRD is found by a core object's reference
// or by the classifier alone, templates included (both give them rows); a
// kind only a reference names is audited by live as core reads it, with a
// note that check cannot know it.
func TestLiveClassifiesAsCheck(t *testing.T) {
	_, static := runJSON(t, "check", "-C", classifyDir, "--capi-version", "v1.13.0", "./...")
	want := rowKeys(static.Summary.TypeRefs, func(report.TypeRef) bool { return true })
	if len(want) != 15 {
		t.Fatalf("check found %d types, want 15 (the fixture's kinds and templates):\n%s", len(want), strings.Join(want, "\n"))
	}

	crds := t.TempDir()
	generateCRDs(t, classifyDir, crds)
	withRefs := t.TempDir()
	generateCRDs(t, classifyDir, withRefs)
	coreCRDs(t, withRefs)
	objects := `apiVersion: v1
kind: List
items:
- apiVersion: cluster.x-k8s.io/v1beta2
  kind: Cluster
  metadata: {name: c1, namespace: ns}
  spec:
    infrastructureRef: {apiGroup: infrastructure.example.com, kind: FooEnvironment, name: e1}
    controlPlaneRef: {apiGroup: controlplane.example.com, kind: FooCP, name: cp1}
- apiVersion: cluster.x-k8s.io/v1beta2
  kind: Cluster
  metadata: {name: c2, namespace: ns}
  spec:
    infrastructureRef: {apiGroup: infrastructure.example.com, kind: FooWidget, name: w1}
- apiVersion: cluster.x-k8s.io/v1beta2
  kind: Machine
  metadata: {name: m1, namespace: ns}
  spec:
    clusterName: c1
    infrastructureRef: {apiGroup: infrastructure.example.com, kind: FooHost, name: h1}
    bootstrap:
      configRef: {apiGroup: bootstrap.example.com, kind: FooBootstrap, name: b1}
`
	if err := os.WriteFile(filepath.Join(withRefs, "objects.yaml"), []byte(objects), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, dir string
		refOnly   []string
	}{
		{"classifier", crds, nil},
		{"references", withRefs, []string{"InfraCluster infrastructure.example.com/v1beta2 FooWidget storage=true"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, r := runJSON(t, "live", "--from-file", tc.dir, "--capi-version", "v1.13.0")
			if code == report.ExitError {
				t.Fatalf("exit 2: %+v", r.Problems)
			}
			got := rowKeys(r.Summary.TypeRefs, func(report.TypeRef) bool { return true })
			if exp := slices.Sorted(slices.Values(append(slices.Clone(want), tc.refOnly...))); !slices.Equal(got, exp) {
				t.Errorf("live rows:\n%s\nwant check's:\n%s", strings.Join(got, "\n"), strings.Join(exp, "\n"))
			}
			var notes []string
			for _, n := range r.Notes {
				if strings.Contains(n, "references it") {
					notes = append(notes, n)
				}
			}
			if len(notes) != len(tc.refOnly) || len(notes) == 1 && !strings.Contains(notes[0], "foowidgets.infrastructure.example.com is audited as InfraCluster") {
				t.Errorf("notes on reference-only kinds: %q", notes)
			}
		})
	}
}
