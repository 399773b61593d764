package rewrite

import (
	"path/filepath"
	"slices"
	"strings"
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
	writeFiles(t, dir, files)
	st := &stage{root: dir, dir: dir}
	changed := map[string]map[string]bool{filepath.Join(dir, "a/a.go"): {"test": true}}
	got := affectedPackages(st, &changeSet{files: changed})
	want := []string{"example.com/m/a", "example.com/m/b", "example.com/m/c", "example.com/m/cmd/tool", "example.com/m/e"}
	if !slices.Equal(got, want) {
		t.Errorf("affected = %v, want %v", got, want)
	}
	// go.mod changed: everything (nil means ./...).
	changed[filepath.Join(dir, "go.mod")] = map[string]bool{"test": true}
	if got := affectedPackages(st, &changeSet{files: changed}); got != nil {
		t.Errorf("with go.mod changed, affected = %v, want all (nil)", got)
	}
}

// TestEarlyVet: the go vet started before the CRD regeneration gives its
// result only for the Go files it vetted, and does not start when a
// package embeds files the CRD and label writes could change under it.
func TestEarlyVet(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nimport \"fmt\"\n\nfunc A() { fmt.Printf(\"%d\\n\", \"x\") }\n",
	})
	st := &stage{root: dir, dir: dir}
	a := filepath.Join(dir, "a/a.go")
	changed := &changeSet{files: map[string]map[string]bool{a: {"test": true}}}
	v := startVet(st, changed, &packageGraph{dir: dir})
	if v == nil {
		t.Fatal("go vet did not start")
	}
	if vetted, err := v.result(changed); !vetted || err == nil || !strings.Contains(err.Error(), "a.go") {
		t.Fatalf("result = %v, %v; want vetted with the Printf error in a.go", vetted, err)
	}
	v = startVet(st, changed, &packageGraph{dir: dir})
	writeFiles(t, dir, map[string]string{"a/a.go": "package a\n\nfunc A() {}\n"})
	if vetted, err := v.result(changed); vetted || err != nil {
		t.Fatalf("after a.go changed, result = %v, %v; want not vetted", vetted, err)
	}
	writeFiles(t, dir, map[string]string{
		"b/b.go":     "package b\n\nimport _ \"embed\"\n\n//go:embed crd.yaml\nvar CRD []byte\n",
		"b/crd.yaml": "kind: CustomResourceDefinition\n",
	})
	if v := startVet(st, changed, &packageGraph{dir: dir}); v != nil {
		v.wait()
		t.Fatal("go vet started although b embeds a file")
	}
}
