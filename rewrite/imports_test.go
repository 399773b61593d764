package rewrite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAddImportsGroups: the rewrite's generated code imports a package
// into the group of its gci section (a .golangci.yml at the module root),
// not into the module's own group, whose path shares more with it.
func TestAddImportsGroups(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":        "module sigs.k8s.io/cluster-api-provider-foo\n\ngo 1.24\n",
		".golangci.yml": "linters-settings:\n  gci:\n    sections:\n      - standard\n      - default\n      - prefix(sigs.k8s.io/cluster-api-provider-foo)\n",
	})
	src := "package v1beta1\n\nimport (\n\t\"fmt\"\n\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\n\t\"sigs.k8s.io/cluster-api-provider-foo/api/v1beta2\"\n)\n\nvar _ = fmt.Sprint\nvar _ runtime.Object\nvar _ v1beta2.X\nvar _ = slices.Sort[[]int]\nvar _ = conversion.MarshalData\n"
	out, err := addImports(filepath.Join(dir, "api", "v1beta1", "conversion.go"), []byte(src), map[string]string{"sigs.k8s.io/cluster-api/util/conversion": "conversion", "slices": "slices"})
	if err != nil {
		t.Fatal(err)
	}
	want := "import (\n\t\"fmt\"\n\t\"slices\"\n\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\t\"sigs.k8s.io/cluster-api/util/conversion\"\n\n\t\"sigs.k8s.io/cluster-api-provider-foo/api/v1beta2\"\n)\n"
	if !strings.Contains(string(out), want) {
		t.Errorf("got:\n%s\nwant the imports:\n%s", out, want)
	}
}
