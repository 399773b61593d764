package live

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
)

// dumpDir is a directory holding the example dump and whatever extra adds.
func dumpDir(t *testing.T, extra func(dir string)) string {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dump.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	extra(dir)
	return dir
}

func wantErrNaming(t *testing.T, err error, path, what string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), what) {
		t.Fatalf("err = %v, want one naming %s and saying %q", err, path, what)
	}
}

// A FIFO or a device given as the dump is refused at once, never read.
func TestLoadFileRefusesNonRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "dump.yaml")
	boundedtest.FIFO(t, fifo)
	var err error
	boundedtest.Run(t, func() { _, err = LoadFile(context.Background(), fifo) })
	wantErrNaming(t, err, fifo, "named pipe")
	boundedtest.Run(t, func() { _, err = LoadFile(context.Background(), "/dev/zero") })
	wantErrNaming(t, err, "/dev/zero", "device")
}

func TestLoadFileRefusesAliasBomb(t *testing.T) {
	p := filepath.Join(t.TempDir(), "dump.yaml")
	if err := os.WriteFile(p, []byte(boundedtest.AliasBomb()), 0o644); err != nil {
		t.Fatal(err)
	}
	var err error
	boundedtest.Run(t, func() { _, err = LoadFile(context.Background(), p) })
	wantErrNaming(t, err, p, "aliases expand")
}

// A directory holding a FIFO, or a file that cannot be read, still gives
// everything else; the file is a problem.
func TestLoadFileDirWithBadFiles(t *testing.T) {
	for name, bad := range map[string]func(p string){
		"fifo":       func(p string) { boundedtest.FIFO(t, p) },
		"unreadable": func(p string) { boundedtest.Unreadable(t, p) },
	} {
		t.Run(name, func(t *testing.T) {
			var badFile string
			dir := dumpDir(t, func(dir string) {
				badFile = filepath.Join(dir, "more.yaml")
				bad(badFile)
			})
			var src *FileSource
			var err error
			boundedtest.Run(t, func() { src, err = LoadFile(context.Background(), dir) })
			if err != nil {
				t.Fatalf("LoadFile: %v; want the rest of the dump", err)
			}
			crds, _ := src.CRDs(context.Background())
			if len(crds) == 0 {
				t.Errorf("no CRDs read from %s", dir)
			}
			if p := src.Problems(); len(p) != 1 || p[0].Subject != badFile {
				t.Errorf("problems = %+v, want one for %s", p, badFile)
			}
		})
	}
}

// A dump load stops when its context is done.
func TestLoadFileStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := dumpDir(t, func(string) {})
	if _, err := LoadFile(ctx, dir); err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Fatalf("err = %v, want the cancellation", err)
	}
}
