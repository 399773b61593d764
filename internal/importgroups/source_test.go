package importgroups

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddGroups: an added import goes into the group of its gci section
// (a .golangci.yml at the module root), not into the module's own group,
// whose path shares more with it.
func TestAddGroups(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":        "module sigs.k8s.io/cluster-api-provider-foo\n\ngo 1.24\n",
		".golangci.yml": "linters-settings:\n  gci:\n    sections:\n      - standard\n      - default\n      - prefix(sigs.k8s.io/cluster-api-provider-foo)\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := "package v1beta1\n\nimport (\n\t\"fmt\"\n\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\n\t\"sigs.k8s.io/cluster-api-provider-foo/api/v1beta2\"\n)\n\nvar _ = fmt.Sprint\nvar _ runtime.Object\nvar _ v1beta2.X\nvar _ = slices.Sort[[]int]\nvar _ = conversion.MarshalData\n"
	out, err := Add(filepath.Join(dir, "api", "v1beta1", "conversion.go"), []byte(src), map[string]string{"sigs.k8s.io/cluster-api/util/conversion": "conversion", "slices": "slices"})
	if err != nil {
		t.Fatal(err)
	}
	want := "import (\n\t\"fmt\"\n\t\"slices\"\n\n\t\"k8s.io/apimachinery/pkg/runtime\"\n\t\"sigs.k8s.io/cluster-api/util/conversion\"\n\n\t\"sigs.k8s.io/cluster-api-provider-foo/api/v1beta2\"\n)\n"
	if !strings.Contains(string(out), want) {
		t.Errorf("got:\n%s\nwant the imports:\n%s", out, want)
	}
}

// TestAdd: an import planned for code that was not written is not added
// (Go rejects an unused import), one the file has is not added twice, a
// name other than the guessed one is kept as the alias, and a file with
// no import declaration gets one.
func TestAdd(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		add       map[string]string
		want      string
	}{
		{"only used", "package v1\n\nfunc f() string { return fmt.Sprint(1) }\n",
			map[string]string{"fmt": "fmt", "k8s.io/utils/ptr": "ptr"},
			"package v1\n\nimport \"fmt\"\n\nfunc f() string { return fmt.Sprint(1) }\n"},
		{"already imported", "package v1\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\n",
			map[string]string{"fmt": "fmt"},
			"package v1\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\n"},
		{"alias", "package v1\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint\nvar _ = clusterv1.Cluster{}\n",
			map[string]string{"sigs.k8s.io/cluster-api/api/core/v1beta2": "clusterv1"},
			"package v1\n\nimport (\n\t\"fmt\"\n\n\tclusterv1 \"sigs.k8s.io/cluster-api/api/core/v1beta2\"\n)\n\nvar _ = fmt.Sprint\nvar _ = clusterv1.Cluster{}\n"},
		{"no declaration, two imports", "package v1\n\nvar _ = ptr.To(fmt.Sprint())\n",
			map[string]string{"fmt": "fmt", "k8s.io/utils/ptr": "ptr"},
			"package v1\n\nimport (\n\t\"fmt\"\n\n\t\"k8s.io/utils/ptr\"\n)\n\nvar _ = ptr.To(fmt.Sprint())\n"},
	} {
		out, err := Add(filepath.Join(t.TempDir(), "x.go"), []byte(tc.src), tc.add)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(out) != tc.want {
			t.Errorf("%s: got:\n%s\nwant:\n%s", tc.name, out, tc.want)
		}
	}
}

