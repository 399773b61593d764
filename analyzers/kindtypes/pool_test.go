package kindtypes_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
)

// pooltypes is the type pass; it reports info findings too, so spokes and dual-write shapes are
// asserted.
var pooltypes = analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info}).Analyzer("kindtypes")

func TestPoolTypes(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/provider")
	analysistest.RunWithSuggestedFixes(t, dir, pooltypes, "./apis/...")
}

// TestFixShapes covers status shapes the provider module does not have:
// existing deprecated groups (pointer and value), string failure fields, a
// providerID tag without omitempty.
func TestFixShapes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), pooltypes, "example.com/legacy/...", "example.com/partial/...")
}

// TestFixShapesGoldensCompile type-checks the fixed fixture packages: the
// moved fields, the added groups and the accessors must be valid Go.
func TestFixShapesGoldensCompile(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join(analysistest.TestData(), "src", "example.com", "*", "*", "*.go.golden"))
	if len(goldens) == 0 {
		t.Fatal("no golden files")
	}
	for _, g := range goldens {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, g, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: importer.Default()}
		if _, err := conf.Check(f.Name.Name, fset, []*ast.File{f}, nil); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
}

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{"v1beta1": "V1Beta1", "upToDateReplicas": "UpToDateReplicas", "deprecated": "Deprecated"} {
		if got := kindtypes.GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}
