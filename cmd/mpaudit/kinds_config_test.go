package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

// TestCheckKindOverrides: the kinds section of the configuration file
// reaches the classifier of check.
func TestCheckKindOverrides(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "c.yaml")
	doc := "kinds:\n  DevBox: InfraMachine\n  infrastructure.cluster.x-k8s.io/DevMachineTemplate: none\n"
	if err := os.WriteFile(cfg, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	judged := func(args ...string) map[string]bool {
		_, r := runJSON(t, append([]string{"check", "--no-cache", "-C", "../../analyzers/poolcrd/testdata/kinds", "--capi-version", "v1.14.2"}, args...)...)
		if len(r.Problems) > 0 {
			t.Fatalf("problems: %v", r.Problems)
		}
		out := map[string]bool{}
		for _, f := range r.Findings {
			if f.Rule == "MPA343" {
				out[f.Kind] = true
			}
		}
		return out
	}
	if got := judged(); !got["DevMachineTemplate"] || got["DevBox"] {
		t.Errorf("without overrides, MPA343 on %v; want DevMachineTemplate, not DevBox", got)
	}
	if got := judged("--config", cfg); got["DevMachineTemplate"] || !got["DevBox"] {
		t.Errorf("with overrides, MPA343 on %v; want DevBox, not DevMachineTemplate", got)
	}
}

// TestKindOverridesAgree: the module plugin/testdata/kindsoverride has a
// type the classifier misses (WidgetBox) and one it takes for an
// InfraCluster (WidgetCluster); its .mpaudit.yaml says otherwise. check,
// go vet -vettool and rewrite read the file and classify the types the same
// way (the golangci-lint plugin, given the same kinds, in plugin TestKinds);
// with an empty configuration they all follow the classifier instead.
func TestKindOverridesAgree(t *testing.T) {
	src, err := filepath.Abs("../../plugin/testdata/kindsoverride")
	if err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty.yaml")
	if err := os.WriteFile(empty, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := binary(t)
	for _, tc := range []struct {
		name   string
		config []string // extra flags
		// the finding set (rule kind file:line) and the migrated status types
		findings, migrated []string
	}{
		// The fixture's types have a stand-in ObjectMeta (MPA133) and no template (MPA136).
		{"overrides", nil, []string{"MPA120 WidgetBox apis/v1beta2/types.go:8", "MPA133 WidgetBox apis/v1beta2/types.go:13", "MPA136 WidgetBox apis/v1beta2/types.go:13"},
			[]string{"WidgetBoxStatus"}},
		{"classifier", []string{"--config", empty}, []string{"MPA120 WidgetCluster apis/v1beta2/types.go:20", "MPA133 WidgetCluster apis/v1beta2/types.go:25"},
			[]string{"WidgetClusterStatus"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "m")
			if out, err := exec.Command("cp", "-r", src, dir).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v\n%s", err, out)
			}
			if tc.config != nil {
				// go vet has no --config: the module's own file is what it reads.
				if err := os.Rename(filepath.Join(dir, ".mpaudit.yaml"), filepath.Join(dir, "off.yaml")); err != nil {
					t.Fatal(err)
				}
			}
			_, r := runJSON(t, append([]string{"check", "--no-cache", "-C", dir, "--capi-version", "v1.14.2", "./..."}, tc.config...)...)
			var checkSet []string
			for _, f := range r.Findings {
				pos := ""
				if f.Position != nil {
					pos = fmt.Sprintf("%s:%d", f.Position.File, f.Position.Line)
				}
				checkSet = append(checkSet, fmt.Sprintf("%s %s %s", f.Rule, f.Kind, pos))
			}
			slices.Sort(checkSet)
			if !slices.Equal(checkSet, tc.findings) {
				t.Errorf("check findings %q, want %q", checkSet, tc.findings)
			}

			vet := exec.Command("go", "vet", "-vettool="+bin, "-capi-version", "v1.14.2", "./...")
			vet.Dir, vet.Env = dir, append(os.Environ(), "GOFLAGS=")
			out, _ := vet.CombinedOutput()
			var vetSet []string
			diag := regexp.MustCompile(`^(\S+\.go):(\d+):\d+: (MPA\d+) \w+: (\w+)[ :]`)
			for line := range strings.Lines(string(out)) {
				if m := diag.FindStringSubmatch(line); m != nil {
					vetSet = append(vetSet, fmt.Sprintf("%s %s %s:%s", m[3], m[4], filepath.ToSlash(m[1]), m[2]))
				}
			}
			slices.Sort(vetSet)
			if !slices.Equal(vetSet, tc.findings) {
				t.Errorf("go vet findings %q, want %q\n%s", vetSet, tc.findings, out)
			}

			code, stdout, errOut := run(t, append([]string{"rewrite", "-C", dir, "--capi-version", "v1.14.2", "--write", "./..."}, tc.config...)...)
			if code != report.ExitOK {
				t.Fatalf("rewrite --write: exit %d\n%s\n%s", code, stdout, errOut)
			}
			if got := statusTypesWith(t, filepath.Join(dir, "apis", "v1beta2", "types.go"), "Initialization"); !slices.Equal(got, tc.migrated) {
				t.Errorf("rewrite migrated %q, want %q", got, tc.migrated)
			}
		})
	}
}

// statusTypesWith lists the struct types of a file that have a field of that name.
func statusTypesWith(t *testing.T, path, field string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		if st, ok := ts.Type.(*ast.StructType); ok {
			for _, fl := range st.Fields.List {
				for _, name := range fl.Names {
					if name.Name == field {
						out = append(out, ts.Name.Name)
					}
				}
			}
		}
		return false
	})
	slices.Sort(out)
	return out
}

