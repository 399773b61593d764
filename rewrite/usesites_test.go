package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"
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