// TestDropUnused: only the unused imports drop accepts go; used ones, blank
// and dot imports stay, and a file with nothing to drop comes back as is.
func TestDropUnused(t *testing.T) {
	src := "package p\n\nimport (\n\t_ \"embed\"\n\t\"fmt\"\n\t. \"math\"\n\t\"os\"\n\t\"strings\"\n\n\tapi \"example.com/m/api/v2\"\n\t\"example.com/m/go-util/v3\"\n)\n\nvar _ = fmt.Sprint\n"
	var asked []string
	out, err := DropUnused("p.go", []byte(src), func(local, path string) bool {
		asked = append(asked, local+" "+path)
		return path != "os"
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nimport (\n\t_ \"embed\"\n\t\"fmt\"\n\t. \"math\"\n\t\"os\"\n)\n\nvar _ = fmt.Sprint\n"
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	if got, want := strings.Join(asked, ", "), "os os, strings strings, api example.com/m/api/v2, util example.com/m/go-util/v3"; got != want {
		t.Errorf("asked about %s, want %s", got, want)
	}
	same := "package p\n\nimport \"os\"\n\nvar  _ = 1\n"
	if out, err := DropUnused("p.go", []byte(same), func(string, string) bool { return false }); err != nil || string(out) != same {
		t.Errorf("nothing dropped, got %q, %v", out, err)
	}
	// k8s.io/api/core/v1 is package v1, not core.
	k8s := "package p\n\nimport \"k8s.io/api/core/v1\"\n\nvar _ v1.Pod\n"
	if out, err := DropUnused("p.go", []byte(k8s), func(string, string) bool { return true }); err != nil || string(out) != k8s {
		t.Errorf("core/v1 used as v1: got %q, %v", out, err)
	}
	if _, err := DropUnused("p.go", []byte("package"), func(string, string) bool { return true }); err == nil {
		t.Error("no error for a file that does not parse")
	}
}

func TestFreshName(t *testing.T) {
	taken := map[string]bool{"ptr": true, "ptr0": true, "utilptr": true, "ptr1": true}
	in := func(n string) bool { return taken[n] }
	for _, tc := range []struct {
		from  int
		cands []string
		want  string
	}{
		{0, []string{"conversion"}, "conversion"},
		{0, []string{"ptr", "utilptr", "p"}, "p"},
		{0, []string{"ptr"}, "ptr2"},
		{1, []string{"ptr", "utilptr"}, "utilptr1"},
		{2, []string{"ptr"}, "ptr2"},
	} {
		if got := FreshName(in, tc.from, tc.cands...); got != tc.want {
			t.Errorf("FreshName(%d, %v) = %s, want %s", tc.from, tc.cands, got, tc.want)
		}
	}
}

func TestGuessName(t *testing.T) {
	for path, want := range map[string]string{
		"fmt":              "fmt",
		"k8s.io/utils/ptr": "ptr",
		"sigs.k8s.io/cluster-api/api/core/v1beta2": "v1beta2",
		"github.com/blang/semver/v4":               "semver",
		"github.com/go-logr/logr":                  "logr",
		"github.com/foo/go-bar":                    "bar",
		"gopkg.in/yaml.v3":                         "yaml_v3",
		"example.com/my-lib":                       "my_lib",
	} {
		if got := GuessName(path); got != want {
			t.Errorf("GuessName(%s) = %s, want %s", path, got, want)
		}
	}
}

func TestImportsAs(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n\nimport (\n\t\"fmt\"\n\tclusterv1 \"sigs.k8s.io/cluster-api/api/core/v1beta2\"\n)\n", parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		local, path string
		want        bool
	}{
		{"", "fmt", true},
		{"fmt", "fmt", false},
		{"clusterv1", "sigs.k8s.io/cluster-api/api/core/v1beta2", true},
		{"", "sigs.k8s.io/cluster-api/api/core/v1beta2", false},
		{"", "os", false},
	} {
		if got := ImportsAs(f, tc.local, tc.path); got != tc.want {
			t.Errorf("ImportsAs(%q, %s) = %v, want %v", tc.local, tc.path, got, tc.want)
		}
	}
}

// TestAddToFileWithoutImports: the first imports of a file form one
// declaration, the module's own packages apart from the others.
func TestAddToFileWithoutImports(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "conversion.go")
	src := "// Package v1 is an API.\npackage v1\n\nvar _ = conversion.Hub(nil)\nvar _ = v1beta2.X{}\nvar _ = fmt.Sprint\n"
	out, err := Add(name, []byte(src), map[string]string{
		"sigs.k8s.io/controller-runtime/pkg/conversion": "conversion",
		"example.com/m/api/v1beta2":                     "v1beta2",
		"fmt":                                           "fmt",
		"os":                                            "os", // unused: not added
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "// Package v1 is an API.\npackage v1\n\nimport (\n\t\"fmt\"\n\n\t\"sigs.k8s.io/controller-runtime/pkg/conversion\"\n\n\t\"example.com/m/api/v1beta2\"\n)\n\nvar _ = conversion.Hub(nil)\nvar _ = v1beta2.X{}\nvar _ = fmt.Sprint\n"
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}
