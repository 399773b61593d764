package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

func copyProvider(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "provider")
	if out, err := exec.Command("cp", "-r", providerDir, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	return dir
}

func TestRewriteCommand(t *testing.T) {
	dir := copyProvider(t)
	code, out, errOut := run(t, "rewrite", "-C", dir, "./...")
	if code != report.ExitFindings || !strings.Contains(out, "+++ b/controllers/controllers.go") {
		t.Fatalf("diff mode: exit %d, want 1 with a diff\n%s\n%s", code, out, errOut)
	}
	body := filepath.Join(t.TempDir(), "pr.md")
	code, out, errOut = run(t, "rewrite", "-C", dir, "--write", "--pr-body", body, "./...")
	if code != report.ExitOK || !strings.Contains(out, "wrote controllers/controllers.go") {
		t.Fatalf("--write: exit %d\n%s\n%s", code, out, errOut)
	}
	if data, err := os.ReadFile(body); err != nil || !strings.Contains(string(data), "## Migrate") {
		t.Errorf("PR body: %v\n%s", err, data)
	}
	code, out, _ = run(t, "rewrite", "-C", dir, "./...")
	if code != report.ExitOK || strings.TrimSpace(out) != "" {
		t.Errorf("second run: exit %d, want 0 and no diff\n%s", code, out)
	}
}

func TestRewriteCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"rewrite", "--capi-version", "next"},
		{"rewrite", "-C", "testdata/syntaxerr", "./..."},
		{"rewrite", "-C", "/nonexistent", "./..."},
	} {
		code, _, errOut := run(t, args...)
		if code != report.ExitError || errOut == "" {
			t.Errorf("%v: exit %d stderr %q, want 2 with a message", args, code, errOut)
		}
	}
}

// What the rewrite cannot verify makes `rewrite --write` exit 2 naming the
// file, with the tree as it was: a link out of the module, a file only
// gccgo compiles.
func TestRewriteCommandRefusesWhatItCannotVerify(t *testing.T) {
	for name, prepare := range map[string]func(t *testing.T, dir string) string{
		"symlink outside the module": func(t *testing.T, dir string) string {
			link := filepath.Join(dir, "controllers", "controllers.go")
			outside := filepath.Join(t.TempDir(), "controllers.go")
			if err := os.Rename(link, outside); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, link); err != nil {
				t.Fatal(err)
			}
			return "controllers/controllers.go"
		},
		"gccgo only": func(t *testing.T, dir string) string {
			src := "//go:build gccgo\n\npackage controllers\n"
			if err := os.WriteFile(filepath.Join(dir, "controllers", "gccgo.go"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			return "controllers/gccgo.go"
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := copyProvider(t)
			file := prepare(t, dir)
			before, _ := exec.Command("ls", "-lR", "--time-style=full-iso", dir).CombinedOutput()
			code, out, errOut := run(t, "rewrite", "-C", dir, "--write", "./...")
			if code != report.ExitError || !strings.Contains(errOut, file) {
				t.Errorf("exit %d, want 2 with an error naming %s\n%s\n%s", code, file, out, errOut)
			}
			if after, _ := exec.Command("ls", "-lR", "--time-style=full-iso", dir).CombinedOutput(); string(after) != string(before) {
				t.Errorf("the tree changed:\n%s\n---\n%s", before, after)
			}
		})
	}
}
