package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

// siteOf is what a user compares between two answers: rule, place and text.
func siteOf(f report.Finding) string {
	subject := f.Kind
	if f.Field != "" {
		subject = strings.TrimSpace(subject + " " + f.Field)
	}
	file, line, col := "", 0, 0
	if f.Position != nil {
		file, line, col = filepath.ToSlash(f.Position.File), f.Position.Line, f.Position.Column
	}
	// The vet diagnostic's text: vet has no other way to print a finding.
	return fmt.Sprintf("%s:%d:%d: %s %s: %s: %s", file, line, col, f.Rule, f.Severity, subject, f.Message)
}

func sites(fs []report.Finding, keep func(report.Finding) bool) []string {
	var out []string
	for _, f := range fs {
		if keep(f) {
			out = append(out, siteOf(f))
		}
	}
	slices.Sort(out)
	return out
}

func diffSets(t *testing.T, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	in := func(s []string, x string) bool { _, ok := slices.BinarySearch(s, x); return ok }
	for _, g := range got {
		if !in(want, g) {
			t.Errorf("%s: extra   %s", what, g)
		}
	}
	for _, w := range want {
		if !in(got, w) {
			t.Errorf("%s: missing %s", what, w)
		}
	}
}

// TestCheckSameAnswerForAnyPattern: the pool types live in apis/, their use
// sites in controllers/. Checking ./controllers/... alone must report what
// ./... reports for controllers/, and what go vet reports there.
func TestCheckSameAnswerForAnyPattern(t *testing.T) {
	_, full := runJSON(t, "check", "-C", providerDir, "--fail-on", "error", "./...")
	inControllers := func(f report.Finding) bool {
		return f.Position != nil && strings.HasPrefix(filepath.ToSlash(f.Position.File), "controllers/")
	}
	want := sites(full.Findings, inControllers)
	if len(want) < 10 {
		t.Fatalf("./... reports only %d findings in controllers/, the example provider has more: %v", len(want), want)
	}

	for _, patterns := range [][]string{{"./controllers/..."}, {"./controllers"}, {"example.com/provider/controllers"}} {
		code, narrow := runJSON(t, append([]string{"check", "-C", providerDir, "--fail-on", "error"}, patterns...)...)
		diffSets(t, strings.Join(patterns, " "), sites(narrow.Findings, func(report.Finding) bool { return true }), want)
		if code != full.Summary.ExitCode {
			t.Errorf("%v: exit %d, ./... exits %d (both have errors in controllers/)", patterns, code, full.Summary.ExitCode)
		}
		for _, n := range narrow.Notes {
			if strings.Contains(n, "no InfraMachinePool types found") {
				t.Errorf("%v: note %q although controllers/ uses pool types", patterns, n)
			}
		}
		if narrow.Target.String() != full.Target.String() || narrow.Target.Source != full.Target.Source {
			t.Errorf("%v: target %+v, ./... has %+v", patterns, narrow.Target, full.Target)
		}
	}

	if testing.Short() {
		return
	}
	// Both vet tools: mpaudit itself and mpaudit-vet, which links only the analyzers.
	for _, tool := range []string{binary(t), vetBinary(t)} {
		cmd := exec.Command("go", "vet", "-vettool="+tool, "-fail-on=info", "./controllers/...")
		cmd.Dir = providerDir
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, _ := cmd.CombinedOutput()
		line := regexp.MustCompile(`^(?:\./)?(.+?):(\d+):(\d+): (MPA\d{3} .*)$`)
		var vet []string
		for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
			if strings.HasPrefix(l, "# ") {
				continue
			}
			m := line.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("go vet -vettool=%s printed a line that is not a diagnostic: %q\n%s", filepath.Base(tool), l, out)
			}
			vet = append(vet, fmt.Sprintf("%s:%s:%s: %s", m[1], m[2], m[3], m[4]))
		}
		slices.Sort(vet)
		diffSets(t, "go vet -vettool="+filepath.Base(tool)+" ./controllers/...", vet, want)
	}
}

// TestCheckBadModuleDir: a -C that does not exist, and a replace of the core
// to a directory that is not there, are load errors naming what is wrong.
func TestCheckBadModuleDir(t *testing.T) {
	code, out, errOut := run(t, "check", "-C", "/nonexistent/provider", "./...")
	if code != report.ExitError || !strings.Contains(errOut, "directory /nonexistent/provider does not exist") || strings.Contains(errOut, "fork/exec") {
		t.Errorf("-C /nonexistent/provider: exit %d, want 2 naming the directory\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}

	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":   "module example.com/replaced\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v1.14.2\n\nreplace sigs.k8s.io/cluster-api => ../no-such-capi\n",
		"api/x.go": "package api\n\ntype X struct{}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, r := runJSON(t, "check", "-C", dir, "./...")
	found := false
	for _, p := range r.Problems {
		found = found || strings.Contains(p.Message, filepath.Join(dir, "go.mod")) && strings.Contains(p.Message, filepath.Join(filepath.Dir(dir), "no-such-capi")+" does not exist")
	}
	if code != report.ExitError || !found {
		t.Errorf("replace to a missing directory: exit %d, problems %+v; want 2 with a problem naming go.mod and the directory", code, r.Problems)
	}
}
