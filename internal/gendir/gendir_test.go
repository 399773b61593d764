package gendir

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWriteAndDiff(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "docs")
	files := map[string][]byte{"a.md": []byte("A"), "b.md": []byte("B")}
	if diffs, err := Diff(dir, files, "*.md"); err != nil || !slices.Equal(diffs, []string{"a.md: missing", "b.md: missing"}) {
		t.Fatalf("before Write: %q, %v", diffs, err)
	}
	if err := Write(dir, files, "*.md"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ name, content string }{{"old.md", "x"}, {"keep.txt", "y"}, {"b.md", "edited"}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	diffs, err := Diff(dir, files, "*.md")
	want := []string{"b.md: differs from the catalog", "old.md: not generated from the catalog (stale)"}
	if err != nil || !slices.Equal(diffs, want) {
		t.Fatalf("after edits: %q, %v; want %q", diffs, err, want)
	}
	if err := Write(dir, files, "*.md"); err != nil {
		t.Fatal(err)
	}
	if diffs, err := Diff(dir, files, "*.md"); err != nil || len(diffs) != 0 {
		t.Errorf("after the second Write: %q, %v", diffs, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.md")); !os.IsNotExist(err) {
		t.Error("a stale owned file was kept")
	}
	if _, err := os.Stat(filepath.Join(dir, "keep.txt")); err != nil {
		t.Errorf("a file the patterns do not own was touched: %v", err)
	}
}
