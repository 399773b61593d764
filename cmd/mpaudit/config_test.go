package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// writeConfig writes a configuration file into dir and returns its path.
func writeConfig(t *testing.T, dir, content string) string {
	t.Helper()
	p := filepath.Join(dir, ".mpaudit.yaml")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// clearEnv unsets the MPAUDIT_* variables for the test.
func clearEnv(t *testing.T) {
	for _, v := range []string{"MPAUDIT_CAPI_VERSION", "MPAUDIT_FAIL_ON", "MPAUDIT_MIN_SEVERITY", "--show-info", "MPAUDIT_OUTPUT", "MPAUDIT_CONFIG"} {
		t.Setenv(v, "")
	}
}

func TestConfigFileInModuleRoot(t *testing.T) {
	clearEnv(t)
	dir := copyProvider(t)
	writeConfig(t, dir, `# the provider's settings
capiVersion: v1.16.0
failOn: error
rules:
  MPA203: {enabled: false}
  deprecated-field-use: {severity: warning}
  ready-without-provisioned: {severity: info}
types:
  include: ["*MachinePool"]
  exclude: ["example.com/provider/apis/managed/*", "Scw*"]
`)
	// Found from a subdirectory: the file lives in the module root.
	code, r := runJSON(t, "check", "-C", filepath.Join(dir, "controllers"), "../...")
	if r.Target.Version != "v1.16.0" || !strings.HasSuffix(r.Target.Source, ".mpaudit.yaml: capiVersion") {
		t.Errorf("target = %+v, want v1.16.0 from the configuration file", r.Target)
	}
	if r.FailOn != contract.Error {
		t.Errorf("failOn = %s, want error from the file", r.FailOn)
	}
	var deprecated bool
	for _, f := range r.Findings {
		switch {
		case f.Rule == "MPA203":
			t.Errorf("disabled rule reported: %+v", f)
		case f.Kind == "FooManagedMachinePool" || f.Kind == "ScwMachinePool":
			t.Errorf("excluded type reported: %+v", f)
		case f.Rule == "MPA101" && f.Severity != contract.Info:
			t.Errorf("MPA101 (by name) severity %s, want info", f.Severity)
		case f.Rule == "MPA201":
			deprecated = true
			if f.Severity != contract.Warning {
				t.Errorf("MPA201 severity %s, want warning", f.Severity)
			}
		}
	}
	if !deprecated {
		t.Error("no MPA201 findings left")
	}
	noted := false
	for _, n := range r.Notes {
		noted = noted || strings.Contains(n, ".mpaudit.yaml applied")
	}
	if !noted {
		t.Errorf("notes do not mention the configuration: %q", r.Notes)
	}
	// DevMachinePool's MPA102 is off on v1.16; MPA304/MPA301 errors remain.
	if code != report.ExitFindings || r.Summary.Errors == 0 {
		t.Errorf("exit %d errors %d, want 1 with errors", code, r.Summary.Errors)
	}
	// Only warnings and info left with failOn: error → exit 0.
	writeConfig(t, dir, "failOn: error\ntypes:\n  include: [DockerMachinePool]\n")
	code, r = runJSON(t, "check", "-C", dir, "./...")
	if code != report.ExitOK || r.Summary.Errors != 0 || len(r.Findings) == 0 {
		t.Errorf("include DockerMachinePool, failOn error: exit %d, %+v", code, r.Summary)
	}
	for _, f := range r.Findings {
		// A finding that names no kind or type (the Go API rules') is
		// never filtered by types.
		if f.Kind != "DockerMachinePool" && (f.Kind != "" || f.Type != "") {
			t.Errorf("finding outside types.include: %+v", f)
		}
	}
}

func TestConfigInvalid(t *testing.T) {
	clearEnv(t)
	cases := []struct {
		name, doc, want string
	}{
		{"unknown key", "failon: info\n", ".mpaudit.yaml:1: failon: unknown field"},
		{"unknown rule ID", "rules:\n  MPA999: {enabled: false}\n", ".mpaudit.yaml:2: rules.MPA999: unknown rule (see mpaudit rules)"},
		{"unknown rule name", "rules:\n  ready-without-anything: {enabled: false}\n", ".mpaudit.yaml:2: rules.ready-without-anything: unknown rule"},
		{"unknown rule setting", "rules:\n  MPA203: {disabled: true}\n", ".mpaudit.yaml:2: rules.MPA203.disabled: unknown field"},
		{"bad rule severity", "rules:\n  MPA101: {severity: critical}\n", `.mpaudit.yaml:2: rules.MPA101.severity: unknown severity "critical"`},
		{"bad enabled", "rules:\n  MPA101: {enabled: maybe}\n", ".mpaudit.yaml:2: rules.MPA101.enabled: want true or false"},
		{"bad failOn", "failOn: fatal\n", `.mpaudit.yaml:1: failOn: unknown severity "fatal"`},
		{"invalid version", "capiVersion: one-fourteen\n", `.mpaudit.yaml:1: capiVersion: invalid Cluster API version "one-fourteen"`},
		{"unknown types key", "types:\n  only: [x]\n", ".mpaudit.yaml:2: types.only: unknown field"},
		{"types not a list", "types:\n  exclude: x\n", ".mpaudit.yaml:2: types.exclude: want a list"},
		{"not YAML", "rules: [\n", ".mpaudit.yaml: invalid YAML"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeConfig(t, dir, c.doc)
			code, out, errOut := run(t, "check", "-C", providerDir, "--config", p, "./apis/dual/...")
			if code != report.ExitError || !strings.Contains(errOut, p+":") || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, c.want)
			}
			if out != "" {
				t.Errorf("a report was printed for a bad configuration:\n%s", out)
			}
			// The same file found in the module root, and given by MPAUDIT_CONFIG.
			mod := copyModuleStub(t, c.doc)
			if code, _, errOut := run(t, "check", "-C", mod, "./..."); code != report.ExitError || !strings.Contains(errOut, c.want) {
				t.Errorf("module root: exit %d, stderr %q", code, errOut)
			}
			t.Setenv("MPAUDIT_CONFIG", p)
			if code, _, errOut := run(t, "live", "--from-file", "../../live/testdata/dump.json"); code != report.ExitError || !strings.Contains(errOut, c.want) {
				t.Errorf("live with MPAUDIT_CONFIG: exit %d, stderr %q", code, errOut)
			}
		})
	}
	code, _, errOut := run(t, "check", "-C", providerDir, "--config", "no/such/file.yaml", "./apis/dual/...")
	if code != report.ExitError || !strings.Contains(errOut, "--config: ") || !strings.Contains(errOut, "no/such/file.yaml") {
		t.Errorf("missing --config file: exit %d stderr %q", code, errOut)
	}
}

