package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
	"github.com/mpaudit/mpaudit/report"
)

const exampleDump = "../../live/testdata/dump.json"

// --from-file on a FIFO or a device fails at once with exit 2.
func TestLiveFromFileNonRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "dump.yaml")
	boundedtest.FIFO(t, fifo)
	for _, path := range []string{fifo, "/dev/zero"} {
		var code int
		var errOut string
		boundedtest.Run(t, func() { code, _, errOut = run(t, "live", "--from-file", path) })
		if code != report.ExitError || !strings.Contains(errOut, path) {
			t.Errorf("%s: exit %d stderr %q, want 2 naming it", path, code, errOut)
		}
	}
}

// A dump directory with an unreadable file reports the rest and exits 2.
func TestLiveFromFileDirWithUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(exampleDump)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "dump.json"), data, 0o644)
	bad := filepath.Join(dir, "more.yaml")
	boundedtest.Unreadable(t, bad)
	code, r := runJSON(t, "live", "--from-file", dir)
	if code != report.ExitError {
		t.Errorf("exit %d, want 2", code)
	}
	if len(r.Findings) == 0 || len(r.Summary.Resources) != 4 {
		t.Errorf("findings %d, resources %+v: want the rest of the dump", len(r.Findings), r.Summary.Resources)
	}
	if len(r.Problems) != 1 || r.Problems[0].Subject != bad {
		t.Errorf("problems = %+v, want one naming %s", r.Problems, bad)
	}
}

func TestMaxInputSizeFlag(t *testing.T) {
	code, _, errOut := run(t, "live", "--from-file", exampleDump, "--max-input-size", "100")
	if code != report.ExitError || !strings.Contains(errOut, "dump.json") || !strings.Contains(errOut, "--max-input-size") {
		t.Errorf("exit %d stderr %q, want 2 naming the file and the flag", code, errOut)
	}
	if code, _, _ := run(t, "live", "--from-file", exampleDump, "--max-input-size", "64Mi"); code != report.ExitFindings {
		t.Errorf("--max-input-size 64Mi: exit %d, want 1", code)
	}
	if code, _, errOut := run(t, "live", "--from-file", exampleDump, "--max-input-size", "lots"); code != report.ExitError || !strings.Contains(errOut, "--max-input-size") {
		t.Errorf("bad size: exit %d stderr %q", code, errOut)
	}
}

// A config/crd that cannot be read, or holds an alias bomb, fails the gate
// (exit 2) with a problem naming it; it is never treated as absent.
func TestCheckHostileConfigCRD(t *testing.T) {
	dir := copyProvider(t)
	crd := filepath.Join(dir, "config", "crd")
	bases, _ := filepath.Glob(filepath.Join(crd, "bases", "*.yaml"))
	if len(bases) == 0 {
		t.Fatal("no CRD bases in the example provider")
	}
	orig, err := os.ReadFile(bases[0])
	if err != nil {
		t.Fatal(err)
	}
	for name, breakIt := range map[string]func(){
		"alias bomb":        func() { os.WriteFile(bases[0], []byte(boundedtest.AliasBomb()), 0o644) },
		"unreadable file":   func() { boundedtest.Unreadable(t, bases[0]) },
		"unreadable config": func() { os.Rename(crd, crd+".orig"); boundedtest.Unreadable(t, crd) },
	} {
		t.Run(name, func(t *testing.T) {
			breakIt()
			defer func() {
				if _, err := os.Stat(crd + ".orig"); err == nil {
					os.Remove(crd)
					os.Rename(crd+".orig", crd)
				}
				os.Remove(bases[0])
				os.WriteFile(bases[0], orig, 0o644)
			}()
			var code int
			var r *report.Report
			boundedtest.Run(t, func() { code, r = runJSON(t, "check", "-C", dir, "./...") })
			if code != report.ExitError {
				t.Errorf("exit %d, want 2", code)
			}
			named := false
			for _, p := range r.Problems {
				named = named || strings.Contains(p.Subject+" "+p.Message, "config/crd")
			}
			if !named || len(r.Findings) == 0 {
				t.Errorf("problems %+v, %d findings: want a problem naming config/crd and the other findings", r.Problems, len(r.Findings))
			}
		})
	}
}
