package gentool

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/internal/genconfig"
)

// toolsModule writes a tools module requiring what mpaudit's go.mod
// requires (so its build list is in the module cache: no download) and
// returns its directory and the code-generator version it pins.
func toolsModule(t *testing.T) (string, string) {
	t.Helper()
	data, err := os.ReadFile("../../go.mod")
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
	out, err := f.Format()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "hack", "tools")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Require {
		if r.Mod.Path == ConversionGen.Module {
			return dir, r.Mod.Version
		}
	}
	t.Fatal("go.mod does not require code-generator")
	return "", ""
}

// offline keeps the builds out of the user's cache and, for a version
// outside go.sum, off the network (BuildEnv).
func offline(t *testing.T) {
	t.Setenv("MPAUDIT_TOOLS_CACHE", t.TempDir())
	BuildEnv = []string{"GOPROXY=off"}
	t.Cleanup(func() { BuildEnv = nil })
}

// TestBuildFromToolsModule builds conversion-gen from a tools module that
// pins it, into the cache, once: a second Build reuses the binary.
func TestBuildFromToolsModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds conversion-gen")
	}
	offline(t)
	dir, version := toolsModule(t)
	b, err := Build(context.Background(), ConversionGen, version, dir, map[string]string{ConversionGen.Module: version}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.How != "built from the provider's tools module" || !strings.HasPrefix(filepath.Base(filepath.Dir(b.Path)), "conversion-gen@"+version+"-") {
		t.Errorf("built %+v", b)
	}
	out, err := exec.Command(b.Path, "--help").CombinedOutput()
	if !strings.Contains(string(out), "--build-tag") {
		t.Errorf("%s --help: %v\n%s", b.Path, err, out)
	}
	st, err := os.Stat(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Build(context.Background(), ConversionGen, version, dir, map[string]string{ConversionGen.Module: version}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st2, err := os.Stat(again.Path)
	if err != nil || again.Path != b.Path || !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("the second build did not reuse %s: %+v %v", b.Path, again, err)
	}
}

func linked(path string) string {
	info, _ := debug.ReadBuildInfo()
	for _, d := range info.Deps {
		if d.Path == path {
			return d.Version
		}
	}
	return ""
}

// TestChoose: the linked library when the pinned version is the linked
// one or none is pinned; the pinned binary when forced; a version that
// cannot be built falls back to the library, and the note says which
// version was pinned, which ran and why.
func TestChoose(t *testing.T) {
	if testing.Short() {
		t.Skip("builds conversion-gen")
	}
	offline(t)
	dir, version := toolsModule(t)
	root := filepath.Dir(filepath.Dir(dir))
	cfg := &genconfig.Config{ToolsModule: "hack/tools", ToolsRequire: map[string]string{ConversionGen.Module: version}}
	pinned := genconfig.Setting{Value: version, From: "hack/tools/go.mod"}
	ctx := context.Background()

	if c := Choose(ctx, ConversionGen, pinned, version, cfg, root, nil); c.Binary != nil || !strings.Contains(c.Note, "the version mpaudit links") {
		t.Errorf("same version: %+v", c)
	}
	if c := Choose(ctx, ConversionGen, genconfig.Setting{Default: true}, version, cfg, root, nil); c.Binary != nil || !strings.Contains(c.Note, "no version pinned") {
		t.Errorf("nothing pinned: %+v", c)
	}
	ForceBinary = true
	t.Cleanup(func() { ForceBinary = false })
	c := Choose(ctx, ConversionGen, pinned, version, cfg, root, nil)
	if c.Binary == nil || c.Note != "conversion-gen "+version+" as pinned (hack/tools/go.mod), built from hack/tools/go.mod" {
		t.Errorf("forced: %+v", c)
	}
	// Not in the tools module, not in the module cache, no proxy.
	bad := genconfig.Setting{Value: "v0.0.1", From: "Makefile:6, CONVERSION_GEN_VER"}
	c = Choose(ctx, ConversionGen, bad, linked("k8s.io/code-generator"), cfg, root, nil)
	want := "conversion-gen v0.0.1 pinned (Makefile:6, CONVERSION_GEN_VER) could not be built (go install k8s.io/code-generator/cmd/conversion-gen@v0.0.1: "
	if c.Binary != nil || !strings.HasPrefix(c.Note, want) || !strings.Contains(c.Note, "so the version mpaudit links ("+linked("k8s.io/code-generator")+") ran instead") {
		t.Errorf("unbuildable: %+v", c)
	}
}

func TestSanitize(t *testing.T) {
	got := Sanitize("\x1b[31merror\x1b[0m: a\r\n\n b\x07\nc\nd", 3)
	if got != "error: a; b; c; … (1 more lines)" {
		t.Errorf("Sanitize = %q", got)
	}
}

// TestGeneratorEnvBoundsMemory: a generator process gets a heap bound
// unless the user's environment sets one.
func TestGeneratorEnvBoundsMemory(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	os.Unsetenv("GOMEMLIMIT")
	if env := generatorEnv([]string{"GOFLAGS=-mod=readonly"}); !slices.Contains(env, generatorMemLimit) {
		t.Errorf("no %s in the generator's environment", generatorMemLimit)
	}
	t.Setenv("GOMEMLIMIT", "3GiB")
	if env := generatorEnv(nil); slices.Contains(env, generatorMemLimit) || !slices.Contains(env, "GOMEMLIMIT=3GiB") {
		t.Error("the user's GOMEMLIMIT was overridden")
	}
}
