package baseline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func finding(rule, file string, line int) report.Finding {
	return report.Finding{Rule: rule, Severity: contract.Warning, Kind: "FooMachinePool", Type: "example.com/p/api.FooMachinePool",
		Field: "status.ready", Position: &report.Position{File: file, Line: line, Column: 2}}
}

func TestFingerprintsIgnoreLineMoves(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "c/c.go"), "package c\n\nfunc f() {\n\tp.Status.Ready = true\n\tp.Status.Ready = true\n}\n")
	before := []report.Finding{finding("MPA203", "c/c.go", 4), finding("MPA203", "c/c.go", 5)}
	fps := Fingerprints(before, dir)
	if fps[0] == fps[1] {
		t.Fatalf("identical lines share a fingerprint: %v", fps)
	}
	// Lines inserted above, indentation changed.
	write(t, filepath.Join(dir, "c/c.go"), "package c\n\n// moved\n\nfunc f() {\n  p.Status.Ready = true\n      p.Status.Ready = true\n}\n")
	after := Fingerprints([]report.Finding{finding("MPA203", "c/c.go", 7), finding("MPA203", "c/c.go", 6)}, dir)
	if after[0] != fps[1] || after[1] != fps[0] {
		t.Errorf("fingerprints changed with line moves:\nbefore %v\nafter  %v", fps, after)
	}
	// The text of the line matters.
	write(t, filepath.Join(dir, "c/c.go"), "package c\n\nfunc f() {\n\tq.Status.Ready = true\n")
	if other := Fingerprints(before[:1], dir); other[0] == fps[0] {
		t.Error("fingerprint ignores the source line")
	}
	// So do rule, type, field and file.
	for _, f := range []report.Finding{finding("MPA201", "c/c.go", 4), finding("MPA203", "d/c.go", 4)} {
		if Fingerprints([]report.Finding{f}, dir)[0] == fps[0] {
			t.Errorf("fingerprint of %+v equals the original", f)
		}
	}
}

func TestNewDeterministicAndFilter(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.go"), "package a\nx\ny\n")
	write(t, filepath.Join(dir, "b.go"), "package b\nx\n")
	fs := []report.Finding{finding("MPA203", "b.go", 2), finding("MPA101", "a.go", 3), finding("MPA101", "a.go", 2)}
	b1, _ := New(fs, dir, "v1").Marshal()
	rev := []report.Finding{fs[2], fs[0], fs[1]}
	b2, _ := New(rev, dir, "v1").Marshal()
	if !bytes.Equal(b1, b2) {
		t.Errorf("baseline depends on finding order:\n%s\n%s", b1, b2)
	}
	b, err := Parse(b1)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 3 || b.Entries[0].File != "a.go" || b.Entries[2].File != "b.go" || b.Entries[2].Rule != "MPA203" || b.Version != Version || b.ToolVersion != "v1" {
		t.Errorf("baseline = %s", b1)
	}
	// A new finding and a duplicate of a baselined one are new; multiset matching.
	now := append(fs, finding("MPA101", "a.go", 2), finding("MPA204", "b.go", 2))
	kept, res := b.Filter(now, dir)
	if res.Baselined != 3 || res.Stale != 0 || len(kept) != 2 {
		t.Errorf("baselined %d stale %d kept %+v", res.Baselined, res.Stale, kept)
	}
	kept, res = b.Filter(fs[:1], dir)
	if res.Baselined != 1 || res.Stale != 2 || len(kept) != 0 {
		t.Errorf("fixed findings: baselined %d stale %d kept %+v", res.Baselined, res.Stale, kept)
	}
}

func TestParseErrors(t *testing.T) {
	for doc, want := range map[string]string{
		"{":                     "not a valid mpaudit baseline",
		`{"version":1} x`:       "data after the JSON document",
		`{"version":2}`:         "unsupported baseline version 2",
		`{"version":1,"foo":1}`: "unknown field",
		`{"version":1,"entries":[{"rule":"MPA101"}]}`: "entries[0]: no fingerprint",
	} {
		if _, err := Parse([]byte(doc)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", doc, err, want)
		}
	}
	path := filepath.Join(t.TempDir(), "bl.json")
	write(t, path, "garbage")
	if _, err := Read(path); err == nil || !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("Read error %v does not name the file", err)
	}
}
