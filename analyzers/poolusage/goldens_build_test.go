package poolusage_test

import (
	"bytes"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestGoldensBuild builds the use-site goldens with the go toolchain: the
// fixture tree with every .golden in place of its file and the API packages
// as the real kindtypes fixes leave them, so a fix that type-checks only in
// the golden's eyes fails here.
func TestGoldensBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build and go vet")
	}
	src := filepath.Join(analysistest.TestData(), "src")
	gopath := t.TempDir()
	dst := filepath.Join(gopath, "src")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(rel, ".golden"):
			rel = strings.TrimSuffix(rel, ".golden")
		case fileExists(path + ".golden"):
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}

	// The type side: apply kindtypes' fixes to the API packages.
	apis := []string{"example.com/companion/api/v1beta2", "example.com/manual/api/v1beta2"}
	for _, r := range analysistest.Run(quiet{}, analysistest.TestData(), info.Analyzer("kindtypes"), apis...) {
		edits := map[string][]analysis.TextEdit{}
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					name := r.Pass.Fset.File(e.Pos).Name()
					if !slices.ContainsFunc(edits[name], func(o analysis.TextEdit) bool {
						return o.Pos == e.Pos && o.End == e.End && bytes.Equal(o.NewText, e.NewText)
					}) {
						edits[name] = append(edits[name], e)
					}
				}
			}
		}
		for name, es := range edits {
			rel, _ := filepath.Rel(src, name)
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			fixed := apply(t, r.Pass.Fset.File(es[0].Pos), b, es)
			if err := os.WriteFile(filepath.Join(dst, rel), fixed, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	// manual.go holds the uses left to a person: after the type fixes they
	// do not compile until someone changes them.
	if err := os.Remove(filepath.Join(dst, "example.com", "manual", "use", "manual.go")); err != nil {
		t.Fatal(err)
	}
	pkgs := []string{"example.com/companion/...", "example.com/manual/..."}
	env := []string{"GO111MODULE=off", "GOPATH=" + gopath, "GOFLAGS="}
	goEnv(t, env, dst, append([]string{"build"}, pkgs...)...)
	goEnv(t, env, dst, append([]string{"vet"}, pkgs...)...)
}

// apply applies non-overlapping edits to src.
func apply(t *testing.T, tf *token.File, src []byte, edits []analysis.TextEdit) []byte {
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		from, to := tf.Offset(e.Pos), tf.Offset(e.End)
		if from < last {
			t.Fatalf("%s: overlapping edits", tf.Name())
		}
		out.Write(src[last:from])
		out.Write(e.NewText)
		last = to
	}
	out.Write(src[last:])
	return out.Bytes()
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// quiet discards analysistest's complaints about the API fixtures, which
// carry no // want comments: only their fixes are used here.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}
