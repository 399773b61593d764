package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/report"
)

// compositeAction is the part of action.yml's schema the tests look at.
type compositeAction struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Author      string            `json:"author"`
	Branding    map[string]string `json:"branding"`
	Inputs      map[string]struct {
		Description string  `json:"description"`
		Required    bool    `json:"required"`
		Default     *string `json:"default"`
	} `json:"inputs"`
	Outputs map[string]struct {
		Description string `json:"description"`
		Value       string `json:"value"`
	} `json:"outputs"`
	Runs struct {
		Using string `json:"using"`
		Steps []struct {
			ID               string            `json:"id"`
			Name             string            `json:"name"`
			If               string            `json:"if"`
			Uses             string            `json:"uses"`
			Shell            string            `json:"shell"`
			Run              string            `json:"run"`
			WorkingDirectory string            `json:"working-directory"`
			Env              map[string]string `json:"env"`
			With             map[string]string `json:"with"`
		} `json:"steps"`
	} `json:"runs"`
}

const actionFile = "../../action.yml"

func loadAction(t *testing.T) (*compositeAction, []byte) {
	t.Helper()
	raw, err := os.ReadFile(actionFile)
	if err != nil {
		t.Fatal(err)
	}
	var a compositeAction
	if err := yaml.UnmarshalStrict(raw, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &a, raw
}

var (
	inputRef  = regexp.MustCompile(`\binputs\.([A-Za-z0-9_-]+)`)
	stepRef   = regexp.MustCompile(`\bsteps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)`)
	outputSet = regexp.MustCompile(`echo "([A-Za-z0-9_-]+)=[^"]*" >> "\$GITHUB_OUTPUT"`)
	exprRef   = regexp.MustCompile(`\$\{\{[^}]*\}\}`)
	yamlBlock = regexp.MustCompile("(?s)```yaml\n(.*?)```")
	// A step running one of the action's scripts, and the scripts' output helper.
	actionScript = regexp.MustCompile(`"\$ACTION_PATH/([^"]+\.sh)"`)
	outputCall   = regexp.MustCompile(`(?m)^\s*output ([A-Za-z0-9_-]+) `)
)

func TestActionYAML(t *testing.T) {
	a, raw := loadAction(t)
	if a.Name == "" || a.Description == "" || a.Runs.Using != "composite" || len(a.Runs.Steps) == 0 {
		t.Fatalf("not a composite action: %+v", a)
	}
	for _, in := range []string{"version", "working-directory", "packages", "capi-version", "fail-on", "sarif-file"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("input %q not declared", in)
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" || in.Required || in.Default == nil {
			t.Errorf("input %q: want a description, required: false and a default", name)
		}
	}

	// Every input and step output referenced anywhere is declared / set.
	runs := string(raw[strings.Index(string(raw), "\nruns:"):])
	for _, m := range inputRef.FindAllStringSubmatch(string(raw), -1) {
		if _, ok := a.Inputs[m[1]]; !ok {
			t.Errorf("inputs.%s is referenced but not declared", m[1])
		}
	}
	for name := range a.Inputs {
		if !strings.Contains(runs, "inputs."+name+" ") && !strings.Contains(runs, "inputs."+name+"}") {
			t.Errorf("input %q is declared but never used", name)
		}
	}
	setBy := map[string][]string{}
	for _, s := range a.Runs.Steps {
		for _, m := range outputSet.FindAllStringSubmatch(s.Run, -1) {
			setBy[s.ID] = append(setBy[s.ID], m[1])
		}
		// A step that runs a script of the action sets what the script sets.
		if m := actionScript.FindStringSubmatch(s.Run); m != nil {
			body, err := os.ReadFile(filepath.Join("../..", m[1]))
			if err != nil {
				t.Errorf("step %q: %v", s.Name, err)
			}
			for _, m := range outputSet.FindAllStringSubmatch(string(body), -1) {
				setBy[s.ID] = append(setBy[s.ID], m[1])
			}
			for _, m := range outputCall.FindAllStringSubmatch(string(body), -1) {
				setBy[s.ID] = append(setBy[s.ID], m[1])
			}
		}
	}
	for _, m := range stepRef.FindAllStringSubmatch(string(raw), -1) {
		if !slices.Contains(setBy[m[1]], m[2]) {
			t.Errorf("steps.%s.outputs.%s is referenced but no step %q sets it (set: %v)", m[1], m[2], m[1], setBy)
		}
	}

	// Expressions stay out of scripts (they go through env), so input values
	// cannot inject shell code.
	for _, s := range a.Runs.Steps {
		if s.Uses == "" && s.Shell != "bash" {
			t.Errorf("step %q: run steps of a composite action need shell: bash", s.Name)
		}
		if exprRef.MatchString(s.Run) {
			t.Errorf("step %q interpolates %v into its script; pass it through env", s.Name, exprRef.FindAllString(s.Run, -1))
		}
	}

	var install, check, upload, exit int = -1, -1, -1, -1
	for i, s := range a.Runs.Steps {
		switch {
		case strings.Contains(s.Run, "go install \"github.com/mpaudit/mpaudit/cmd/mpaudit@${MPAUDIT_VERSION}\""):
			install = i
		case strings.Contains(s.Run, "check -o sarif"):
			check = i
		case s.Uses == "github/codeql-action/upload-sarif@v3":
			upload = i
			if !strings.Contains(s.If, "always()") || !strings.Contains(s.With["sarif_file"], "steps."+a.Runs.Steps[check].ID+".outputs.sarif-file") {
				t.Errorf("upload step: if %q, with %v", s.If, s.With)
			}
		case strings.Contains(s.Run, `"${CODE:-2}"`):
			exit = i
		}
	}
	if !(install >= 0 && install < check && check < upload && upload < exit) {
		t.Errorf("steps out of order or missing: install %d, check %d, upload %d, exit %d", install, check, upload, exit)
	}
	// mode picks the audit steps or the fix step; install validates it.
	installStep := a.Runs.Steps[install]
	if installStep.Env["MODE"] != "${{ inputs.mode }}" || !strings.Contains(installStep.Run, "audit|fix) ;;") || *a.Inputs["mode"].Default != "audit" {
		t.Errorf("install step does not check mode (env %v), or mode does not default to audit", installStep.Env)
	}
	for _, i := range []int{check, exit} {
		if s := a.Runs.Steps[i]; s.If != "inputs.mode == 'audit'" {
			t.Errorf("step %q runs with if %q, want only in audit mode", s.Name, s.If)
		}
	}
	fix := -1
	for i, s := range a.Runs.Steps {
		if s.ID == "fix" {
			fix = i
			if s.If != "inputs.mode == 'fix'" || s.Env["ACTION_PATH"] != "${{ github.action_path }}" || s.Env["MPAUDIT"] != "${{ steps.install.outputs.path }}" {
				t.Errorf("fix step: if %q, env %v", s.If, s.Env)
			}
		}
	}
	if fix < install {
		t.Errorf("no fix step after the install step (fix %d, install %d)", fix, install)
	}

	// The README's workflows pass only inputs the action declares.
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	uses := 0
	for _, block := range yamlBlock.FindAllStringSubmatch(string(readme), -1) {
		var wf struct {
			Jobs map[string]struct {
				Steps []struct {
					Uses string            `json:"uses"`
					With map[string]string `json:"with"`
				} `json:"steps"`
			} `json:"jobs"`
		}
		if err := yaml.Unmarshal([]byte(block[1]), &wf); err != nil {
			t.Errorf("README workflow: %v\n%s", err, block[1])
		}
		for _, job := range wf.Jobs {
			for _, st := range job.Steps {
				if !strings.HasPrefix(st.Uses, "mpaudit/mpaudit@") {
					continue
				}
				uses++
				for k := range st.With {
					if _, ok := a.Inputs[k]; !ok {
						t.Errorf("README passes input %q, which action.yml does not declare", k)
					}
				}
			}
		}
	}
	if uses < 2 {
		t.Errorf("README shows %d workflows using the action, want the audit and the fix one", uses)
	}

	// The flags the action passes exist, and sarif is an output format.
	checkCmd := newCheckCmd()
	for _, f := range []string{"output", "fail-on", "capi-version"} {
		if checkCmd.Flags().Lookup(f) == nil {
			t.Errorf("action passes --%s, which mpaudit check does not have", f)
		}
	}
	if !slices.Contains(report.Formats(), "sarif") {
		t.Errorf("action runs check -o sarif; formats are %v", report.Formats())
	}
}

