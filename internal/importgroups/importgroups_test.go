package importgroups

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const grouped = `package p

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util"

	"example.com/prov/api"
)
`

// TestPlace: an added import joins the group of its kind or gci section,
// at its sorted place, or starts a group where its section goes.
func TestPlace(t *testing.T) {
	for _, tc := range []struct {
		name       string
		config     string // file name: content
		src        string
		addName    string
		add        string
		wantImport string // the import block after the edit
	}{
		{"third-party into its group, not the local one", "", grouped, "", "k8s.io/utils/ptr",
			"\t\"fmt\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"k8s.io/utils/ptr\"\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n"},
		{"standard first", "", grouped, "", "strings",
			"\t\"fmt\"\n\t\"strings\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n"},
		{"local last", "", grouped, "", "example.com/prov/util",
			"\t\"fmt\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n\t\"example.com/prov/util\"\n"},
		{"a file that keeps third-party and local together", "",
			"package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/prov/api\"\n\t\"sigs.k8s.io/cluster-api/util\"\n)\n", "", "k8s.io/utils/ptr",
			"\t\"fmt\"\n\n\t\"example.com/prov/api\"\n\t\"k8s.io/utils/ptr\"\n\t\"sigs.k8s.io/cluster-api/util\"\n"},
		{"a missing third-party group goes between", "",
			"package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/prov/api\"\n)\n", "", "k8s.io/utils/ptr",
			"\t\"fmt\"\n\n\t\"k8s.io/utils/ptr\"\n\n\t\"example.com/prov/api\"\n"},
		{"gci v1: the prefix section", ".golangci.yml:linters-settings:\n  gci:\n    sections:\n      - standard\n      - default\n      - prefix(sigs.k8s.io/cluster-api)\n      - prefix(example.com/prov)\n    custom-order: true\n",
			"package p\n\nimport (\n\t\"fmt\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n)\n", "", "sigs.k8s.io/cluster-api/util/conversion",
			"\t\"fmt\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\n\t\"sigs.k8s.io/cluster-api/util\"\n\t\"sigs.k8s.io/cluster-api/util/conversion\"\n\n\t\"example.com/prov/api\"\n"},
		{"gci v1: default is not the prefix section", ".golangci.yml:linters-settings:\n  gci:\n    sections: [standard, default, prefix(sigs.k8s.io/cluster-api), prefix(example.com/prov)]\n    custom-order: true\n",
			"package p\n\nimport (\n\t\"fmt\"\n\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n)\n", "", "sigs.k8s.io/yaml",
			"\t\"fmt\"\n\n\t\"sigs.k8s.io/yaml\"\n\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/prov/api\"\n"},
		{"gci v2 localmodule, in gci's own order", ".golangci.yaml:version: \"2\"\nformatters:\n  settings:\n    gci:\n      sections: [localmodule, standard, default]\n",
			"package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/prov/api\"\n)\n", "", "k8s.io/utils/ptr",
			"\t\"fmt\"\n\n\t\"k8s.io/utils/ptr\"\n\n\t\"example.com/prov/api\"\n"},
		{"gci toml: the local prefix holds a third-party-looking path", ".golangci.toml:[linters-settings.gci]\nsections = [\"standard\", \"default\", \"prefix(example.com)\"]\n",
			grouped, "", "example.com/other/x",
			"\t\"fmt\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"sigs.k8s.io/cluster-api/util\"\n\n\t\"example.com/other/x\"\n\t\"example.com/prov/api\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/prov\n\ngo 1.24\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.config != "" {
				name, content, _ := strings.Cut(tc.config, ":")
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			rules, err := For(dir)
			if err != nil {
				t.Fatal(err)
			}
			if (tc.config != "") != (len(rules.Sections) > 0) {
				t.Fatalf("sections %v from %q", rules.Sections, tc.config)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(dir, "p.go"), tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := rules.Place(fset, f, tc.addName, tc.add)
			if !ok {
				t.Fatal("no place")
			}
			at := fset.Position(e.Pos).Offset
			out := tc.src[:at] + e.Text + tc.src[at:]
			start, end := strings.Index(out, "import (\n")+len("import (\n"), strings.Index(out, ")\n")
			if got := out[start:end]; got != tc.wantImport {
				t.Errorf("imports:\n%s\nwant:\n%s", got, tc.wantImport)
			}
		})
	}
}
