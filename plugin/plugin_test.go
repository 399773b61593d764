package plugin_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/plugin" // registers "mpaudit" in init, as the blank import golangci-lint custom generates does
)

// build does what golangci-lint's module plugin builder does
// (pkg/lint/lintersdb/builder_plugin_module.go): look the plugin up by
// name, call its constructor with the raw settings value, build the
// analyzers and read the load mode.
func build(t *testing.T, conf any) []*analysis.Analyzer {
	t.Helper()
	as, err := buildErr(conf)
	if err != nil {
		t.Fatal(err)
	}
	return as
}

func buildErr(conf any) ([]*analysis.Analyzer, error) {
	newPlugin, err := register.GetPlugin("mpaudit")
	if err != nil {
		return nil, err
	}
	p, err := newPlugin(conf)
	if err != nil {
		return nil, err
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		return nil, fmt.Errorf("load mode %q, want %q", mode, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

// settingsMap is a settings value as golangci-lint hands it over: viper
// decodes the YAML under linters.settings.custom.mpaudit.settings into
// map[string]any, lists into []any.
func settingsMap(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "provider"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs the analyzer of that name, as built by the plugin, on the
// packages with analysistest and checks their // want comments. Each
// testdata package holds the expectations of one analyzer.
func run(t *testing.T, as []*analysis.Analyzer, name string, patterns ...string) {
	t.Helper()
	analysistest.Run(t, testdata(t), byName(t, as, name), patterns...)
}

func byName(t *testing.T, as []*analysis.Analyzer, name string) *analysis.Analyzer {
	t.Helper()
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no analyzer %s", name)
	return nil
}

// collect runs the analyzers without // want checking and returns
// "line: message" for every diagnostic.
func collect(t *testing.T, as []*analysis.Analyzer, patterns ...string) []string {
	t.Helper()
	return collectIn(t, testdata(t), as, patterns...)
}

func collectIn(t *testing.T, dir string, as []*analysis.Analyzer, patterns ...string) []string {
	t.Helper()
	var out []string
	for _, a := range as {
		for _, r := range analysistest.Run(ignore{}, dir, a, patterns...) {
			if r.Err != nil {
				t.Fatalf("%s: %v", a.Name, r.Err)
			}
			for _, d := range r.Diagnostics {
				out = append(out, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(d.Pos).Line, d.Message))
			}
		}
	}
	return out
}

// ignore is an analysistest.Testing that drops // want mismatches.
type ignore struct{}

func (ignore) Errorf(string, ...any) {}

func TestRegistered(t *testing.T) {
	as := build(t, nil)
	mirrors(t, as)
}

// mirrors checks that the plugin's analyzers stand in for the reporting
// analyzers in the analysis graph: same names, Requires (kindfinder, whose
// facts flow between packages), FactTypes and ResultType.
func mirrors(t *testing.T, as []*analysis.Analyzer) {
	t.Helper()
	orig := analyzers.MustNew(analyzers.DefaultSettings()).Reporting
	if len(as) != len(orig) {
		t.Fatalf("got %d analyzers, want %d", len(as), len(orig))
	}
	for i, a := range as {
		o := orig[i]
		if a == o || a.Name != o.Name || a.Doc != o.Doc || a.ResultType != o.ResultType || a.RunDespiteErrors != o.RunDespiteErrors ||
			!slices.Equal(names(a.Requires), names(o.Requires)) || !slices.Equal(factTypes(a), factTypes(o)) {
			t.Errorf("analyzer %d (%s) does not mirror %s", i, a.Name, o.Name)
		}
	}
	if err := analysis.Validate(as); err != nil {
		t.Fatal(err)
	}
}

// TestDefaults runs with no settings: severities for the core in the test
// module's go.mod (v1.14.2), warnings and errors reported. The controllers
// package sees the pool types of apis/ only through kindfinder's facts.
func TestDefaults(t *testing.T) {
	as := build(t, map[string]any{})
	run(t, as, "kindtypes", "./apis/widget/...")
	run(t, as, "poolcrd", "./apis/gadget/...")
	run(t, as, "poolusage", "./controllers/...")
}

func TestFailOnInfo(t *testing.T) {
	as := build(t, settingsMap("fail-on", "info"))
	got := strings.Join(collect(t, as, "./controllers/..."), "\n")
	for _, w := range []string{"MPA201 info", "MPA202 info", "MPA203 warning"} {
		if !strings.Contains(got, w) {
			t.Errorf("fail-on info: no %q in\n%s", w, got)
		}
	}
}

// TestDisable: scenarios/disable is apis/widget without the MPA101
// expectation.
func TestDisable(t *testing.T) {
	// Control: unfiltered, the package does report MPA101.
	if got := strings.Join(collect(t, build(t, nil), "./scenarios/disable/..."), "\n"); !strings.Contains(got, "MPA101 warning") {
		t.Fatalf("control run has no MPA101:\n%s", got)
	}
	as := build(t, settingsMap("disable", []any{"MPA101"}))
	mirrors(t, as)
	run(t, as, "kindtypes", "./scenarios/disable/...")
	// Other rules of the other analyzers are untouched.
	run(t, as, "poolcrd", "./apis/gadget/...")
	run(t, as, "poolusage", "./controllers/...")
}

// TestDisableUseRule drops a use-site rule, named by its name, in the
// controllers, whose findings depend on facts from the API packages.
func TestDisableUseRule(t *testing.T) {
	as := build(t, settingsMap("disable", []any{"ready-write-without-provisioned"}, "fail-on", "info"))
	got := strings.Join(collect(t, as, "./controllers/..."), "\n")
	if strings.Contains(got, "MPA203") || !strings.Contains(got, "MPA201 info") {
		t.Errorf("disable MPA203: got\n%s", got)
	}
}

// TestCAPIVersion: targeting a core without v1beta1 compatibility makes a
// ready-only pool an error.
func TestCAPIVersion(t *testing.T) {
	as := build(t, settingsMap("capi-version", "v1.16.0"))
	run(t, as, "kindtypes", "./scenarios/future/...")
}

func TestEnableOnly(t *testing.T) {
	as := build(t, settingsMap("enable-only", []any{"mpa101", "contract-label-v1beta1-only"}))
	run(t, as, "kindtypes", "./scenarios/only/...")
	run(t, as, "poolcrd", "./apis/gadget/...") // MPA302 is enabled
	if got := collect(t, []*analysis.Analyzer{byName(t, as, "poolusage")}, "./controllers/..."); len(got) > 0 {
		t.Errorf("poolusage reported rules that are not enabled: %q", got)
	}
}

// TestCRDFindingOnType: golangci-lint keeps only issues in .go files, so a
// finding poolcrd reports at a line of a CRD YAML file is moved onto the
// pool type, with the file and line in the message.
func TestCRDFindingOnType(t *testing.T) {
	as := build(t, nil)
	run(t, as, "poolcrd", "./scenarios/crd/...")
	// The type itself has only an info finding (MPA103): nothing at warning.
	if got := collect(t, []*analysis.Analyzer{byName(t, as, "kindtypes")}, "./scenarios/crd/..."); len(got) > 0 {
		t.Errorf("kindtypes: %q", got)
	}
}

// TestKinds gives the plugin the kinds of testdata/kindsoverride's
// .mpaudit.yaml: its analyzers classify the module's types as check and
// go vet do there (cmd/mpaudit TestKindOverridesAgree): WidgetBox is an
// InfraMachine, WidgetCluster no contract kind. The whole diagnostic set
// of every analyzer is asserted, with and without the setting.
func TestKinds(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "kindsoverride"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".mpaudit.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any // decoded as golangci-lint decodes its YAML
	if err := yaml.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	conf := settingsMap("capi-version", "v1.14.2", "kinds", file["kinds"])
	as := build(t, conf)
	analysistest.Run(t, dir, byName(t, as, "kindtypes"), "./...")
	// The fixture's types have a stand-in ObjectMeta and no template.
	const objectMeta = "MPA133 error: %s metadata: %[1]s does not embed metav1.TypeMeta and metav1.ObjectMeta: core cannot read it as a Kubernetes object; embed metav1.TypeMeta (json:\",inline\") and metav1.ObjectMeta (json:\"metadata\")"
	const templateMissing = "MPA136 error: %s: this API version declares no %[1]sTemplate for %[1]s: add it, as MachineDeployments and MachineSets stamp each Machine's InfraMachine from it"
	const prefix = "MPA120 warning: %s status.initialization.provisioned: missing beside status.ready: add it and set both (no CRD or contract label found: judged against the v1beta2 contract)"
	for _, tc := range []struct {
		name string
		conf any
		want []string
	}{
		{"with kinds", conf, []string{"13: " + fmt.Sprintf(objectMeta, "WidgetBox"), "13: " + fmt.Sprintf(templateMissing, "WidgetBox"), "8: " + fmt.Sprintf(prefix, "WidgetBox")}},
		{"without", settingsMap("capi-version", "v1.14.2"), []string{"20: " + fmt.Sprintf(prefix, "WidgetCluster"), "25: " + fmt.Sprintf(objectMeta, "WidgetCluster")}},
	} {
		got := collectIn(t, dir, build(t, tc.conf), "./...")
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: diagnostics\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

func TestInvalidSettings(t *testing.T) {
	for _, tc := range []struct {
		name string
		conf any
		want []string // substrings of the error
	}{
		{"bad version", settingsMap("capi-version", "latest"), []string{`setting "capi-version"`, `"latest"`}},
		{"unquoted version", settingsMap("capi-version", 1.1), []string{`setting "capi-version"`, "quote it"}},
		{"bad severity", settingsMap("fail-on", "fatal"), []string{`setting "fail-on"`, `"fatal"`, "info, warning or error"}},
		{"off is not a threshold", settingsMap("min-severity", "off"), []string{`setting "min-severity"`}},
		{"aliases disagree", settingsMap("fail-on", "error", "min-severity", "info"), []string{`"fail-on"`, `"min-severity"`}},
		{"unknown rule", settingsMap("disable", []any{"MPA101", "MPA999"}), []string{`setting "disable"`, `"MPA999"`}},
		{"live rule", settingsMap("enable-only", []any{"MPA401"}), []string{`setting "enable-only"`, "MPA401", "live cluster"}},
		{"wrong type", settingsMap("disable", map[string]any{"MPA101": true}), []string{`setting "disable"`, "list of rule IDs"}},
		{"all disabled", settingsMap("disable", allStaticRules()), []string{`setting "disable"`, "every rule"}},
		{"nothing left", settingsMap("enable-only", []any{"MPA101"}, "disable", []any{"MPA101"}), []string{`"enable-only"`, `"disable"`, "no rule"}},
		{"unknown key", settingsMap("capi_version", "v1.14.2"), []string{`unknown field "capi_version"`, "capi-version"}},
		{"not a map", []any{"MPA101"}, []string{"mpaudit: settings"}},
		// The checks of .mpaudit.yaml's kinds, naming the entry.
		{"unknown kind", settingsMap("kinds", map[string]any{"FooBox": "InfraBox"}), []string{"settings: kinds.FooBox", `unknown contract kind "InfraBox"`, "InfraMachine"}},
		{"kind key is a pattern", settingsMap("kinds", map[string]any{"Foo*": "InfraMachine"}), []string{"kinds.Foo*", "not a Go type or a pattern"}},
		{"kind not a string", settingsMap("kinds", map[string]any{"FooBox": 3}), []string{"kinds.FooBox", "the number 3"}},
		{"kinds not a map", settingsMap("kinds", []any{"FooBox"}), []string{"kinds", "want a mapping"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := buildErr(tc.conf)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestValidSettingForms(t *testing.T) {
	for _, conf := range []any{
		nil,
		settingsMap("capi-version", "1.15", "min-severity", "ERROR"),
		settingsMap("fail-on", "warning", "min-severity", "warning"),
		settingsMap("disable", "MPA101, MPA105"), // one comma-separated string
		settingsMap("disable", []any{"MPA401"}),  // a live rule: nothing to drop here, but harmless
		settingsMap("kinds", map[string]any{"FooBox": "InfraMachine", "infrastructure.example.com/FooPool": "none"}),
	} {
		if _, err := buildErr(conf); err != nil {
			t.Errorf("%v: %v", conf, err)
		}
	}
}

func allStaticRules() []any {
	var out []any
	for _, r := range contract.Rules() {
		switch r.Scope {
		case contract.ScopeType, contract.ScopeUse, contract.ScopeCRD, contract.ScopeGoAPI:
			out = append(out, r.ID)
		}
	}
	return out
}

// TestDocumentedConfig keeps docs/golangci-lint.md working: its
// .custom-gcl.yml imports this package, and the settings of its
// .golangci.yml build.
func TestDocumentedConfig(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "golangci-lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	var custom, golangci map[string]any
	for _, b := range blocks {
		var m map[string]any
		if err := yaml.Unmarshal([]byte(b[1]), &m); err != nil {
			t.Fatalf("%v in\n%s", err, b[1])
		}
		switch {
		case custom == nil && m["plugins"] != nil:
			custom = m
		case golangci == nil && m["version"] == "2":
			golangci = m
		}
	}
	if custom == nil || golangci == nil {
		t.Fatal("no .custom-gcl.yml or .golangci.yml block")
	}

	pkg := reflect.TypeFor[plugin.Plugin]().PkgPath()
	found := false
	for _, p := range custom["plugins"].([]any) {
		p := p.(map[string]any)
		if p["module"] == "github.com/mpaudit/mpaudit" {
			found = true
			if p["import"] != pkg || p["version"] == nil {
				t.Errorf(".custom-gcl.yml: %v, want import %s and a version", p, pkg)
			}
		}
	}
	if !found || !strings.HasPrefix(fmt.Sprint(custom["version"]), "v2.") {
		t.Errorf(".custom-gcl.yml: %v", custom)
	}

	linters := golangci["linters"].(map[string]any)
	if !slices.Contains(linters["enable"].([]any), any(plugin.Name)) {
		t.Errorf(".golangci.yml does not enable %s", plugin.Name)
	}
	cfg := linters["settings"].(map[string]any)["custom"].(map[string]any)[plugin.Name].(map[string]any)
	if cfg["type"] != "module" {
		t.Errorf("type %v, want module", cfg["type"])
	}
	as := build(t, cfg["settings"])
	mirrors(t, as)
}

// factTypes names a's fact types (each set has its own fact values).
func factTypes(a *analysis.Analyzer) []string {
	var out []string
	for _, f := range a.FactTypes {
		out = append(out, fmt.Sprintf("%T", f))
	}
	return out
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