// TestActionScripts runs the action's check and exit scripts with bash
// against the example provider, as the runner would.
func TestActionScripts(t *testing.T) {
	a, _ := loadAction(t)
	bin := filepath.Join(stampedBinary(t), "mpaudit")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	script := func(name string) string { return stepScript(t, a, name) }
	runStep := func(body, dir string, env ...string) (int, map[string]string, string) {
		t.Helper()
		return runActionStep(t, root, body, dir, env...)
	}

	sarifPath := filepath.Join(t.TempDir(), "out", "mpaudit.sarif")
	code, outputs, log := runStep(script("check"), filepath.Join(root, "analyzers/testdata/provider"),
		"MPAUDIT="+bin, "PACKAGES=./apis/... ./controllers/...", "CAPI_VERSION=", "FAIL_ON=warning", "SARIF_FILE="+sarifPath)
	if code != 0 || outputs["exit-code"] != "1" || outputs["sarif-file"] != sarifPath {
		t.Fatalf("check step: exit %d, outputs %v\n%s", code, outputs, log)
	}
	data, err := os.ReadFile(sarifPath)
	if err != nil {
		t.Fatal(err)
	}
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &sarif); err != nil || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) == 0 {
		t.Fatalf("SARIF: %v\n%.2000s", err, data)
	}
	// Paths are made repository-relative (jq permitting).
	if _, err := exec.LookPath("jq"); err == nil {
		for _, r := range sarif.Runs[0].Results {
			for _, l := range r.Locations {
				if u := l.PhysicalLocation.ArtifactLocation.URI; u != "" && !strings.HasPrefix(u, "analyzers/testdata/provider/") {
					t.Errorf("%s: uri %q is not relative to the repository root", r.RuleID, u)
				}
			}
		}
	}

	// fail-on error: the example still has errors.
	sarifPath = filepath.Join(t.TempDir(), "mpaudit.sarif")
	_, outputs, log = runStep(script("check"), filepath.Join(root, "analyzers/testdata/provider"),
		"MPAUDIT="+bin, "PACKAGES=./...", "CAPI_VERSION=v1.14.2", "FAIL_ON=error", "SARIF_FILE="+sarifPath)
	if outputs["exit-code"] != "1" || outputs["sarif-file"] != sarifPath {
		t.Errorf("fail-on error: outputs %v, want exit-code 1\n%s", outputs, log)
	}
	// A bad flag value is exit 2 and no report: nothing to upload. The
	// relative sarif-file lands in the working directory.
	wd := t.TempDir()
	_, outputs, log = runStep(script("check"), wd,
		"MPAUDIT="+bin, "PACKAGES=./...", "CAPI_VERSION=", "FAIL_ON=fatal", "SARIF_FILE=reports/mpaudit.sarif")
	if outputs["exit-code"] != "2" || outputs["sarif-file"] != "" {
		t.Errorf("fail-on fatal: outputs %v, want exit-code 2 and no sarif-file\n%s", outputs, log)
	}
	if _, err := os.Stat(filepath.Join(wd, "reports/mpaudit.sarif")); err != nil {
		t.Errorf("relative sarif-file: %v", err)
	}

	exitStep := script("Exit with mpaudit's exit code")
	for code, want := range map[string]int{"0": 0, "1": 1, "2": 2, "": 2} {
		if got, _, _ := runStep(exitStep, root, "CODE="+code, "FAIL_ON=warning"); got != want {
			t.Errorf("exit step with CODE=%q: %d, want %d", code, got, want)
		}
	}
}

// stepScript is the run script of the step with that id or name.
func stepScript(t *testing.T, a *compositeAction, name string) string {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.ID == name || s.Name == name {
			return s.Run
		}
	}
	t.Fatalf("no step %q", name)
	return ""
}

// runActionStep runs a step's script in dir as the runner runs `shell: bash`
// steps (bash --noprofile --norc -eo pipefail {0}), with workspace as
// GITHUB_WORKSPACE; it returns the exit code, the outputs the step set and
// its combined output.
func runActionStep(t *testing.T, workspace, body, dir string, env ...string) (int, map[string]string, string) {
	t.Helper()
	outFile := filepath.Join(t.TempDir(), "github_output")
	file := filepath.Join(t.TempDir(), "step.sh")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(env, "GITHUB_OUTPUT="+outFile, "GITHUB_WORKSPACE="+workspace)...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{}
	data, _ := os.ReadFile(outFile)
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			outputs[k] = v
		}
	}
	return code, outputs, string(out)
}
