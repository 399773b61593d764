package rewrite

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestAffectedPackagesIncludeUnchangedImporters: go vet after a rewrite
// covers the changed package, an unchanged package importing it (directly
// or not), and one whose external test imports it, and nothing else.
func TestAffectedPackagesIncludeUnchangedImporters(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":           "module example.com/m\n\ngo 1.22\n",
		"a/a.go":           "package a\n\nvar A = 1\n",
		"b/b.go":           "package b\n\nimport \"example.com/m/a\"\n\nvar B = a.A\n",
		"c/c.go":           "package c\n\nimport \"example.com/m/b\"\n\nvar C = b.B\n",
		"d/d.go":           "package d\n\nvar D = 2\n",
		"e/e.go":           "package e\n\nvar E = 3\n",
		"e/e_test.go":      "package e_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/a\"\n)\n\nfunc TestE(t *testing.T) { _ = a.A }\n",
		"f/f.go":           "package f\n\nimport \"example.com/m/d\"\n\nvar F = d.D\n",
		"cmd/tool/main.go": "package main\n\nimport \"example.com/m/c\"\n\nfunc main() { _ = c.C }\n",
	}
	for rel, content := range files {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st := &stage{root: dir, dir: dir}
	changed := map[string]map[string]bool{filepath.Join(dir, "a/a.go"): {"test": true}}
	got := affectedPackages(st, changed)
	want := []string{"example.com/m/a", "example.com/m/b", "example.com/m/c", "example.com/m/cmd/tool", "example.com/m/e"}
	if !slices.Equal(got, want) {
		t.Errorf("affected = %v, want %v", got, want)
	}
	// go.mod changed: everything (nil means ./...).
	changed[filepath.Join(dir, "go.mod")] = map[string]bool{"test": true}
	if got := affectedPackages(st, changed); got != nil {
		t.Errorf("with go.mod changed, affected = %v, want all (nil)", got)
	}
}
