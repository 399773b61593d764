// Package gofixtest applies mpaudit's fixes to a fixture module the way a
// user does, with go fix -fixtool, for the analyzers' go fix tests.
package gofixtest

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Options says what Run checks besides each golden's content.
type Options struct {
	// Update writes NAME.gofix.golden beside the fixture where go fix's
	// result differs from NAME's golden.
	Update bool
	// GoldensOnly checks the files with a golden only; otherwise the files
	// go fix changes must be exactly those whose golden differs from them.
	GoldensOnly bool
}

// Run copies the module at src (relative to the test's package) into a
// temporary directory, builds cmd/mpaudit, runs go fix -fixtool=mpaudit
// ./... there and checks each file against its golden: NAME.gofix.golden
// where go fix, which labels no CRD, differs from the rewrite, else
// NAME.golden. The result must build and vet. It returns the directory.
func Run(t *testing.T, src string, o Options) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs go fix")
	}
	src, _ = filepath.Abs(src)
	bin := filepath.Join(t.TempDir(), "mpaudit")
	Go(t, "", "build", "-o", bin, "github.com/mpaudit/mpaudit/cmd/mpaudit")
	dir := t.TempDir()
	goldens, originals, own := map[string][]byte{}, map[string][]byte{}, map[string]bool{}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if name, ok := strings.CutSuffix(rel, ".gofix.golden"); ok {
			goldens[name], own[name] = b, true
			return nil
		}
		if name, ok := strings.CutSuffix(rel, ".golden"); ok {
			if !own[name] {
				goldens[name] = b
			}
			return nil
		}
		originals[rel] = b
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	Go(t, dir, "fix", "-fixtool="+bin, "./...")
	var changed, want []string
	for rel, before := range originals {
		after, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			changed = append(changed, rel)
		}
		g, ok := goldens[rel]
		if o.Update && !bytes.Equal(after, g) && (ok || !bytes.Equal(before, after)) {
			if err := os.WriteFile(filepath.Join(src, rel+".gofix.golden"), after, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if ok && !bytes.Equal(g, before) {
			want = append(want, rel)
		}
		if ok && !bytes.Equal(after, g) {
			t.Errorf("go fix result of %s differs from its golden:\n%s", rel, after)
		}
	}
	slices.Sort(changed)
	slices.Sort(want)
	if !o.GoldensOnly && !slices.Equal(changed, want) {
		t.Errorf("go fix changed %v, the goldens are %v", changed, want)
	}
	Go(t, dir, "build", "./...")
	Go(t, dir, "vet", "./...")
	return dir
}

// Go runs the go command in dir and fails the test on an error.
func Go(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