// copyModuleStub makes a module with no packages of interest and a configuration file.
func copyModuleStub(t *testing.T, cfg string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/stub\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeConfig(t, dir, cfg)
	return dir
}

func TestConfigPrecedence(t *testing.T) {
	clearEnv(t)
	cfg := writeConfig(t, t.TempDir(), "capiVersion: v1.16.0\nfailOn: error\n")
	pkgs := "./apis/capdlike/..."
	check := func(t *testing.T, wantVersion, wantSource string, wantFailOn contract.Severity, wantCode int, extra ...string) {
		t.Helper()
		args := append([]string{"check", "-C", providerDir, "--config", cfg, pkgs}, extra...)
		code, r := runJSON(t, args...)
		if r.Target.Version != wantVersion || !strings.Contains(r.Target.Source, wantSource) {
			t.Errorf("%v: target %s (%s), want %s (%s)", extra, r.Target.Version, r.Target.Source, wantVersion, wantSource)
		}
		if r.FailOn != wantFailOn || code != wantCode {
			t.Errorf("%v: failOn %s exit %d, want %s exit %d", extra, r.FailOn, code, wantFailOn, wantCode)
		}
	}
	// File over defaults: v1.16.0 makes MPA101/MPA302 errors.
	check(t, "v1.16.0", ".mpaudit.yaml: capiVersion", contract.Error, report.ExitFindings)
	// Environment over the file.
	t.Setenv("MPAUDIT_CAPI_VERSION", "v1.15.0")
	t.Setenv("MPAUDIT_FAIL_ON", "info")
	check(t, "v1.15.0", "environment MPAUDIT_CAPI_VERSION", contract.Info, report.ExitFindings)
	// Flags over the environment: v1.14.2 has only warnings and info for capdlike.
	check(t, "v1.14.2", "flag --capi-version", contract.Error, report.ExitOK, "--capi-version", "v1.14.2", "--fail-on", "error")

	// Output: environment over the default, flag over the environment.
	t.Setenv("MPAUDIT_OUTPUT", "yaml")
	_, out, _ := run(t, "check", "-C", providerDir, pkgs)
	if !strings.Contains(out, "tool: mpaudit") {
		t.Errorf("MPAUDIT_OUTPUT=yaml did not select YAML:\n%s", out)
	}
	_, out, _ = run(t, "check", "-C", providerDir, "-o", "json", pkgs)
	if !json.Valid([]byte(out)) {
		t.Errorf("-o json did not win over MPAUDIT_OUTPUT:\n%s", out)
	}
	t.Setenv("MPAUDIT_OUTPUT", "")

	// MPAUDIT_CONFIG names the file; --config wins over it.
	t.Setenv("MPAUDIT_CAPI_VERSION", "")
	t.Setenv("MPAUDIT_FAIL_ON", "")
	t.Setenv("MPAUDIT_CONFIG", cfg)
	_, r := runJSON(t, "check", "-C", providerDir, pkgs)
	if r.Target.Version != "v1.16.0" {
		t.Errorf("MPAUDIT_CONFIG not read: target %+v", r.Target)
	}
	other := writeConfig(t, t.TempDir(), "capiVersion: v1.15.0\n")
	_, r = runJSON(t, "check", "-C", providerDir, "--config", other, pkgs)
	if r.Target.Version != "v1.15.0" {
		t.Errorf("--config did not win over MPAUDIT_CONFIG: target %+v", r.Target)
	}

	// Bad environment values are usage errors naming the variable.
	for env, val := range map[string]string{"MPAUDIT_CAPI_VERSION": "latest", "MPAUDIT_FAIL_ON": "fatal", "MPAUDIT_OUTPUT": "xml"} {
		t.Setenv(env, val)
		code, _, errOut := run(t, "check", "-C", providerDir, pkgs)
		if code != report.ExitError || !strings.Contains(errOut, env+": ") {
			t.Errorf("%s=%s: exit %d stderr %q, want 2 naming the variable", env, val, code, errOut)
		}
		t.Setenv(env, "")
	}
}