// TestConfigAndSuppressionAgree: in a copy of the rewrite's kinds fixture,
// FooConfig's dataSecretName carries //mpaudit:ignore MPA126 and the
// configuration filters FooMachinePool out and disables MPA125 (the
// failure fields of the other kinds). check leaves those findings out;
// go fix -fixtool and rewrite leave the same types and their uses alone:
// dataSecretName stays a *string everywhere, the pool gets no
// initialization and its ready write no companion, FooMachine's failure
// fields stay where they are. Both results build and vet, and both add an
// initialization to exactly the types check reports ready-only.
func TestConfigAndSuppressionAgree(t *testing.T) {
	src, err := filepath.Abs("../../rewrite/testdata/kindsprovider")
	if err != nil {
		t.Fatal(err)
	}
	bin := binary(t)
	prepare := func() string {
		dir := filepath.Join(t.TempDir(), "m")
		if out, err := exec.Command("cp", "-r", src, dir).CombinedOutput(); err != nil {
			t.Fatalf("cp: %v\n%s", err, out)
		}
		for _, g := range []string{"controllers/controllers.go.golden"} {
			os.Remove(filepath.Join(dir, g))
		}
		types := filepath.Join(dir, "apis", "bootstrap", "v1beta1", "fooconfig_types.go")
		b, _ := os.ReadFile(types)
		b = []byte(strings.Replace(string(b), "\t// +optional\n\tDataSecretName", "\t// +optional\n\t//mpaudit:ignore MPA126 the secret name stays a pointer until v1beta2\n\tDataSecretName", 1))
		doc := "types:\n  exclude: [FooMachinePool]\nrules:\n  MPA125: {enabled: false}\n"
		if err := errors.Join(os.WriteFile(types, b, 0o644), os.WriteFile(filepath.Join(dir, ".mpaudit.yaml"), []byte(doc), 0o644)); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	goIn := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}

	checked := prepare()
	_, r := runJSON(t, "check", "--no-cache", "-C", checked, "./...")
	var readyOnly []string
	for _, f := range r.Findings {
		if f.Kind == "FooMachinePool" || f.Rule == "MPA125" || (f.Rule == "MPA126" && f.Kind == "FooConfig") {
			t.Errorf("check reports %s %s %s despite the configuration or the comment", f.Rule, f.Kind, f.Field)
		}
		if (f.Rule == "MPA120" || f.Rule == "MPA101") && !f.Spoke {
			readyOnly = append(readyOnly, f.Kind+"Status")
		}
	}
	slices.Sort(readyOnly)
	readyOnly = slices.Compact(readyOnly)

	fixed := prepare()
	// go fix cannot regenerate deepcopy (docs/vet.md): without it the
	// fixture still builds, and the type changes are go fix's alone.
	generated, _ := filepath.Glob(filepath.Join(fixed, "apis", "*", "v1beta1", "zz_generated.deepcopy.go"))
	for _, g := range generated {
		os.Remove(g)
	}
	goIn(fixed, "fix", "-fixtool="+bin, "./...")
	rewritten := prepare()
	if code, stdout, errOut := run(t, "rewrite", "-C", rewritten, "--write", "./..."); code != report.ExitOK {
		t.Fatalf("rewrite --write: exit %d\n%s\n%s", code, stdout, errOut)
	}
	withInit := func(dir string) []string {
		var out []string
		for _, f := range []string{"apis/bootstrap/v1beta1/fooconfig_types.go", "apis/infra/v1beta1/foocluster_types.go",
			"apis/infra/v1beta1/foomachine_types.go", "apis/infra/v1beta1/foomachinepool_types.go", "apis/controlplane/v1beta1/foocontrolplane_types.go"} {
			out = append(out, statusTypesWith(t, filepath.Join(dir, f), "Initialization")...)
		}
		slices.Sort(out)
		return out
	}
	// The types that had one, and those check reports ready-only.
	want := slices.Concat(withInit(checked), readyOnly)
	slices.Sort(want)
	for name, dir := range map[string]string{"go fix": fixed, "rewrite": rewritten} {
		goIn(dir, "build", "./...")
		goIn(dir, "vet", "./...")
		if got := withInit(dir); !slices.Equal(got, want) {
			t.Errorf("%s: status types with an initialization %q, want %q (had one, or check reports them ready-only)", name, got, want)
		}
		if got := statusTypesWith(t, filepath.Join(dir, "apis/infra/v1beta1/foomachine_types.go"), "Deprecated"); len(got) > 0 {
			t.Errorf("%s: the failure fields moved (MPA125 is disabled): %q", name, got)
		}
		code, _ := os.ReadFile(filepath.Join(dir, "controllers", "controllers.go"))
		types, _ := os.ReadFile(filepath.Join(dir, "apis/bootstrap/v1beta1/fooconfig_types.go"))
		for _, keep := range []string{"c.Status.DataSecretName = &secret", "m.Status.FailureReason = &reason", "p.Status.Ready = true\n}"} {
			if !strings.Contains(string(code), keep) {
				t.Errorf("%s: controllers.go no longer has %q:\n%s", name, keep, code)
			}
		}
		if !strings.Contains(string(types), "DataSecretName *string") {
			t.Errorf("%s: dataSecretName is no longer a *string:\n%s", name, types)
		}
	}
}
