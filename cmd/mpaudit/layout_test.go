package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// nestedDir is a provider whose API types are a module of their own
// (api/go.mod), which the root module replaces by ./api, with its CRDs in
// the root's config/crd: Cluster API's and metal3's layout.
const nestedDir = "testdata/nested"

const nestedCRD = "config/crd/bases/infrastructure.nested.example.com_nestmachinepools.yaml"

func typeNames(r *report.Report) []string {
	var out []string
	for _, t := range r.Summary.TypeRefs {
		out = append(out, t.Name)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// check ./... at the root audits the types of the nested module and their
// use sites in the root module, not 0 types with exit 0; a test double
// with a root marker alone is no contract kind.
func TestCheckNestedModuleFromRoot(t *testing.T) {
	code, r := runJSON(t, "check", "--no-cache", "-C", nestedDir, "./...")
	if code != report.ExitFindings {
		t.Errorf("exit %d, want %d (findings); problems %+v", code, report.ExitFindings, r.Problems)
	}
	if got, want := typeNames(r), []string{"NestMachine", "NestMachinePool"}; !slices.Equal(got, want) {
		t.Errorf("types audited %v, want %v", got, want)
	}
	keys := findingsByKey(r)
	for _, k := range []key{
		{"MPA101", "status.ready", "api/v1beta2/types.go"},
		{"MPA302", "metadata.labels[cluster.x-k8s.io/v1beta2]", nestedCRD},
		{"MPA201", "status.ready", "controllers/controller.go"},
	} {
		if len(keys[k]) == 0 {
			t.Errorf("no finding %v in %v", k, slices.Collect(maps.Keys(keys)))
		}
	}
	if len(r.Problems) > 0 {
		t.Errorf("problems: %+v", r.Problems)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "fake.FakeNestMachine") }) {
		t.Errorf("no note on the test double FakeNestMachine: %q", r.Notes)
	}
}

// check from api/, the nested module, finds the CRDs of the repository's
// root config/crd; the type without a CRD shows ? in the CRD columns.
func TestCheckNestedModuleFromAPI(t *testing.T) {
	code, r := runJSON(t, "check", "--no-cache", "-C", filepath.Join(nestedDir, "api"), "./...")
	if code != report.ExitFindings {
		t.Errorf("exit %d, want %d; problems %+v", code, report.ExitFindings, r.Problems)
	}
	var label bool
	for _, f := range r.Findings {
		if f.Rule == contract.RuleCRDNotFound {
			t.Errorf("the root's config/crd was not found: %s", f.Message)
		}
		if f.Rule == "MPA302" && f.Position != nil && strings.HasSuffix(filepath.ToSlash(f.Position.File), nestedCRD) {
			label = true
		}
	}
	if !label {
		t.Errorf("no MPA302 finding on the root's CRD: %+v", r.Findings)
	}
	if r.Matrix == nil {
		t.Fatal("no matrix")
	}
	for _, row := range r.Matrix.Rows {
		for _, c := range row.Cells {
			if c.Column != contract.ColumnLabel && c.Column != contract.ColumnCRD {
				continue
			}
			switch row.Type.Name {
			case "NestMachine": // no CRD in config/crd
				if c.State != report.CellNotChecked {
					t.Errorf("NestMachine %s cell is %s, want %s: no CRD was found", c.Column, c.State, report.CellNotChecked)
				}
			case "NestMachinePool":
				if c.State == report.CellNotChecked {
					t.Errorf("NestMachinePool %s cell is not checked, but its CRD was found", c.Column)
				}
			}
		}
	}
}

