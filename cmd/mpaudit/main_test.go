package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

var providerDir, _ = filepath.Abs("../../analyzers/testdata/provider")

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := execute(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func runJSON(t *testing.T, args ...string) (int, *report.Report) {
	t.Helper()
	code, out, errOut := run(t, append(args, "-o", "json")...)
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not one JSON document: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	return code, &r
}

type key struct{ rule, field, file string }

func findingsByKey(r *report.Report) map[key][]report.Finding {
	m := map[key][]report.Finding{}
	for _, f := range r.Findings {
		file := ""
		if f.Position != nil {
			file = filepath.ToSlash(f.Position.File)
		}
		k := key{f.Rule, f.Field, file}
		m[k] = append(m[k], f)
	}
	return m
}

func TestCheckProviderJSON(t *testing.T) {
	code, r := runJSON(t, "check", "-C", providerDir, "./...")
	if code != report.ExitFindings || r.Summary.ExitCode != code {
		t.Fatalf("exit code %d, summary says %d; want %d", code, r.Summary.ExitCode, report.ExitFindings)
	}
	checkCatalogMetadata(t, r, contract.Static)
	if r.Target.Version != "v1.14.2" || !strings.Contains(r.Target.Source, "go.mod require") {
		t.Errorf("target = %+v, want v1.14.2 from go.mod", r.Target)
	}
	got := findingsByKey(r)
	want := []struct {
		k        key
		severity string
		line     int
	}{
		{key{"MPA101", "status.ready", "apis/capdlike/v1beta2/dockermachinepool_types.go"}, "warning", 18},
		{key{"MPA101", "status.ready", "apis/capdlike/v1beta1/dockermachinepool_types.go"}, "info", 16},
		{key{"MPA102", "status.initialization.provisioned", "apis/provisionedonly/v1beta2/devmachinepool_types.go"}, "error", 16},
		{key{"MPA103", "status.ready", "apis/dual/v1alpha2/scwmachinepool_types.go"}, "info", 16},
		{key{"MPA105", "status.failureReason", "apis/managed/v1alpha1/foomanagedmachinepool_types.go"}, "error", 22}, // the MachinePool reconcile panics on it from v1.11
		{key{"MPA107", "spec.providerID", "apis/managed/v1alpha1/foomanagedmachinepool_types.go"}, "info", 12},
		{key{"MPA201", "status.ready", "controllers/controllers.go"}, "info", 19},
		{key{"MPA203", "status.ready", "controllers/controllers.go"}, "warning", 40},
		{key{"MPA204", "status.initialization.provisioned", "controllers/controllers.go"}, "error", 52},
		{key{"MPA301", "metadata.labels", "config/crd/bases/infrastructure.cluster.x-k8s.io_emptymachinepools.yaml"}, "error", 7},
		{key{"MPA302", "metadata.labels[cluster.x-k8s.io/v1beta2]", "config/crd/bases/infrastructure.cluster.x-k8s.io_dockermachinepools.yaml"}, "warning", 9},
		{key{"MPA303", "metadata.labels[cluster.x-k8s.io/v1beta1]", "config/crd/patches/devmachinepool_labels.yaml"}, "info", 7},
		{key{"MPA304", "metadata.name", "config/crd/bases/infrastructure.cluster.x-k8s.io_devmachinepools.yaml"}, "error", 7},
		{key{"MPA305", "spec.scope", "config/crd/bases/infrastructure.cluster.x-k8s.io_foomanagedmachinepools.yaml"}, "error", 7},
	}
	for _, w := range want {
		fs := got[w.k]
		found := false
		for _, f := range fs {
			if f.Severity.String() == w.severity && f.Position.Line == w.line {
				found = true
			}
		}
		if !found {
			t.Errorf("missing %s %s at %s:%d (%s); got %+v", w.k.rule, w.k.field, w.k.file, w.line, w.severity, fs)
		}
	}
	for k := range got {
		if strings.HasSuffix(k.file, "_test.go") || strings.Contains(k.file, "zz_generated") {
			t.Errorf("finding in a test or generated file: %+v", k)
		}
		if k.rule == "MPA105" || k.rule == "MPA106" {
			if !strings.Contains(k.file, "managed") {
				t.Errorf("failure-field finding outside the managed pool (look-alike or deprecated.v1beta1 flagged?): %+v", k)
			}
		}
	}
	perReplicaJudged := false
	for _, f := range r.Findings {
		// A per-replica pool machine is an InfraMachine: only the kind rules judge it.
		if f.Kind == "FooManagedMachinePoolMachine" && contract.MustRule(f.Rule).AppliesTo(&contract.InfraMachine) {
			perReplicaJudged = perReplicaJudged || f.Rule == contract.RuleKindReadyOnly
			continue
		}
		if f.Kind == "FooManagedMachinePoolMachine" || f.Kind == "FooManagedMachinePoolTemplate" || f.Kind == "DockerMachinePoolList" || f.Kind == "BarMachinePool" {
			t.Errorf("finding on a type that is not a pool: %+v", f)
		}
	}
	if !perReplicaJudged {
		t.Errorf("FooManagedMachinePoolMachine (an InfraMachine with status.ready only) has no %s finding", contract.RuleKindReadyOnly)
	}
	var sum int
	for _, n := range r.Summary.ByRule {
		sum += n
	}
	if sum != len(r.Findings) || r.Summary.Errors+r.Summary.Warnings+r.Summary.Info != len(r.Findings) {
		t.Errorf("summary %+v does not add up to %d findings", r.Summary, len(r.Findings))
	}
}

func TestExitCodeSameInEveryFormat(t *testing.T) {
	for _, format := range []string{"text", "json", "yaml"} {
		code, out, _ := run(t, "check", "-C", providerDir, "-o", format, "./apis/dual/...")
		if code != report.ExitOK {
			t.Errorf("-o %s: exit %d, want 0 (dual readiness is info)\n%s", format, code, out)
		}
		code, _, _ = run(t, "check", "-C", providerDir, "-o", format, "--fail-on", "info", "./apis/dual/...")
		if code != report.ExitFindings {
			t.Errorf("-o %s --fail-on info: exit %d, want 1", format, code)
		}
		code, _, _ = run(t, "check", "-C", providerDir, "-o", format, "--fail-on", "error", "./apis/capdlike/...")
		if code != report.ExitOK {
			t.Errorf("-o %s --fail-on error on warnings only: exit %d, want 0", format, code)
		}
	}
}

func TestTargetCoreVersionSelectsSeverity(t *testing.T) {
	sev := func(version, rule string) string {
		t.Helper()
		args := []string{"check", "-C", providerDir, "./apis/provisionedonly/...", "./apis/capdlike/..."}
		if version != "" {
			args = append(args, "--capi-version", version)
		}
		_, r := runJSON(t, args...)
		for _, f := range r.Findings {
			if f.Rule == rule && !f.Spoke {
				return f.Severity.String()
			}
		}
		return "none"
	}
	cases := []struct{ version, rule, want string }{
		{"", "MPA102", "error"},
		{"v1.14.2", "MPA102", "error"},
		{"v1.15.0", "MPA102", "none"},
		{"v1.14.2", "MPA101", "warning"},
		{"v1.16.0", "MPA101", "error"},
		{"v1.16.0", "MPA302", "error"},
		{"v1.15.0", "MPA302", "warning"},
	}
	for _, c := range cases {
		if got := sev(c.version, c.rule); got != c.want {
			t.Errorf("--capi-version %q: %s severity = %s, want %s", c.version, c.rule, got, c.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	t.Run("syntax error", func(t *testing.T) {
		code, out, _ := run(t, "check", "-C", "testdata/syntaxerr", "./...")
		if code != report.ExitError {
			t.Fatalf("exit %d, want 2\n%s", code, out)
		}
		if !strings.Contains(out, "not loaded: example.com/syntaxerr/api/v1beta1") || !strings.Contains(out, "types.go:5") {
			t.Errorf("output does not name the broken package and file:\n%s", out)
		}
	})
	t.Run("missing dependency keeps the API findings", func(t *testing.T) {
		code, r := runJSON(t, "check", "-C", "testdata/brokendep", "./...")
		if code != report.ExitError {
			t.Fatalf("exit %d, want 2", code)
		}
		var api, problem, marker bool
		for _, f := range r.Findings {
			if f.Rule == "MPA101" && f.Kind == "PartMachinePool" {
				api = true
			}
			// No config/crd: the contract label comes from the type's marker.
			if f.Rule == "MPA302" && strings.Contains(f.Message, "+kubebuilder:metadata:labels") && f.Position.File == "api/v1beta2/types.go" {
				marker = true
			}
		}
		if !marker {
			t.Errorf("no MPA302 from the +kubebuilder:metadata:labels marker: %+v", r.Findings)
		}
		for _, p := range r.Problems {
			if p.Subject == "example.com/unavailable/cloudsdk" && strings.Contains(p.Message, "imported by example.com/brokendep/controllers") {
				problem = true
			}
		}
		if !api || !problem {
			t.Errorf("want the PartMachinePool finding (%v) and the missing package listed (%v): %+v", api, problem, r)
		}
		if r.Summary.Loaded != 1 || r.Summary.NotLoaded != 1 {
			t.Errorf("loaded/not loaded = %d/%d, want 1/1", r.Summary.Loaded, r.Summary.NotLoaded)
		}
	})
	t.Run("no pool types", func(t *testing.T) {
		code, out, _ := run(t, "check", "-C", "testdata/nopools", "./...")
		if code != report.ExitOK || !strings.Contains(out, "no InfraMachinePool types found in 1 package(s)") {
			t.Errorf("exit %d, want 0 with a note:\n%s", code, out)
		}
	})
	t.Run("no packages", func(t *testing.T) {
		code, _, _ := run(t, "check", "-C", "testdata/nopools", "./nothing/...")
		if code != report.ExitError {
			t.Errorf("exit %d, want 2 when nothing matches", code)
		}
	})
	for _, args := range [][]string{
		{"check", "-o", "xml"},
		{"check", "--fail-on", "fatal"},
		{"check", "--capi-version", "latest"},
		{"rules", "MPA999"},
		{"nosuchcommand"},
	} {
		code, _, errOut := run(t, args...)
		if code != report.ExitError || errOut == "" {
			t.Errorf("%v: exit %d stderr %q, want 2 with a message", args, code, errOut)
		}
	}
}

func TestRules(t *testing.T) {
	code, out, _ := run(t, "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, id := range []string{"MPA101", "MPA102", "MPA110", "MPA204", "MPA301", "MPA306"} {
		if !strings.Contains(out, id) {
			t.Errorf("rules list lacks %s", id)
		}
	}
	for _, want := range []string{" MODE ", " static,live ", " live "} {
		if !strings.Contains(out, want) {
			t.Errorf("rules list lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = run(t, "rules", "MPA102")
	if !strings.Contains(out, "core ≤ v1.14.2 (reads only status.ready)") || !strings.Contains(out, "error") {
		t.Errorf("explanation lacks the severity table:\n%s", out)
	}
}

// TestGoVetProtocol builds the binary and runs it the way CI does.
func TestGoVetProtocol(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	cmd := exec.Command("go", "vet", "-vettool="+bin, "./controllers/", "./apis/capdlike/...")
	cmd.Dir = providerDir
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded, want diagnostics:\n%s", out)
	}
	s := string(out)
	for _, want := range []string{
		"controllers.go:40:2: MPA203 warning",
		"controllers.go:52:61: MPA204 error",
		"dockermachinepool_types.go:18:2: MPA101 warning",
		"infrastructure.cluster.x-k8s.io_dockermachinepools.yaml:9:1: MPA302 warning",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "MPA201") {
		t.Errorf("info findings reported by vet at the default threshold:\n%s", s)
	}
	// The core version is a vet flag too.
	cmd = exec.Command("go", "vet", "-vettool="+bin, "-capi-version=v1.16.0", "./apis/capdlike/...")
	cmd.Dir = providerDir
	out, _ = cmd.CombinedOutput()
	if !strings.Contains(string(out), "MPA101 error") {
		t.Errorf("-capi-version=v1.16.0 did not raise MPA101 to error:\n%s", out)
	}
}

// TestMainGCRestored: startgc turns the collector off for package
// initialisation only; by the time anything runs it is back on.
func TestMainGCRestored(t *testing.T) {
	prev := debug.SetGCPercent(100)
	debug.SetGCPercent(prev)
	if prev < 0 && os.Getenv("GOGC") != "off" {
		t.Fatalf("GC percent is %d after init (GOGC=%q): startgc.Restore was not called", prev, os.Getenv("GOGC"))
	}
}

// TestFirstRunFitsAScreen: the example provider's default text report shows
// its errors and warnings and counts its info findings on one line, in at
// most one screen (40 lines of 160 columns) above the migration matrix;
// --show-info lists them all.
func TestFirstRunFitsAScreen(t *testing.T) {
	_, out, _ := run(t, "check", "-C", providerDir, "./...")
	head, _, ok := strings.Cut(out, "migration matrix")
	if !ok {
		t.Fatalf("no matrix:\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(head, "\n"), "\n")
	if len(lines) > 40 || !strings.Contains(head, "\ninfo: ") || strings.Contains(head, " info ") {
		t.Errorf("%d lines above the matrix, want at most 40 with info findings counted on one line:\n%s", len(lines), head)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 160 {
			t.Errorf("line of %d columns above the matrix, want at most 160: %s", n, l)
		}
	}
	_, all, _ := run(t, "check", "-C", providerDir, "--show-info", "./...")
	if !strings.Contains(all, " MPA202 info ") || strings.Contains(all, "\ninfo: ") {
		t.Errorf("--show-info does not list the info findings:\n%s", all)
	}
}

// TestErrorsReachTheTerminalEscaped: an error quoting a path (or a
// compiler's or a test's output) from the tree prints its control
// characters escaped.
func TestErrorsReachTheTerminalEscaped(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x\x1b[2Jy")
	code, _, errOut := run(t, "rewrite", "--dir", dir)
	if code != report.ExitError {
		t.Errorf("exit %d, want %d", code, report.ExitError)
	}
	if strings.Contains(errOut, "\x1b") || !strings.Contains(errOut, `x\x1b[2Jy`) {
		t.Errorf("the error is not escaped:\n%q", errOut)
	}
}
