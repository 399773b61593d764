package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/baseline"
	"github.com/mpaudit/mpaudit/report"
)

// edit rewrites a file of dir.
func edit(t *testing.T, dir, file string, change func(string) string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(file))
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(change(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// insertAfter puts text after the first line that starts with prefix.
func insertAfter(prefix, text string) func(string) string {
	return func(s string) string {
		i := strings.Index(s, prefix)
		if i < 0 {
			panic("no " + prefix)
		}
		j := i + strings.Index(s[i:], "\n") + 1
		return s[:j] + text + s[j:]
	}
}

func TestBaseline(t *testing.T) {
	clearEnv(t)
	dir := copyProvider(t)
	code, out, errOut := run(t, "baseline", "-C", dir)
	file := filepath.Join(dir, "mpaudit-baseline.json")
	if code != report.ExitOK || !strings.Contains(out, "wrote "+file) {
		t.Fatalf("baseline: exit %d\n%s\n%s", code, out, errOut)
	}
	first, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := baseline.Parse(first)
	if err != nil {
		t.Fatal(err)
	}
	_, all := runJSON(t, "check", "-C", dir, "./...")
	if len(b.Entries) != len(all.Findings) || len(b.Entries) == 0 {
		t.Fatalf("baseline has %d entries, check reports %d findings", len(b.Entries), len(all.Findings))
	}
	for _, e := range b.Entries {
		if e.Fingerprint == "" || e.Rule == "" || strings.Contains(e.File, `\`) || filepath.IsAbs(e.File) {
			t.Errorf("entry %+v", e)
		}
	}
	// Deterministic: the same tree gives the same bytes.
	other := filepath.Join(t.TempDir(), "again.json")
	if code, _, _ := run(t, "baseline", "-C", dir, "--output-file", other, "./..."); code != report.ExitOK {
		t.Fatalf("second baseline: exit %d", code)
	}
	if again, _ := os.ReadFile(other); string(again) != string(first) {
		t.Errorf("baseline not deterministic:\n%s\n---\n%s", first, again)
	}

	// Unrelated lines move in several files.
	edit(t, dir, "controllers/controllers.go", insertAfter("package controllers", "\n// A comment that moves every finding down.\n\n"))
	edit(t, dir, "controllers/controllers.go", insertAfter("func reconcileDual(", "\n\t// a blank line above and this comment\n"))
	edit(t, dir, "apis/capdlike/v1beta2/dockermachinepool_types.go", insertAfter("package v1beta2", "\n\n// Package docs.\n"))
	edit(t, dir, "apis/managed/v1alpha1/foomanagedmachinepool_types.go", insertAfter("import", "\n"))
	edit(t, dir, "config/crd/bases/infrastructure.cluster.x-k8s.io_dockermachinepools.yaml", insertAfter("---", "# generated\n\n"))
	_, moved := runJSON(t, "check", "-C", dir, "./...")
	if samePositions(all, moved) {
		t.Fatal("the edits moved no finding; the test proves nothing")
	}
	code, r := runJSON(t, "check", "-C", dir, "--baseline", file, "./...")
	if code != report.ExitOK || len(r.Findings) != 0 || r.Summary.Baselined != len(b.Entries) {
		t.Fatalf("after line moves: exit %d, baselined %d of %d, new findings %+v", code, r.Summary.Baselined, len(b.Entries), r.Findings)
	}
	if !hasNote(r, "finding(s) already in the baseline are not reported") {
		t.Errorf("notes %q do not say findings were baselined", r.Notes)
	}

	// A new violation: only it is reported, and it fails the run. Its line
	// is the same as forgetProvisioned's; the occurrence index tells them apart.
	edit(t, dir, "controllers/controllers.go", func(s string) string {
		return s + "\n// forgetAgain is new.\nfunc forgetAgain(p *dualv1.ScwMachinePool) {\n\tp.Status.Ready = ptr.To(true)\n}\n"
	})
	lines := strings.Count(readFile(t, filepath.Join(dir, "controllers/controllers.go")), "\n")
	newLine := lines - 1
	code, r = runJSON(t, "check", "-C", dir, "--baseline", file, "./...")
	if code != report.ExitFindings {
		t.Errorf("new violation: exit %d, want 1", code)
	}
	var mpa203 bool
	for _, f := range r.Findings {
		if f.Position == nil || f.Position.File != "controllers/controllers.go" || f.Position.Line != newLine {
			t.Errorf("finding outside the new violation (line %d): %+v", newLine, f)
		}
		mpa203 = mpa203 || f.Rule == "MPA203"
	}
	if !mpa203 {
		t.Errorf("the new MPA203 is not reported: %+v", r.Findings)
	}
	if r.Summary.Baselined != len(b.Entries) {
		t.Errorf("baselined %d, want %d", r.Summary.Baselined, len(b.Entries))
	}
	// Text output too.
	code, out, _ = run(t, "check", "-C", dir, "--baseline", file, "./...")
	if code != report.ExitFindings || !strings.Contains(out, "MPA203") || strings.Contains(out, "MPA204") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

func TestBaselineErrors(t *testing.T) {
	clearEnv(t)
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.json")
	if err := os.WriteFile(corrupt, []byte(`{"version": 1, "entries": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	wrongVersion := filepath.Join(dir, "v9.json")
	if err := os.WriteFile(wrongVersion, []byte(`{"version": 9, "entries": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{corrupt, wrongVersion, filepath.Join(dir, "missing.json")} {
		code, out, errOut := run(t, "check", "-C", providerDir, "--baseline", f, "./apis/dual/...")
		if code != report.ExitError || !strings.Contains(errOut, f) || out != "" {
			t.Errorf("--baseline %s: exit %d stderr %q stdout %q; want 2 naming the file", f, code, errOut, out)
		}
	}
	// No baseline from a partial audit.
	out := filepath.Join(dir, "partial.json")
	code, _, errOut := run(t, "baseline", "-C", "testdata/syntaxerr", "--output-file", out)
	if code != report.ExitError || !strings.Contains(errOut, "no baseline written") {
		t.Errorf("partial audit: exit %d stderr %q", code, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a baseline was written for a partial audit")
	}
}

func samePositions(a, b *report.Report) bool {
	if len(a.Findings) != len(b.Findings) {
		return false
	}
	for i := range a.Findings {
		pa, pb := a.Findings[i].Position, b.Findings[i].Position
		if (pa == nil) != (pb == nil) || (pa != nil && *pa != *pb) {
			return false
		}
	}
	return true
}

func hasNote(r *report.Report, s string) bool {
	for _, n := range r.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
