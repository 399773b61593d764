package goapisymbols_test

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

// TestGoFixMovesFiles applies the move to v1beta2 the way a user does,
// with go fix -fixtool=mpaudit, to a copy of the move module: the files it
// changes are exactly those with a .golden, each equal to it (the blocked
// files keep their v1beta1 imports and have none), and the result builds
// and vets.
func TestGoFixMovesFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go fix")
	}
	src, _ := filepath.Abs("testdata/move")
	bin := filepath.Join(t.TempDir(), "mpaudit")
	goRun(t, "", "build", "-o", bin, "../../cmd/mpaudit")
	dir := t.TempDir()
	goldens, originals := map[string][]byte{}, map[string][]byte{}
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
		if name, ok := strings.CutSuffix(rel, ".golden"); ok {
			goldens[name] = b
			return nil
		}
		originals[rel] = b
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	goRun(t, dir, "fix", "-fixtool="+bin, "./...")
	var changed, want []string
	for rel, before := range originals {
		after, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			changed = append(changed, rel)
		}
		if g, ok := goldens[rel]; ok {
			want = append(want, rel)
			if !bytes.Equal(after, g) {
				t.Errorf("go fix result of %s differs from its golden:\n%s", rel, after)
			}
		}
	}
	slices.Sort(changed)
	slices.Sort(want)
	if !slices.Equal(changed, want) {
		t.Errorf("go fix changed %v, the goldens are %v", changed, want)
	}
	goRun(t, dir, "build", "./...")
	goRun(t, dir, "vet", "./...")
}

func goRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
