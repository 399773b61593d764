package crdconfig

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
)

// copyFixture copies a testdata tree's config/crd to a temporary directory.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := fixture(t, name)
	dst := filepath.Join(t.TempDir(), "config", "crd")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// wantProblemSaying fails unless one of r's problems names file and says what.
func wantProblemSaying(t *testing.T, r *Result, file, what string) {
	t.Helper()
	for _, p := range r.Problems {
		if strings.Contains(p, file) && strings.Contains(p, what) {
			return
		}
	}
	t.Fatalf("no problem naming %s with %q; problems %q", file, what, r.Problems)
}

// Hostile files in config/crd, each where the reader or only kustomize
// reads it, are refused within seconds and well under 500 MB, named.
func TestLoadHostileYAML(t *testing.T) {
	const base = "bases/infrastructure.cluster.x-k8s.io_foomachinepools.yaml"
	tests := []struct {
		name, file, content, what string
	}{
		{"alias bomb in a CRD base", base, boundedtest.AliasBomb(), "aliases expand"},
		{"huge mapping in a CRD base", base, boundedtest.HugeMapping(32000), "mappings too large"},
		{"alias bomb in a file only kustomize reads", "kustomizeconfig.yaml", bombTail(), "aliases expand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyFixture(t, "labelspairs")
			file := filepath.Join(dir, tt.file)
			writeFile(t, file, tt.content)
			var r *Result
			var err error
			boundedtest.Run(t, func() { r, err = Load(dir) })
			if err != nil {
				t.Fatal(err)
			}
			if r.Rendered {
				t.Errorf("rendered despite %s", tt.name)
			}
			wantProblemSaying(t, r, file, tt.what)
		})
	}
}

// bombTail is a kustomize configuration whose aliases expand to 9^8 nodes.
func bombTail() string {
	var b strings.Builder
	b.WriteString("a0: &a0 [1,1,1,1,1,1,1,1,1]\n")
	for i := 1; i < 9; i++ {
		p := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [" + strings.Repeat(p+",", 8) + p + "]\n")
	}
	return b.String()
}

// A FIFO among the CRD files never blocks the load.
func TestLoadFIFO(t *testing.T) {
	dir := copyFixture(t, "plainbases")
	fifo := filepath.Join(dir, "bases", "pipe.yaml")
	boundedtest.FIFO(t, fifo)
	var r *Result
	var err error
	boundedtest.Run(t, func() { r, err = Load(dir) })
	if err != nil {
		t.Fatal(err)
	}
	wantProblemSaying(t, r, fifo, "named pipe")
}

// An unreadable config/crd, or an unreadable file in it, is a problem (a
// load error), never the absence of a config/crd.
func TestUnreadableConfigIsNotAbsent(t *testing.T) {
	t.Run("unreadable kustomization", func(t *testing.T) {
		dir := copyFixture(t, "labelspairs")
		k := filepath.Join(dir, "kustomization.yaml")
		boundedtest.Unreadable(t, k)
		if got := FindConfigDir(filepath.Dir(filepath.Dir(dir)), ""); got != dir {
			t.Fatalf("FindConfigDir = %q, want %s", got, dir)
		}
		r := load(t, dir)
		if len(r.Problems) == 0 && r.RenderError == nil {
			t.Fatalf("no problem reported: %+v", r)
		}
		wantProblem(t, r, k)
	})
	t.Run("unreadable CRD base", func(t *testing.T) {
		dir := copyFixture(t, "plainbases")
		files, _ := filepath.Glob(filepath.Join(dir, "bases", "*.yaml"))
		boundedtest.Unreadable(t, files[0])
		r := load(t, dir)
		wantProblem(t, r, files[0])
	})
	t.Run("unreadable config/crd directory", func(t *testing.T) {
		dir := copyFixture(t, "labelspairs")
		os.RemoveAll(dir)
		boundedtest.Unreadable(t, dir)
		if got := FindConfigDir(filepath.Dir(filepath.Dir(dir)), ""); got != dir {
			t.Fatalf("FindConfigDir = %q, want %s", got, dir)
		}
		if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), dir) {
			t.Fatalf("Load: err = %v, want an error naming %s", err, dir)
		}
	})
	if os.Geteuid() != 0 {
		t.Run("permission denied", func(t *testing.T) {
			dir := copyFixture(t, "labelspairs")
			if err := os.Chmod(dir, 0); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(dir, 0o755)
			if got := FindConfigDir(filepath.Dir(filepath.Dir(dir)), ""); got != dir {
				t.Fatalf("FindConfigDir = %q, want %s", got, dir)
			}
			if _, err := Load(dir); err == nil {
				t.Fatal("Load of an unreadable directory: no error")
			}
		})
	}
}
