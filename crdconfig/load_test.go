package crdconfig

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

const (
	poolsCRD     = "foomachinepools.infrastructure.cluster.x-k8s.io"
	templatesCRD = "foomachinepooltemplates.infrastructure.cluster.x-k8s.io"
	poolsBase    = "bases/infrastructure.cluster.x-k8s.io_foomachinepools.yaml"
	tmplBase     = "bases/infrastructure.cluster.x-k8s.io_foomachinepooltemplates.yaml"
)

// fixture returns the absolute config/crd directory of a testdata tree.
func fixture(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", name, "config", "crd"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func load(t *testing.T, dir string) *Result {
	t.Helper()
	r, err := Load(dir)
	if err != nil {
		t.Fatalf("Load(%s): %v", dir, err)
	}
	return r
}

func crdNamed(t *testing.T, r *Result, name string) CRD {
	t.Helper()
	for _, c := range r.CRDs {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no CRD %s in %s; have %v", name, r.Dir, crdNames(r))
	return CRD{}
}

func crdNames(r *Result) []string {
	var out []string
	for _, c := range r.CRDs {
		out = append(out, c.Name)
	}
	return out
}

func wantRendered(t *testing.T, r *Result) {
	t.Helper()
	if !r.Rendered || r.RenderError != nil || len(r.Problems) != 0 {
		t.Fatalf("want a clean render, got Rendered=%v RenderError=%v Problems=%q", r.Rendered, r.RenderError, r.Problems)
	}
}

func wantLabels(t *testing.T, c CRD, want map[string]string) {
	t.Helper()
	if !reflect.DeepEqual(c.Labels, want) {
		t.Errorf("%s labels = %v, want %v", c.Name, c.Labels, want)
	}
}

func wantSource(t *testing.T, c CRD, key, file string, line int) {
	t.Helper()
	got, ok := c.LabelSources[key]
	if !ok {
		t.Errorf("%s: no source for label %s (sources %v)", c.Name, key, c.LabelSources)
		return
	}
	if got.File != file || got.Line != line {
		t.Errorf("%s: label %s set at %s:%d, want %s:%d", c.Name, key, got.File, got.Line, file, line)
	}
}

func TestLoadFooMachinePoolInfo(t *testing.T) {
	dir := fixture(t, "labelspairs")
	r := load(t, dir)
	wantRendered(t, r)
	if r.Dir != dir {
		t.Errorf("Dir = %s, want %s", r.Dir, dir)
	}
	if len(r.CRDs) != 1 {
		t.Fatalf("CRDs = %v, want only %s", crdNames(r), poolsCRD)
	}
	want := contract.CRDInfo{
		Name:  poolsCRD,
		Group: "infrastructure.cluster.x-k8s.io",
		Kind:  "FooMachinePool",
		Scope: "Namespaced",
		Versions: []contract.CRDVersion{
			{Name: "v1beta1", Served: true, Storage: false},
			{Name: "v1beta2", Served: true, Storage: true},
		},
		Labels: map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"},
	}
	c := r.CRDs[0]
	if !reflect.DeepEqual(c.CRDInfo, want) {
		t.Errorf("CRDInfo = %+v\nwant      %+v", c.CRDInfo, want)
	}
	if c.File != filepath.Join(dir, poolsBase) || c.Line != 7 {
		t.Errorf("located at %s:%d, want %s:7 (metadata.name)", c.File, c.Line, filepath.Join(dir, poolsBase))
	}
}

// The four ways providers set contract labels, each as the build emits them.
func TestLoadLabelForms(t *testing.T) {
	tests := []struct {
		fixture    string
		want       map[string]string
		key        string
		sourceFile string
		sourceLine int
	}{
		{
			fixture:    "labelspairs", // labels: - pairs (includeSelectors: false)
			want:       map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"},
			key:        "cluster.x-k8s.io/v1beta2",
			sourceFile: "kustomization.yaml", sourceLine: 4,
		},
		{
			fixture:    "commonlabels",
			want:       map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta1"},
			key:        "cluster.x-k8s.io/v1beta1",
			sourceFile: "kustomization.yaml", sourceLine: 2,
		},
		{
			fixture:    "baselabels", // metadata.labels from +kubebuilder:metadata:labels
			want:       map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"},
			key:        "cluster.x-k8s.io/v1beta2",
			sourceFile: poolsBase, sourceLine: 8,
		},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			dir := fixture(t, tt.fixture)
			r := load(t, dir)
			wantRendered(t, r)
			c := crdNamed(t, r, poolsCRD)
			wantLabels(t, c, tt.want)
			wantSource(t, c, tt.key, filepath.Join(dir, tt.sourceFile), tt.sourceLine)
		})
	}
}

