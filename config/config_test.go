package config

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

func TestLoadValid(t *testing.T) {
	cfg, err := Load("testdata/valid.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Path != "testdata/valid.yaml" || cfg.CAPIVersion != "v1.14.2" || cfg.FailOn != contract.Warning {
		t.Errorf("cfg = %+v", cfg)
	}
	if rs := cfg.Rules["MPA203"]; !rs.Disabled || rs.Severity != contract.Off {
		t.Errorf("MPA203 = %+v, want disabled", rs)
	}
	if rs := cfg.Rules["MPA101"]; rs.Disabled || rs.Severity != contract.Error {
		t.Errorf("MPA101 (by name) = %+v, want severity error", rs)
	}
	if len(cfg.Include) != 1 || len(cfg.Exclude) != 1 {
		t.Errorf("types = %v / %v", cfg.Include, cfg.Exclude)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, doc := range []string{"", "# nothing\n", "{}\n", "rules: {}\ntypes: {}\n"} {
		cfg, err := Parse("x.yaml", []byte(doc))
		if err != nil {
			t.Errorf("%q: %v", doc, err)
			continue
		}
		if cfg.CAPIVersion != "" || cfg.FailOn != contract.Off || len(cfg.Rules) != 0 {
			t.Errorf("%q: %+v", doc, cfg)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, doc, field, want string
	}{
		{"unknown top-level key", "failon: info\n", "failon", "unknown field"},
		{"unknown rule", "rules:\n  MPA999: {enabled: false}\n", "rules.MPA999", "unknown rule (see mpaudit rules)"},
		{"unknown rule name", "rules:\n  no-such-rule: {enabled: false}\n", "rules.no-such-rule", "unknown rule"},
		{"unknown rule setting", "rules:\n  MPA203: {enabeld: false}\n", "rules.MPA203.enabeld", "unknown field (want enabled or severity)"},
		{"bad severity", "rules:\n  MPA101: {severity: fatal}\n", "rules.MPA101.severity", `unknown severity "fatal"`},
		{"severity off", "rules:\n  MPA101: {severity: \"off\"}\n", "rules.MPA101.severity", `unknown severity "off"`},
		{"enabled not a bool", "rules:\n  MPA101: {enabled: sometimes}\n", "rules.MPA101.enabled", "want true or false"},
		{"rule not a mapping", "rules:\n  MPA101: false\n", "rules.MPA101", "want a mapping"},
		{"rule twice", "rules:\n  MPA101: {enabled: false}\n  ready-without-provisioned: {severity: error}\n", "rules.ready-without-provisioned", "same rule as rules.MPA101"},
		{"rules not a mapping", "rules: [MPA101]\n", "rules", "want a mapping"},
		{"bad failOn", "failOn: fatal\n", "failOn", `unknown severity "fatal"`},
		{"bad minSeverity", "minSeverity: loud\n", "minSeverity", `unknown severity "loud"`},
		{"invalid version", "capiVersion: latest\n", "capiVersion", `invalid Cluster API version "latest"`},
		{"version as a number", "capiVersion: 1.14\n", "capiVersion", "want a version string"},
		{"unknown types key", "types:\n  includes: [x]\n", "types.includes", "unknown field (want include or exclude)"},
		{"types not a list", "types:\n  include: \"*Pool\"\n", "types.include", "want a list of globs"},
		{"empty glob", "types:\n  exclude: [\"a\", \"\"]\n", "types.exclude[1]", "empty pattern"},
		{"document not a mapping", "- a\n", "", "want a mapping"},
		{"kinds not a mapping", "kinds: [FooCluster]\n", "kinds", "want a mapping from API kind"},
		{"unknown contract kind", "kinds:\n  FooCluster: InfraClusterr\n", "kinds.FooCluster", `unknown contract kind "InfraClusterr" (want one of InfraCluster,`},
		{"kind not a string", "kinds:\n  FooCluster: [InfraCluster]\n", "kinds.FooCluster", "want a contract kind name, got a list"},
		{"kind key a Go type", "kinds:\n  example.com/api/v1beta2.FooCluster: InfraCluster\n", "kinds.example.com/api/v1beta2.FooCluster", "want an API kind"},
		{"kind key a pattern", "kinds:\n  Foo*: InfraCluster\n", "kinds.Foo*", "not a Go type or a pattern"},
		{"group-qualified kind", "kinds:\n  FooCluster: InfraCluster\n  infrastructure.example.com/FooPool: Pool\n", "kinds.infrastructure.example.com/FooPool", `unknown contract kind "Pool"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(".mpaudit.yaml", []byte(c.doc))
			if err == nil {
				t.Fatal("no error")
			}
			// Every case puts the bad field on its last line.
			prefix := fmt.Sprintf(".mpaudit.yaml:%d: ", strings.Count(c.doc, "\n"))
			if c.field != "" {
				prefix += c.field + ": "
			}
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want %q…%q", err, prefix, c.want)
			}
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != c.field || fe.File != ".mpaudit.yaml" {
				t.Errorf("error %#v does not name field %q", err, c.field)
			}
		})
	}
	// The exact message of the documentation.
	_, err := Load("testdata/unknown-rule.yaml")
	if err == nil || err.Error() != "testdata/unknown-rule.yaml:2: rules.MPA999: unknown rule (see mpaudit rules)" {
		t.Errorf("error = %v", err)
	}
}

func TestParseSyntaxAndDuplicates(t *testing.T) {
	for _, doc := range []string{"rules: [\n", "failOn: info\nfailOn: error\n"} {
		_, err := Parse("c.yaml", []byte(doc))
		if err == nil || !strings.HasPrefix(err.Error(), "c.yaml: invalid YAML") {
			t.Errorf("%q: error %v, want invalid YAML naming the file", doc, err)
		}
	}
}

func TestParseSeveralErrors(t *testing.T) {
	_, err := Parse("c.yaml", []byte("failOn: x\nrules:\n  MPA999: {}\n"))
	if err == nil || !strings.Contains(err.Error(), "c.yaml:1: failOn:") || !strings.Contains(err.Error(), "c.yaml:3: rules.MPA999:") {
		t.Errorf("error = %v, want both fields", err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "apis", "v1")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := Find(sub); ok {
		t.Error("found a configuration that does not exist")
	}
	if err := os.WriteFile(filepath.Join(root, FileName), []byte("failOn: info\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, ok := Find(sub)
	if !ok || p != filepath.Join(root, FileName) {
		t.Errorf("Find(%s) = %q %v, want the module root's file", sub, p, ok)
	}
	if _, ok := FindIn(sub); ok {
		t.Error("FindIn looked above the directory")
	}
}

func TestApply(t *testing.T) {
	cfg, err := Parse("c.yaml", []byte(`
rules:
  MPA203: {enabled: false}
  ready-without-provisioned: {severity: error}
  MPA201: {enabled: true, severity: info}
types:
  include: ["*MachinePool"]
  exclude: ["example.com/legacy/*", "Old?MachinePool"]
`))
	if err != nil {
		t.Fatal(err)
	}
	r := &report.Report{Findings: []report.Finding{
		{Rule: "MPA203", Severity: contract.Warning, Kind: "DockerMachinePool"},
		{Rule: "MPA101", Severity: contract.Warning, Kind: "DockerMachinePool", Type: "example.com/p/api/v1.DockerMachinePool"},
		{Rule: "MPA101", Severity: contract.Warning, Kind: "FooMachinePool", Type: "example.com/legacy/api/v1.FooMachinePool"},
		{Rule: "MPA201", Severity: contract.Info, Kind: "Old1MachinePool"},
		{Rule: "MPA201", Severity: contract.Info, Kind: "Widget"},
		{Rule: "MPA602", Severity: contract.Error}, // no kind: never filtered by type
	}}
	if n, _ := cfg.Apply(r); n != 4 {
		t.Errorf("dropped %d, want 4", n)
	}
	if len(r.Findings) != 2 || r.Findings[0].Rule != "MPA101" || r.Findings[0].Severity != contract.Error || r.Findings[1].Rule != "MPA602" {
		t.Errorf("findings = %+v", r.Findings)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "c.yaml applied; 4 finding(s) dropped") {
		t.Errorf("notes = %q", r.Notes)
	}
	var none *Config
	if n, w := none.Apply(r); n != 0 || w != nil || len(r.Findings) != 2 {
		t.Error("a nil configuration changed the report")
	}
}

func TestMatchGlob(t *testing.T) {
	for _, c := range []struct {
		glob, s string
		want    bool
	}{
		{"*MachinePool", "DockerMachinePool", true},
		{"*MachinePool", "DockerMachinePoolTemplate", false},
		{"example.com/legacy/*", "example.com/legacy/apis/v1.Foo", true},
		{"example.com/legacy/*", "example.com/legacyx/v1.Foo", false},
		{"a.b", "axb", false},
		{"Dev?", "Dev1", true},
	} {
		if got := MatchGlob(c.glob, c.s); got != c.want {
			t.Errorf("MatchGlob(%q, %q) = %v", c.glob, c.s, got)
		}
	}
}

// TestApplyWarnsOnIncludeMatchingNothing: a types.include pattern that
// matches no audited kind or Go type (a typo drops every finding and the
// gate passes) is named in a note and returned as a warning.
func TestApplyWarnsOnIncludeMatchingNothing(t *testing.T) {
	cfg, err := Parse("c.yaml", []byte(`
types:
  include: ["*MachinePol", "Clean*", "Live*", "example.com/p/*"]
`))
	if err != nil {
		t.Fatal(err)
	}
	r := &report.Report{Findings: []report.Finding{
		{Rule: "MPA101", Severity: contract.Warning, Kind: "DockerMachinePool", Type: "example.com/p/api/v1.DockerMachinePool"},
	}}
	// Audited without findings: a static pool type and a live CRD.
	r.Summary.Types = []string{"infrastructure.cluster.x-k8s.io/v1beta2 CleanMachinePool (storage)"}
	r.Summary.Resources = []report.Resource{{CRD: "livepools.example.com", Kind: "LivePool"}}
	_, warnings := cfg.Apply(r)
	want := `c.yaml: types.include: "*MachinePol" matches no audited kind or Go type`
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], want) {
		t.Errorf("warnings = %q, want one starting %q", warnings, want)
	}
	found := false
	for _, n := range r.Notes {
		found = found || strings.HasPrefix(n, want)
	}
	if !found {
		t.Errorf("notes = %q, want one starting %q", r.Notes, want)
	}
}

func TestParseKinds(t *testing.T) {
	cfg, err := Parse("c.yaml", []byte("kinds:\n  FooCluster: InfraCluster\n  infrastructure.example.com/FooPool: InfraMachinePool\n  FooHelper: none\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := contract.Overrides{"FooCluster": "InfraCluster", "infrastructure.example.com/FooPool": "InfraMachinePool", "FooHelper": "none"}
	if !maps.Equal(cfg.Kinds, want) {
		t.Errorf("Kinds = %v, want %v", cfg.Kinds, want)
	}
	if err := cfg.Kinds.Validate(); err != nil {
		t.Errorf("the classifier refuses what the file accepted: %v", err)
	}
	if cfg, err := Parse("c.yaml", []byte("minSeverity: warning\n")); err != nil || cfg.MinSeverity != contract.Warning || cfg.FailOn != contract.Off {
		t.Errorf("minSeverity: %+v, %v", cfg, err)
	}
	if cfg, err := Parse("c.yaml", []byte("failOn: error\n")); err != nil || cfg.Kinds != nil {
		t.Errorf("no kinds section: Kinds = %v, %v; want nil", cfg.Kinds, err)
	}
}
