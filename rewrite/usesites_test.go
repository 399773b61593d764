package rewrite

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// funcSources maps a file's top-level functions to their source.
func funcSources(t *testing.T, path string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			out[fd.Name.Name] = string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
		}
	}
	return out
}

// TestRewriteReachesUsesOutsideThePattern: rewriting ./apis/bootstrap/...
// alone changes FooConfig's dataSecretName to a string and adds its
// initialization; the controllers, outside the pattern, use both, so their
// uses of FooConfig are rewritten as a rewrite of the whole module
// rewrites them (the golden's functions), and nothing else of them: the
// other kinds' uses stay as they were. The result builds and vets.
func TestRewriteReachesUsesOutsideThePattern(t *testing.T) {
	dir := copyTree(t, "testdata/kindsprovider")
	controllers := filepath.Join(dir, "controllers", "controllers.go")
	before := funcSources(t, controllers)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./apis/bootstrap/..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	want := []string{
		"apis/bootstrap/v1beta1/fooconfig_types.go",
		"apis/bootstrap/v1beta1/zz_generated.deepcopy.go",
		"config/crd/kustomization.yaml",
		"config/crd/patches/contract_label_fooconfigs.yaml",
		"controllers/controllers.go",
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	golden := funcSources(t, filepath.Join("testdata", "kindsprovider", "controllers", "controllers.go.golden"))
	after := funcSources(t, controllers)
	fooConfig := []string{"DataSecret", "ReconcileConfig"}
	for name, src := range after {
		want := before[name]
		if slices.Contains(fooConfig, name) {
			want = golden[name]
		}
		if src != want {
			t.Errorf("%s after the rewrite:\n%s\nwant:\n%s", name, src, want)
		}
	}
}

// TestRewriteWithholdsATypeFixAUseBlocks: a use outside the pattern that no
// fix rewrites (two data secret name pointers compared: identity, not
// value) would not compile once dataSecretName is a string. The rewrite
// withholds that type fix and its use-site fixes, says why, and makes the
// rest, instead of refusing the whole run.
func TestRewriteWithholdsATypeFixAUseBlocks(t *testing.T) {
	dir := copyTree(t, "testdata/kindsprovider")
	same := "package controllers\n\nimport bootv1 \"example.com/kinds/apis/bootstrap/v1beta1\"\n\n" +
		"// SameSecret reports whether both configs share one name pointer.\n" +
		"func SameSecret(a, b *bootv1.FooConfig) bool { return a.Status.DataSecretName == b.Status.DataSecretName }\n"
	if err := os.WriteFile(filepath.Join(dir, "controllers", "same.go"), []byte(same), 0o644); err != nil {
		t.Fatal(err)
	}
	controllers := filepath.Join(dir, "controllers", "controllers.go")
	before := funcSources(t, controllers)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./apis/bootstrap/..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "build", "./...")
	types, _ := os.ReadFile(filepath.Join(dir, "apis", "bootstrap", "v1beta1", "fooconfig_types.go"))
	if !bytes.Contains(types, []byte("DataSecretName *string")) {
		t.Errorf("dataSecretName changed although a use blocks it:\n%s", types)
	}
	if !bytes.Contains(types, []byte("Initialization FooConfigInitializationStatus")) {
		t.Errorf("the other type fixes were not made:\n%s", types)
	}
	after := funcSources(t, controllers)
	if after["DataSecret"] != before["DataSecret"] {
		t.Errorf("a use of the withheld field was rewritten:\n%s", after["DataSecret"])
	}
	wantManual := "FooConfig status.dataSecretName keeps its v1beta1 shape: no fix rewrites its use at " +
		"controllers/same.go:6 (`a.Status.DataSecretName`), controllers/same.go:6 (`b.Status.DataSecretName`); change them by hand, then run the rewrite again"
	if !slices.Contains(res.Manual, wantManual) {
		t.Errorf("items for a person lack\n%s\ngot:\n%s", wantManual, strings.Join(res.Manual, "\n"))
	}
	var withheld []string
	for _, f := range res.After.Findings {
		if strings.Contains(f.Message, "its fix is withheld") {
			withheld = append(withheld, f.Rule+" "+f.Kind+" "+f.Field)
		}
	}
	if want := []string{contract.RuleKindV1Beta1Shape + " FooConfig status.dataSecretName"}; !slices.Equal(withheld, want) {
		t.Errorf("findings saying their fix is withheld: %v, want %v", withheld, want)
	}
}

// TestRewriteReachesTheAPIPackagesTests: the API package's own tests, in
// the package and in its external test package, store and read
// FooMachine's spec.providerID as a *string. Once the type fix makes it a
// string, their uses are rewritten with it, so the module still vets.
func TestRewriteReachesTheAPIPackagesTests(t *testing.T) {
	dir := copyTree(t, "testdata/kindsprovider")
	api := filepath.Join(dir, "apis", "infra", "v1beta1")
	inPkg := "package v1beta1\n\nimport (\n\t\"testing\"\n\n\t\"k8s.io/utils/ptr\"\n)\n\n" +
		"func TestProviderID(t *testing.T) {\n\tm := FooMachine{Spec: FooMachineSpec{ProviderID: ptr.To(\"foo://a\")}}\n" +
		"\tif *m.Spec.ProviderID != \"foo://a\" {\n\t\tt.Fatal(\"lost\")\n\t}\n}\n"
	external := "package v1beta1_test\n\nimport (\n\t\"testing\"\n\n\t\"k8s.io/utils/ptr\"\n\n" +
		"\tinfrav1 \"example.com/kinds/apis/infra/v1beta1\"\n)\n\n" +
		"func TestProviderIDOutside(t *testing.T) {\n\tm := infrav1.FooMachine{Spec: infrav1.FooMachineSpec{ProviderID: ptr.To(\"foo://b\")}}\n" +
		"\tif ptr.Deref(m.Spec.ProviderID, \"\") != \"foo://b\" {\n\t\tt.Fatal(\"lost\")\n\t}\n}\n"
	for name, src := range map[string]string{"foomachine_test.go": inPkg, "foomachine_ext_test.go": external} {
		if err := os.WriteFile(filepath.Join(api, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Run(Options{Dir: dir, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "./apis/infra/...")
	for _, want := range []string{"apis/infra/v1beta1/foomachine_ext_test.go", "apis/infra/v1beta1/foomachine_test.go"} {
		if !slices.Contains(changedFiles(res), want) {
			t.Errorf("%s not rewritten; changed: %v", want, changedFiles(res))
		}
	}
	types, _ := os.ReadFile(filepath.Join(api, "foomachine_types.go"))
	if !bytes.Contains(types, []byte("ProviderID string")) {
		t.Errorf("providerID kept its pointer:\n%s", types)
	}
}
