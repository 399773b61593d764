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

// toolsCache keeps the generators' builds out of the user's cache.
func toolsCache(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("MPAUDIT_TOOLS_CACHE", cache)
	return cache
}

// offlineGenerators is toolsCache with the generators' builds (only
// them) off the network: a pinned version not in the module cache cannot
// be built, and none is downloaded.
func offlineGenerators(t *testing.T) string {
	t.Helper()
	gentool.BuildEnv = []string{"GOPROXY=off"}
	t.Cleanup(func() { gentool.BuildEnv = nil })
	return toolsCache(t)
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
	// The linked versions' build lists are go.sum's: nothing but those
	// modules is ever fetched (and they are in the module cache here).
	cache := toolsCache(t)
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

// TestRewriteCRDsWithTheMakefilesOptions: the provider's Makefile runs
// controller-gen crd:maxDescLen=12, which no guessed variant reproduces;
// the CRD generator runs with that option, so both committed CRDs are
// regenerated, exactly as that controller-gen makes them from the
// rewritten types, and the PR body names the option and its line.
func TestRewriteCRDsWithTheMakefilesOptions(t *testing.T) {
	toolsCache(t)
	dir := copyTree(t, "testdata/crdprovider")
	writeGenerated(t, filepath.Join(dir, basesDir), controllerGen(t, dir, new(12)))
	mk := "CONTROLLER_GEN := bin/controller-gen\n\nmanifests:\n\t$(CONTROLLER_GEN) crd:maxDescLen=12 paths=./api/... output:crd:artifacts:config=config/crd/bases\n"
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(mk), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v\nmanual: %q", err, res.Manual)
	}
	fresh := controllerGen(t, dir, new(12))
	for _, name := range []string{clustersCRD, machinesCRD} {
		if got, _ := os.ReadFile(filepath.Join(dir, basesDir, name)); !bytes.Equal(got, fresh[name]) {
			t.Errorf("%s is not controller-gen's crd:maxDescLen=12 CRD of the rewritten types:\n%s\nwant:\n%s", name, got, fresh[name])
		}
	}
	item := res.crdItem(true)
	if !item.done || len(item.details) != 2 || !strings.Contains(item.details[0], "(crd:maxDescLen=12 (Makefile:4)): ") {
		t.Errorf("CRD item: %+v", item)
	}
}

// TestRewriteNestedModuleWithTheRepositorysMakefile: rewritten from its
// api/ module, whose generators the repository's Makefile runs (cd api &&
// controller-gen object:headerFile=../hack/…), the regenerated deepcopy
// file carries that Makefile's header file.
func TestRewriteNestedModuleWithTheRepositorysMakefile(t *testing.T) {
	toolsCache(t)
	dir := copyTree(t, "testdata/nestedprovider")
	const header = "/*\nCopyright The Nested Authors.\n*/\n"
	// Nothing outside the api module uses the types the rewrite changes.
	if err := os.RemoveAll(filepath.Join(dir, "test")); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"controllers/controllers.go": "package controllers\n\nimport infrav1 \"example.com/crds/api/v1beta1\"\n\nvar _ = infrav1.GroupVersion\n",
		"Makefile":                   "CONTROLLER_GEN := hack/tools/bin/controller-gen\n\ngenerate:\n\tcd api && $(CONTROLLER_GEN) object:headerFile=../hack/boilerplate.go.txt paths=./...\n",
		"hack/boilerplate.go.txt":    header,
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Run(Options{Dir: filepath.Join(dir, "api"), Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v\nmanual: %q", err, res.Manual)
	}
	got := readFile(t, filepath.Join(dir, "api", "v1beta1", "zz_generated.deepcopy.go"))
	if !strings.Contains(got, "\n"+header+"\n// Code generated by controller-gen. DO NOT EDIT.\n") {
		t.Errorf("the deepcopy file lacks the Makefile's header:\n%s", got[:min(len(got), 300)])
	}
	if !strings.Contains(res.Generators, "controller-gen object:headerFile=../hack/boilerplate.go.txt (Makefile:4)") {
		t.Errorf("Generators = %q", res.Generators)
	}
}