func TestCheckHelpDocumentsEnvironment(t *testing.T) {
	_, out, _ := run(t, "check", "--help")
	for _, want := range []string{"MPAUDIT_CAPI_VERSION", "MPAUDIT_FAIL_ON", "MPAUDIT_MIN_SEVERITY", "--show-info", "MPAUDIT_OUTPUT", "MPAUDIT_CONFIG", ".mpaudit.yaml", "--config", "--baseline"} {
		if !strings.Contains(out, want) {
			t.Errorf("check --help lacks %s:\n%s", want, out)
		}
	}
}

func TestLiveConfig(t *testing.T) {
	clearEnv(t)
	dump, _ := filepath.Abs("../../live/testdata/dump.json")
	dir := t.TempDir()
	writeConfig(t, dir, "failOn: error\nrules:\n  object-provisioned-only: {enabled: false}\n  MPA402: {severity: info}\n")
	// Live mode reads .mpaudit.yaml in the current directory.
	t.Chdir(dir)
	_, r := runJSON(t, "live", "--from-file", dump)
	var disagree bool
	for _, f := range r.Findings {
		if f.Rule == "MPA401" {
			t.Errorf("disabled rule reported: %+v", f)
		}
		if f.Rule == "MPA402" {
			disagree = true
			if f.Severity != contract.Info {
				t.Errorf("MPA402 severity %s, want info", f.Severity)
			}
		}
	}
	if r.FailOn != contract.Error {
		t.Errorf("failOn %s, want error from the file", r.FailOn)
	}
	if !disagree {
		t.Errorf("no MPA402 finding: %+v", r.Summary.ByRule)
	}
	// --config wins over the current directory's file; a flag over both.
	other := writeConfig(t, t.TempDir(), "capiVersion: v1.16.0\n")
	_, r = runJSON(t, "live", "--from-file", dump, "--config", other, "--fail-on", "info")
	if r.Target.Version != "v1.16.0" || !strings.Contains(r.Target.Source, "capiVersion") || r.FailOn != contract.Info {
		t.Errorf("target %+v failOn %s", r.Target, r.FailOn)
	}
	if len(r.Summary.Clusters) != 1 || r.Summary.Clusters[0].Target.Version != "v1.16.0" {
		t.Errorf("clusters %+v", r.Summary.Clusters)
	}
}

