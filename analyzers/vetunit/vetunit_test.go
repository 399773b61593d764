package vetunit

import (
	"bytes"
	"fmt"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// callTypes reports the type of every called function, so a diagnostic in
// an analysed package shows that its skipped imports' types arrived.
var callTypes = &analysis.Analyzer{
	Name: "calltypes",
	Doc:  "reports the type of each called function",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					pass.Reportf(call.Pos(), "call of %s", pass.TypesInfo.TypeOf(call.Fun))
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestMain turns the test binary into a vet tool that runs Prepare, as
// cmd/mpaudit does, so go vet can drive it.
func TestMain(m *testing.M) {
	if os.Getenv("VETUNIT_TOOL") == "1" {
		if run := os.Getenv("VETUNIT_RUN"); run != "" && slices.Contains(os.Args[1:], "-V=full") {
			// An ID of this run, not of the binary: go vet then reuses no
			// result of an earlier run of the same test binary, whose
			// vet.cfg files the test reads.
			fmt.Printf("%s version devel vetunit-test buildID=%s\n", filepath.Base(os.Args[0]), run)
			os.Exit(0)
		}
		if last := os.Args[len(os.Args)-1]; strings.HasSuffix(last, ".cfg") {
			next, skipped, err := Prepare(last)
			if err != nil {
				os.Stderr.WriteString(err.Error() + "\n")
				os.Exit(2)
			}
			if skipped {
				os.Exit(0)
			}
			os.Args[len(os.Args)-1] = next
		}
		unitchecker.Main(callTypes)
	}
	os.Exit(m.Run())
}

// TestSkipAndConvert: under go vet, a dependency without markers is not
// type-checked (its vetx has no types), and the package that imports it is
// analysed with its types read from the compiler's export data.
func TestSkipAndConvert(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	dir := t.TempDir()
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for name, src := range map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.26\n",
		"a/a.go":   "package a\n\nimport \"strings\"\n\n// Twice doubles s.\nfunc Twice(s string) string { return strings.Repeat(s, 2) }\n",
		"b/b.go":   "package b\n\nimport \"example.com/m/a\"\n\n// +kubebuilder:object:root=true\ntype T struct{}\n\nvar X = a.Twice(\"x\")\n",
		"c/c.go":   "package c\n\nimport \"example.com/m/b\"\n\nvar Y = b.X\n",
		"c/c2.go":  "package c\n\nfunc two() int { return len(Y) }\n",
		"d/d.go":   "package d\n\nimport (\n\t\"example.com/m/a\"\n\t\"example.com/m/c\"\n)\n\nvar Z = a.Twice(c.Y)\n",
		"x/x.go":   "package x\n\nimport _ \"example.com/m/d\"\n",
		"x/x_2.go": "package x\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// x is named: d, c, b, a and std are VetxOnly dependencies.
	cmd := exec.Command("go", "vet", "-work", "-vettool="+exe, "./x")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "VETUNIT_TOOL=1", "VETUNIT_RUN="+run, "GOFLAGS=", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	work := regexp.MustCompile(`WORK=(\S+)`).FindSubmatch(out)
	if work == nil {
		t.Fatalf("go vet -work printed no WORK:\n%s", out)
	}
	t.Cleanup(func() { os.RemoveAll(string(work[1])) })

	// Each package's vetx, by import path (from its cfg).
	cfgs, _ := filepath.Glob(filepath.Join(string(work[1]), "b*", "vet.cfg"))
	vetxOf := map[string]vetxHeader{}
	for _, c := range cfgs {
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		path := regexp.MustCompile(`"ImportPath":\s*"([^"]+)"`).FindSubmatch(data)
		vetx := filepath.Join(filepath.Dir(c), "vet.out")
		h, err := readHeader(vetx)
		if err != nil {
			t.Fatalf("%s: %v", path[1], err)
		}
		st, err := os.Stat(vetx)
		if err != nil {
			t.Fatal(err)
		}
		// unitchecker's layout: header, types, facts, nothing else.
		if int64(vetxHeaderSize)+int64(h.typesLen)+int64(h.factsLen) != st.Size() {
			t.Errorf("%s: vetx header says %d+%d bytes, file has %d", path[1], h.typesLen, h.factsLen, st.Size()-vetxHeaderSize)
		}
		vetxOf[string(path[1])] = h
	}
	for path, analysed := range map[string]bool{
		"example.com/m/a": false, // no marker, imports only std
		"example.com/m/b": true,  // marker
		"example.com/m/c": false, // imports b, but b has no facts under this analyzer
		"example.com/m/d": false,
		"strings":         false,
	} {
		h, ok := vetxOf[path]
		if !ok {
			t.Errorf("no vetx for %s", path)
			continue
		}
		if got := h.typesLen != 0; got != analysed {
			t.Errorf("%s: type-checked = %v, want %v", path, got, analysed)
		}
	}
	// Diagnostics of dependencies are not printed: name b and d to see
	// that they were analysed with their skipped imports' types. A vet
	// flag changes go's cache key: go vet would otherwise replay the
	// result of their VetxOnly runs, which printed nothing.
	cmd = exec.Command("go", "vet", "-vettool="+exe, "-calltypes", "./b", "./d")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "VETUNIT_TOOL=1", "VETUNIT_RUN="+run, "GOFLAGS=", "GOWORK=off")
	out, err = cmd.CombinedOutput()
	if err == nil {
		t.Errorf("go vet ./b ./d succeeded, want diagnostics")
	}
	for _, want := range []string{
		"b.go:8:9: call of func(s string) string",
		"d.go:8:9: call of func(s string) string",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
}

// TestPatchImportersAreAnalysed: a package that imports a patch helper is
// analysed even when nothing else needs it, so that its Patch calls reach
// its importers as conditionowned's facts.
func TestPatchImportersAreAnalysed(t *testing.T) {
	src := filepath.Join(t.TempDir(), "s.go")
	if err := os.WriteFile(src, []byte("package s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"sigs.k8s.io/cluster-api/util/patch": false, "strings": true} {
		cfg := &unitchecker.Config{GoFiles: []string{src}, ImportMap: map[string]string{path: path}}
		got, err := skippable(cfg, nil)
		if err != nil || got != want {
			t.Errorf("importing %s: skippable %v (%v), want %v", path, got, err, want)
		}
	}
}
