package imports

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddImportFollowsGCI: a fix's import goes into the group of its gci
// section, not after the file's last (local) import.
func TestAddImportFollowsGCI(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":        "module github.com/example/prov\n\ngo 1.24\n",
		".golangci.yml": "linters-settings:\n  gci:\n    sections: [standard, default, prefix(github.com/example/prov)]\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := "package controllers\n\nimport (\n\t\"context\"\n\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\n\tinfrav1 \"github.com/example/prov/api/v1beta2\"\n)\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filepath.Join(dir, "controllers", "c.go"), src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	f := &File{fset: fset, file: file}
	edits := f.addImportEdits("", "k8s.io/utils/ptr")
	if len(edits) != 1 {
		t.Fatalf("%d edits", len(edits))
	}
	at := fset.Position(edits[0].Pos).Offset
	got := src[:at] + string(edits[0].NewText) + src[at:]
	want := "\t\"k8s.io/utils/ptr\"\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\n\tinfrav1"
	if !strings.Contains(got, want) {
		t.Errorf("got:\n%s\nwant the group:\n%s", got, want)
	}
}