// A patch that labels one CRD must not leak onto its sibling.
func TestLoadPatchesLabelOneCRD(t *testing.T) {
	for _, name := range []string{"patches", "patchessm"} {
		t.Run(name, func(t *testing.T) {
			dir := fixture(t, name)
			r := load(t, dir)
			wantRendered(t, r)
			if got := crdNames(r); !reflect.DeepEqual(got, []string{poolsCRD, templatesCRD}) {
				t.Fatalf("CRDs = %v", got)
			}
			pools := crdNamed(t, r, poolsCRD)
			wantLabels(t, pools, map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta1_v1beta2"})
			wantSource(t, pools, "cluster.x-k8s.io/v1beta2", filepath.Join(dir, "patches", "contract_in_foomachinepools.yaml"), 7)

			tmpl := crdNamed(t, r, templatesCRD)
			if v, ok := tmpl.Labels["cluster.x-k8s.io/v1beta2"]; ok {
				t.Errorf("%s got cluster.x-k8s.io/v1beta2=%q from a patch aimed at %s", templatesCRD, v, poolsCRD)
			}
		})
	}

	// In "patches" the template gets its own label from an inline JSON6902 patch.
	dir := fixture(t, "patches")
	tmpl := crdNamed(t, load(t, dir), templatesCRD)
	wantLabels(t, tmpl, map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta1"})
	wantSource(t, tmpl, "cluster.x-k8s.io/v1beta1", filepath.Join(dir, "kustomization.yaml"), 17)
}

// Nested kustomization, component and patch, in kustomize's order: nested
// labels first, then the component (which selects on a base label), then the
// parent's patches, then its labels, which override existing values.
func TestLoadNestedOrder(t *testing.T) {
	dir := fixture(t, "nested")
	r := load(t, dir)
	wantRendered(t, r)
	pools := crdNamed(t, r, poolsCRD)
	wantLabels(t, pools, map[string]string{
		"cluster.x-k8s.io/v1beta1": "v1beta1",
		"cluster.x-k8s.io/v1beta2": "v1beta1_v1beta2",
		"example.com/tier":         "crd",
	})
	tmpl := crdNamed(t, r, templatesCRD)
	wantLabels(t, tmpl, map[string]string{
		"cluster.x-k8s.io/v1beta1": "v1beta1",
		"cluster.x-k8s.io/v1beta2": "v1beta1",
		"example.com/flavor":       "plain",
		"example.com/tier":         "crd", // overrides the base's "template"
	})
	wantSource(t, tmpl, "cluster.x-k8s.io/v1beta2", filepath.Join(dir, "bases", "kustomization.yaml"), 7)
	wantSource(t, tmpl, "example.com/flavor", filepath.Join(dir, "components", "flavor", "kustomization.yaml"), 11)
	wantSource(t, tmpl, "example.com/tier", filepath.Join(dir, "kustomization.yaml"), 13)
	wantSource(t, pools, "cluster.x-k8s.io/v1beta1", filepath.Join(dir, "kustomization.yaml"), 12)
}

// The fallback reader must agree with kustomize wherever kustomize works.
func TestFallbackAgreesWithRender(t *testing.T) {
	for _, name := range []string{"labelspairs", "commonlabels", "patches", "patchessm", "baselabels", "nested", "oddities"} {
		t.Run(name, func(t *testing.T) {
			dir := fixture(t, name)
			rendered, _, err := render(dir)
			if err != nil {
				t.Fatal(err)
			}
			w := newWalker()
			objs := w.build(dir, nil)
			if len(w.problems) != 0 {
				t.Errorf("fallback problems: %q", w.problems)
			}
			got := map[string]map[string]string{}
			for _, o := range objs {
				got[o.info.Name] = o.info.Labels
			}
			want := map[string]map[string]string{}
			for _, c := range rendered {
				want[c.Name] = c.Labels
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("fallback labels %v\nrendered labels %v", got, want)
			}
		})
	}
}

func TestLoadBrokenKustomizationFallsBack(t *testing.T) {
	dir := fixture(t, "broken")
	r := load(t, dir)
	if r.Rendered {
		t.Fatal("Rendered = true for a kustomization with a missing resource")
	}
	if r.RenderError == nil {
		t.Fatal("RenderError = nil")
	}
	if !strings.Contains(r.RenderError.Error(), "foomachinepooltemplates") {
		t.Errorf("RenderError does not name the missing file: %v", r.RenderError)
	}
	if got := crdNames(r); !reflect.DeepEqual(got, []string{poolsCRD}) {
		t.Fatalf("CRDs = %v, want only %s", got, poolsCRD)
	}
	c := r.CRDs[0]
	wantLabels(t, c, map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"})
	wantSource(t, c, "cluster.x-k8s.io/v1beta2", filepath.Join(dir, "kustomization.yaml"), 3)
	if c.Kind != "FooMachinePool" || c.StorageVersion() != "v1beta2" {
		t.Errorf("fallback CRD = %+v", c.CRDInfo)
	}
	wantProblem(t, r, filepath.Join(dir, tmplBase))
}

func wantProblem(t *testing.T, r *Result, file string) {
	t.Helper()
	for _, p := range r.Problems {
		if strings.Contains(p, file) {
			return
		}
	}
	t.Errorf("no problem names %s; problems: %q", file, r.Problems)
}

func TestLoadMalformedBase(t *testing.T) {
	dir := fixture(t, "malformed")
	r := load(t, dir)
	if r.Rendered || r.RenderError == nil {
		t.Fatalf("Rendered=%v RenderError=%v, want a failed render", r.Rendered, r.RenderError)
	}
	wantProblem(t, r, filepath.Join(dir, tmplBase))
	if got := crdNames(r); !reflect.DeepEqual(got, []string{poolsCRD}) {
		t.Fatalf("CRDs = %v, want only %s", got, poolsCRD)
	}
	wantLabels(t, r.CRDs[0], map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta1"})
}

// No kustomization: FindConfigDir settles for bases/ and Load reads it.
func TestLoadPlainBases(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("testdata", "plainbases"))
	dir := FindConfigDir(filepath.Join(root, "api", "v1beta2"), root)
	if want := filepath.Join(root, "config", "crd", "bases"); dir != want {
		t.Fatalf("FindConfigDir = %q, want %q", dir, want)
	}
	r := load(t, dir)
	if r.Rendered || r.RenderError != nil {
		t.Errorf("Rendered=%v RenderError=%v, want neither for a bare bases dir", r.Rendered, r.RenderError)
	}
	wantProblem(t, r, filepath.Join(dir, "broken.yaml"))
	if got := crdNames(r); !reflect.DeepEqual(got, []string{poolsCRD}) {
		t.Fatalf("CRDs = %v", got)
	}
	c := r.CRDs[0]
	wantLabels(t, c, map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"})
	base := filepath.Join(dir, "infrastructure.cluster.x-k8s.io_foomachinepools.yaml")
	wantSource(t, c, "cluster.x-k8s.io/v1beta2", base, 8)
	if c.File != base || c.Line != 9 {
		t.Errorf("located at %s:%d, want %s:9", c.File, c.Line, base)
	}
}

func TestLoadOddities(t *testing.T) {
	r := load(t, fixture(t, "oddities"))
	wantRendered(t, r)

	ids := crdNamed(t, r, "fooclustercontrolleridentities.infrastructure.cluster.x-k8s.io")
	if ids.Scope != "Cluster" {
		t.Errorf("scope = %q, want Cluster", ids.Scope)
	}
	if want := []contract.CRDVersion{{Name: "v1beta2", Served: true, Storage: true}}; !reflect.DeepEqual(ids.Versions, want) {
		t.Errorf("versions = %v, want %v", ids.Versions, want)
	}

	// The name is reported as written, so the contract rules can flag it.
	m := crdNamed(t, r, "foomachine.infrastructure.cluster.x-k8s.io")
	if m.Kind != "FooMachine" || m.Group != "infrastructure.cluster.x-k8s.io" {
		t.Errorf("kind/group = %s/%s", m.Kind, m.Group)
	}
	if want := contract.CRDName(m.Group, m.Kind); want != "foomachines.infrastructure.cluster.x-k8s.io" || m.Name == want {
		t.Errorf("CRDName(%s, %s) = %s, CRD name %s: want a mismatch", m.Group, m.Kind, want, m.Name)
	}
	wantLabels(t, m, map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"})
}

func TestLoadBadKustomizationDoesNotPanic(t *testing.T) {
	dir := t.TempDir()
	kfile := filepath.Join(dir, "kustomization.yaml")
	writeFile(t, kfile, "resources: [\n\t- oops\n")
	r := load(t, dir)
	if r.Rendered || r.RenderError == nil {
		t.Fatalf("Rendered=%v RenderError=%v", r.Rendered, r.RenderError)
	}
	wantProblem(t, r, kfile)
	if len(r.CRDs) != 0 {
		t.Errorf("CRDs = %v", crdNames(r))
	}
}

func TestLoadNotADirectory(t *testing.T) {
	if _, err := Load(filepath.Join("testdata", "no-such-dir")); err == nil {
		t.Error("Load of a missing directory: want an error")
	}
	if _, err := Load(filepath.Join(fixture(t, "commonlabels"), "kustomization.yaml")); err == nil {
		t.Error("Load of a file: want an error")
	}
}

func TestParseDocsNeverPanics(t *testing.T) {
	for _, in := range []string{"a: [", "\t- x", "{{{{", "a: &x\n  b: *x\n  c: *y", "\x00\xff\xfe", "---\n---\n"} {
		docs, err := parseDocs([]byte(in))
		_ = docs
		_ = err
	}
	if _, err := parseDocs([]byte("a: [")); err == nil {
		t.Error("parseDocs of an unterminated list: want an error")
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