// writeTree writes files (slash paths) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A config/crd with a CRD of a contract kind and no Go type of that kind
// is a load problem (exit 2) naming the CRD file, not a clean exit.
func TestCheckCRDWithoutTypes(t *testing.T) {
	dir := t.TempDir()
	crd, err := os.ReadFile(filepath.Join(nestedDir, filepath.FromSlash(nestedCRD)))
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{
		"go.mod":                        "module example.com/orphan\n\ngo 1.26.0\n",
		"main.go":                       "package main\n\nfunc main() {}\n",
		"config/crd/kustomization.yaml": "resources:\n- bases/pools.yaml\n",
		"config/crd/bases/pools.yaml":   string(crd),
	})
	code, out, _ := run(t, "check", "--no-cache", "-C", dir, "./...")
	if code != report.ExitError {
		t.Errorf("exit %d, want %d", code, report.ExitError)
	}
	if !strings.Contains(out, filepath.Join("config", "crd", "bases", "pools.yaml")) || !strings.Contains(out, "NestMachinePool") {
		t.Errorf("the problem does not name the CRD file and kind:\n%s", out)
	}
	// A narrower pattern, or ./... below the module root, may leave the
	// types out on purpose.
	writeTree(t, dir, map[string]string{"cmd/tool/main.go": "package main\n\nfunc main() {}\n"})
	for _, c := range [][]string{{"-C", dir, "."}, {"-C", filepath.Join(dir, "cmd"), "./..."}} {
		if code, out, _ := run(t, append([]string{"check", "--no-cache"}, c...)...); code == report.ExitError {
			t.Errorf("check %v exits 2:\n%s", c, out)
		}
	}
}

// check and contract validate judge for the same core: the one the
// module's go.mod requires, so they agree on the exit code.
func TestCheckAndValidatePickTheSameCore(t *testing.T) {
	dir := t.TempDir()
	crd, err := os.ReadFile(filepath.Join(nestedDir, filepath.FromSlash(nestedCRD)))
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{
		"go.mod":          "module example.com/pinned\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v1.10.4\n",
		"main.go":         "package main\n\nfunc main() {}\n",
		"crds/pools.yaml": string(crd),
	})
	_, checked := runJSON(t, "check", "--no-cache", "-C", dir, ".")
	_, validated := runJSON(t, "contract", "validate", filepath.Join(dir, "crds", "pools.yaml"))
	if checked.Target.Version != "v1.10.4" {
		t.Errorf("check judges for %s (%s), want v1.10.4 from go.mod", checked.Target.Version, checked.Target.Source)
	}
	if validated.Target.Version != checked.Target.Version || validated.Target.Source != checked.Target.Source {
		t.Errorf("contract validate judges for %s (%s), check for %s (%s)", validated.Target.Version, validated.Target.Source,
			checked.Target.Version, checked.Target.Source)
	}
	// The flag still wins over go.mod.
	_, flagged := runJSON(t, "contract", "validate", "--capi-version", "v1.14.2", filepath.Join(dir, "crds", "pools.yaml"))
	if flagged.Target.Version != "v1.14.2" {
		t.Errorf("--capi-version v1.14.2 judges for %s", flagged.Target.Version)
	}
}

// rewrite ./... at the root of the nested layout migrates the api module's
// type and the root's use, as check judges them, writes both modules and
// then has nothing left (exit 0).
func TestRewriteNestedModule(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested")
	if err := os.CopyFS(dir, os.DirFS(nestedDir)); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "rewrite", "-C", dir, "./...")
	if code != report.ExitFindings || !strings.Contains(out, "+++ b/api/v1beta2/types.go") || !strings.Contains(out, "+++ b/controllers/controller.go") {
		t.Fatalf("diff mode: exit %d, want 1 with a diff of both modules\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = run(t, "rewrite", "-C", dir, "--write", "./...")
	if code != report.ExitOK || !strings.Contains(out, "wrote api/v1beta2/types.go") || !strings.Contains(out, "wrote controllers/controller.go") {
		t.Fatalf("--write: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = run(t, "rewrite", "-C", dir, "./...")
	if code != report.ExitOK || strings.TrimSpace(out) != "" {
		t.Errorf("second run: exit %d, want 0 and no diff\n%s\n%s", code, out, errOut)
	}
}
