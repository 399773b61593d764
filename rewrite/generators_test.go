package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/internal/gentool"
)

// A test binary carries no versions of its dependencies: go.mod's are
// the ones linked.
func init() {
	data, err := os.ReadFile("../go.mod")
	if err != nil {
		return
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		return
	}
	for _, r := range f.Require {
		linkedVersions[r.Mod.Path] = r.Mod.Version
	}
}

// offlineGenerators keeps the generators' builds off the network and out
// of the user's cache: a pinned version not in the module cache cannot be
// built.
func offlineGenerators(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("GOPROXY", "off")
	t.Setenv("MPAUDIT_TOOLS_CACHE", cache)
	return cache
}

// pinInToolsModule gives the provider at dir a hack/tools module that
// requires what mpaudit requires (the linked generators; its build list is
// in the module cache) and drops the Makefile's version variables, so the
// tools module pins the versions.
func pinInToolsModule(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddModuleStmt("example.com/tools"); err != nil {
		t.Fatal(err)
	}
	mod, err := f.Format()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	tools := filepath.Join(dir, "hack", "tools")
	if err := os.MkdirAll(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string][]byte{"go.mod": mod, "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(tools, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk := filepath.Join(dir, "Makefile")
	src, err := os.ReadFile(mk)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for line := range strings.Lines(string(src)) {
		if strings.Contains(line, "_GEN_VER :=") {
			line = "\n" // keep the line numbers
		}
		kept = append(kept, strings.ReplaceAll(line, "-$(CONVERSION_GEN_VER)", ""))
	}
	out := strings.ReplaceAll(strings.Join(kept, ""), "-$(CONTROLLER_GEN_VER)", "")
	if err := os.WriteFile(mk, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRewriteRunsThePinnedGenerators: the provider's tools module pins
// conversion-gen and controller-gen (at the linked versions, so that no
// download is needed; the process path is forced). Both are built from
// that module into the tools cache and run as processes with the
// provider's flags; the PR body says so, and every file they write is the
// one the linked libraries write, byte for byte.
func TestRewriteRunsThePinnedGenerators(t *testing.T) {
	cache := offlineGenerators(t)
	lib := copyTree(t, "testdata/bootconvprovider")
	pinInToolsModule(t, lib)
	bin := copyTree(t, "testdata/bootconvprovider")
	pinInToolsModule(t, bin)

	want, err := Run(Options{Dir: lib, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatalf("rewrite with the libraries: %v", err)
	}
	conv, ctrl := linkedVersion("k8s.io/code-generator"), linkedVersion("sigs.k8s.io/controller-tools")
	for _, w := range []string{"conversion-gen " + conv + " as pinned (hack/tools/go.mod), the version mpaudit links", "controller-gen " + ctrl + " as pinned (hack/tools/go.mod), the version mpaudit links"} {
		if !strings.Contains(want.Generators, w) {
			t.Errorf("library run: Generators = %q, lacks %q", want.Generators, w)
		}
	}
	gentool.ForceBinary = true
	t.Cleanup(func() { gentool.ForceBinary = false })
	got, err := Run(Options{Dir: bin, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatalf("rewrite with the pinned binaries: %v", err)
	}
	for _, w := range []string{"conversion-gen " + conv + " as pinned (hack/tools/go.mod), built from hack/tools/go.mod", "controller-gen " + ctrl + " as pinned (hack/tools/go.mod), built from hack/tools/go.mod"} {
		if !strings.Contains(got.Generators, w) {
			t.Errorf("binary run: Generators = %q, lacks %q", got.Generators, w)
		}
	}
	for _, tool := range []string{"conversion-gen", "controller-gen"} {
		if m, _ := filepath.Glob(filepath.Join(cache, tool+"@"+map[string]string{"conversion-gen": conv, "controller-gen": ctrl}[tool]+"-*", tool)); len(m) != 1 {
			t.Errorf("no %s built in the tools cache: %v", tool, m)
		}
	}
	files := func(res *Result) map[string][]byte {
		out := map[string][]byte{}
		for _, c := range res.Changes {
			out[c.Rel] = c.New
		}
		return out
	}
	w, g := files(want), files(got)
	if !slices.Equal(changedFiles(want), changedFiles(got)) {
		t.Errorf("changed files: libraries %v, binaries %v", changedFiles(want), changedFiles(got))
	}
	for _, rel := range []string{"apis/bootstrap/v1beta1/zz_generated.conversion.go", "apis/bootstrap/v1beta2/zz_generated.deepcopy.go"} {
		if w[rel] == nil || !bytes.Equal(w[rel], g[rel]) {
			t.Errorf("%s differs between the libraries and the binaries:\n%s\n---\n%s", rel, w[rel], g[rel])
		}
	}
}
