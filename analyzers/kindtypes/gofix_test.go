package kindtypes_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoFixMigratesKinds applies every mpaudit fix to a copy of the kinds
// module (clusters, machines, control planes, bootstrap configs, and
// controllers using them from other packages) the way a user does, with
// go fix -fixtool: the files it changes are exactly those with a .golden,
// each equal to its golden, and the result builds and vets.
var updateGoFix = flag.Bool("update-gofix", false, "write the .gofix.golden files where go fix differs from the rewrite's goldens")

func TestGoFixMigratesKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go fix")
	}
	src, _ := filepath.Abs("testdata/kinds")
	bin := filepath.Join(t.TempDir(), "mpaudit")
	goRun(t, "", "build", "-o", bin, "../../cmd/mpaudit")

	dir := t.TempDir()
	goldens := map[string][]byte{}
	originals := map[string][]byte{}
	gofixOwn := map[string]bool{}
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
		// go fix labels no CRD, so it keeps failure fields a rewrite moves
		// with the label: its own golden, where it has one, says so.
		if name, ok := strings.CutSuffix(rel, ".gofix.golden"); ok {
			goldens[name], gofixOwn[name] = b, true
			return nil
		}
		if name, ok := strings.CutSuffix(rel, ".golden"); ok {
			if !gofixOwn[name] {
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
		if *updateGoFix && !bytes.Equal(after, goldens[rel]) && (goldens[rel] != nil || !bytes.Equal(before, after)) {
			if err := os.WriteFile(filepath.Join(src, rel+".gofix.golden"), after, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if g, ok := goldens[rel]; ok && !bytes.Equal(g, before) {
			want = append(want, rel)
		}
		if g, ok := goldens[rel]; ok {
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
