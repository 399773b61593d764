package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// TestMain removes the folders of the binaries built once for the whole
// run (they outlast any one test's t.TempDir).
func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range runDirs {
		_ = os.RemoveAll(dir)
	}
	os.Exit(code)
}

var (
	runDirsMu sync.Mutex
	runDirs   []string
)

// runTempDir is os.MkdirTemp for a folder that lives until TestMain ends.
func runTempDir(pattern string) (string, error) {
	dir, err := os.MkdirTemp("", pattern)
	if err == nil {
		runDirsMu.Lock()
		runDirs = append(runDirs, dir)
		runDirsMu.Unlock()
	}
	return dir, err
}

// builtTool is a command of this module built once for the tests that need
// a real process.
type builtTool struct {
	once sync.Once
	path string
	err  error
}

var builtMpaudit, builtVet builtTool

func (b *builtTool) get(t *testing.T, pkg, name string) string {
	t.Helper()
	b.once.Do(func() {
		dir, err := runTempDir(name + "-bin")
		if err != nil {
			b.err = err
			return
		}
		b.path = filepath.Join(dir, name)
		if out, err := exec.Command("go", "build", "-o", b.path, pkg).CombinedOutput(); err != nil {
			b.err = fmt.Errorf("build %s: %v\n%s", name, err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// binary is mpaudit; vetBinary is mpaudit-vet, the analyzers alone.
func binary(t *testing.T) string    { return builtMpaudit.get(t, ".", "mpaudit") }
func vetBinary(t *testing.T) string { return builtVet.get(t, "../mpaudit-vet", "mpaudit-vet") }