// TestGoVetConfig runs the binary under go vet with a configuration file
// in the analysed module.
func TestGoVetConfig(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	vet := func(t *testing.T, cfg string, flags ...string) string {
		t.Helper()
		// A fresh copy per run: go vet caches the results of packages
		// without diagnostics, and its cache key includes the directory.
		dir := copyProvider(t)
		writeConfig(t, dir, cfg)
		args := append([]string{"vet", "-vettool=" + bin}, flags...)
		cmd := exec.Command("go", append(args, "./controllers/", "./apis/capdlike/...")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	cfg := `failOn: info
rules:
  MPA203: {enabled: false}
  ready-without-provisioned: {severity: error}
types:
  exclude: ["example.com/provider/apis/managed/*"]
`
	out := vet(t, cfg)
	for _, want := range []string{
		"controllers.go:52:61: MPA204 error",            // kept
		"dockermachinepool_types.go:18:2: MPA101 error", // severity from the file
		"controllers.go:19:2: MPA201 info",              // failOn: info from the file
	} {
		if !strings.Contains(out, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	for _, unwanted := range []string{"MPA203", "FooManagedMachinePool"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("go vet output has %s despite the configuration:\n%s", unwanted, out)
		}
	}
	// The -fail-on flag wins over the file.
	out = vet(t, cfg, "-fail-on=warning")
	if strings.Contains(out, "MPA201") || !strings.Contains(out, "MPA101 error") {
		t.Errorf("-fail-on=warning did not win over failOn: info:\n%s", out)
	}
	// A bad file is reported, naming the field.
	out = vet(t, "rules:\n  MPA999: {enabled: false}\n")
	if !strings.Contains(out, ".mpaudit.yaml:2: rules.MPA999: unknown rule (see mpaudit rules)") {
		t.Errorf("go vet did not report the bad configuration:\n%s", out)
	}
}

// TestConfigIncludeMatchingNothing: a misspelt types.include keeps no
// finding; the run says so on stderr and in the report instead of passing
// silently.
func TestConfigIncludeMatchingNothing(t *testing.T) {
	clearEnv(t)
	dump, _ := filepath.Abs("../../live/testdata/dump.json")
	cfg := writeConfig(t, t.TempDir(), "types:\n  include: [\"DockerMachinePol\"]\n")
	code, out, errOut := run(t, "live", "--from-file", dump, "--config", cfg, "-o", "json")
	want := `types.include: "DockerMachinePol" matches no audited kind or Go type`
	if !strings.Contains(errOut, "mpaudit: warning: "+cfg+": "+want) {
		t.Errorf("stderr %q lacks the warning", errOut)
	}
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, want) }) || code != r.Summary.ExitCode {
		t.Errorf("exit %d, notes %q", code, r.Notes)
	}
}
