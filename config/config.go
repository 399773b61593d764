// Package config reads mpaudit's configuration file, .mpaudit.yaml, and
// applies it to reports: rules switched off or given another severity, and
// the pool types audited.
//
//	capiVersion: v1.14.2          # target core
//	failOn: warning               # info|warning|error
//	minSeverity: warning          # lowest severity printed, in every format
//	rules:
//	  MPA203: {enabled: false}    # key: rule ID or rule name
//	  ready-without-provisioned: {severity: error}
//	types:
//	  include: ["*MachinePool"]   # glob on kind or package-qualified Go type
//	  exclude: ["example.com/legacy/*"]
//	kinds:                        # the contract kind of a type, over the classifier
//	  FooCluster: InfraCluster    # key: API kind, or group/kind (which wins)
//	  infrastructure.example.com/FooPool: InfraMachinePool
//	  FooHelper: none             # not a contract kind
//
// Kinds are keyed by API kind, not Go type, so `check`, `go vet` and `live`
// (which sees CRDs, not Go types) classify a type the same way.
//
// Validation is strict: unknown keys, unknown rules, bad severities,
// unknown kinds and invalid versions are errors that name the file, the
// line and the field.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/report"
)

// FileName is the configuration file looked up in the provider module root.
const FileName = ".mpaudit.yaml"

// Environment variables read by the mpaudit commands. Flags win over them;
// they win over the configuration file.
const (
	EnvCAPIVersion = "MPAUDIT_CAPI_VERSION"
	EnvFailOn      = "MPAUDIT_FAIL_ON"
	EnvMinSeverity = "MPAUDIT_MIN_SEVERITY"
	EnvOutput      = "MPAUDIT_OUTPUT"
	EnvConfig      = "MPAUDIT_CONFIG"
)

// Config is a validated configuration file.
type Config struct {
	// Path is the file the configuration was read from.
	Path string
	// CAPIVersion is the target core version, or "".
	CAPIVersion string
	// FailOn is the lowest failing severity, or Off when unset.
	FailOn contract.Severity
	// MinSeverity is the lowest severity printed, or Off when unset.
	MinSeverity contract.Severity
	// Rules holds the per-rule settings, by rule ID.
	Rules map[string]RuleSetting
	// Include and Exclude are globs on a finding's kind or Go type.
	Include, Exclude []string
	// Kinds override the classifier's contract kind of API kinds; nil when unset.
	Kinds contract.Overrides

	include, exclude []*regexp.Regexp
}

// RuleSetting changes one rule.
type RuleSetting struct {
	// Disabled drops the rule's findings.
	Disabled bool
	// Severity replaces the rule's severity; Off leaves it unchanged.
	Severity contract.Severity
}

// file is the document as written, for strict unmarshalling.
type file struct {
	CAPIVersion string                 `json:"capiVersion,omitempty"`
	FailOn      string                 `json:"failOn,omitempty"`
	MinSeverity string                 `json:"minSeverity,omitempty"`
	Rules       map[string]ruleSetting `json:"rules,omitempty"`
	Types       *typeFilter            `json:"types,omitempty"`
	Kinds       map[string]string      `json:"kinds,omitempty"`
}

type ruleSetting struct {
	Enabled  *bool  `json:"enabled,omitempty"`
	Severity string `json:"severity,omitempty"`
}

type typeFilter struct {
	Include []string `json:"include,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
}

// FieldError is one invalid field of a configuration file.
type FieldError struct {
	File string
	// Line is the 1-based line of the field, or 0 when unknown.
	Line int
	// Field is the path of the field (rules.MPA203.severity), or "" for
	// the whole document.
	Field   string
	Message string
}

func (e *FieldError) Error() string {
	at := e.File
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field == "" {
		return at + ": " + e.Message
	}
	return at + ": " + e.Field + ": " + e.Message
}

// ModuleRoot is the directory of the go.mod at or above dir, else dir.
func ModuleRoot(dir string) string {
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if gm, ok := contract.FindGoMod(dir); ok {
		return filepath.Dir(gm)
	}
	return dir
}

// Find returns the configuration file in the module root above dir, if any.
func Find(dir string) (string, bool) {
	return FindIn(ModuleRoot(dir))
}

// Load reads and validates a configuration file.
func Load(path string) (*Config, error) {
	data, err := boundedio.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading configuration: %w", err)
	}
	return Parse(path, data)
}

// Parse validates a configuration document; name is used in errors.
func Parse(name string, data []byte) (*Config, error) {
	// Checked before any decoder expands aliases; a second document would
	// be ignored by the decoders below, so it is an error.
	docs, err := boundedio.CheckYAML(name, data)
	if err != nil {
		if le, ok := errors.AsType[*boundedio.LimitError](err); ok {
			return nil, &FieldError{File: name, Message: le.Reason}
		}
		return nil, &FieldError{File: name, Message: err.Error()}
	}
	if docs > 1 {
		return nil, &FieldError{File: name, Message: fmt.Sprintf("%d YAML documents; a configuration file holds one", docs)}
	}
	js, err := yaml.YAMLToJSONStrict(data)
	if err != nil {
		return nil, &FieldError{File: name, Message: "invalid YAML: " + trimYAMLError(err)}
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, &FieldError{File: name, Message: "invalid YAML: " + err.Error()}
	}
	v := &validator{file: name, root: yamlRoot(data)}
	cfg := v.document(doc)
	if len(v.errs) > 0 {
		sort.SliceStable(v.errs, func(i, j int) bool { return v.errs[i].Field < v.errs[j].Field })
		errs := make([]error, len(v.errs))
		for i, e := range v.errs {
			errs[i] = e
		}
		return nil, errors.Join(errs...)
	}
	// The walk above names fields precisely; strict unmarshalling is the
	// backstop that the document and the Go form agree.
	var f file
	if doc != nil {
		if err := yaml.UnmarshalStrict(data, &f); err != nil {
			return nil, &FieldError{File: name, Message: err.Error()}
		}
	}
	cfg.Path = name
	return cfg, nil
}

func trimYAMLError(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "error converting YAML to JSON: ")
	s = strings.TrimPrefix(s, "yaml: ")
	return strings.Join(strings.Fields(s), " ")
}

type validator struct {
	file string
	// root is the document's YAML tree, for the lines of fields; nil when
	// it cannot be parsed (errors then name no line).
	root *kyaml.Node
	errs []*FieldError
}

func (v *validator) fail(field, format string, args ...any) {
	v.errs = append(v.errs, &FieldError{File: v.file, Line: lineOf(v.root, field), Message: fmt.Sprintf(format, args...), Field: field})
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func join(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// describe names a JSON value's type for error messages.
func describe(x any) string {
	switch x := x.(type) {
	case nil:
		return "nothing"
	case bool:
		return fmt.Sprintf("%t", x)
	case json.Number:
		return "the number " + x.String()
	case string:
		return fmt.Sprintf("the string %q", x)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%T", x)
}

func (v *validator) document(doc any) *Config {
	cfg := &Config{Rules: map[string]RuleSetting{}}
	if doc == nil { // an empty file, or only comments
		return cfg
	}
	m, ok := doc.(map[string]any)
	if !ok {
		v.fail("", "want a mapping with capiVersion, failOn, minSeverity, rules, types and kinds, got %s", describe(doc))
		return cfg
	}
	for _, k := range sortedKeys(m) {
		val := m[k]
		switch k {
		case "capiVersion":
			s, ok := val.(string)
			if !ok {
				v.fail(k, "want a version string such as v1.14.2, got %s (quote it)", describe(val))
				continue
			}
			t, err := contract.TargetForVersion(s, "config")
			if err != nil {
				v.fail(k, "%v", err)
				continue
			}
			cfg.CAPIVersion = t.Version
		case "failOn":
			cfg.FailOn = v.severity(k, val)
		case "minSeverity":
			cfg.MinSeverity = v.severity(k, val)
		case "rules":
			v.rules(cfg, val)
		case "types":
			v.types(cfg, val)
		case "kinds":
			v.kinds(cfg, val)
		default:
			v.fail(k, "unknown field (want capiVersion, failOn, minSeverity, rules, types or kinds)")
		}
	}
	return cfg
}

func (v *validator) severity(field string, val any) contract.Severity {
	s, ok := val.(string)
	if !ok {
		hint := ""
		if _, isBool := val.(bool); isBool {
			hint = " (YAML reads off/no as false; to switch a rule off use enabled: false)"
		}
		v.fail(field, "want info, warning or error, got %s%s", describe(val), hint)
		return contract.Off
	}
	sev, err := contract.ParseSeverity(s)
	if err != nil || sev == contract.Off {
		v.fail(field, "unknown severity %q (want info, warning or error)", s)
		return contract.Off
	}
	return sev
}

func (v *validator) rules(cfg *Config, val any) {
	m, ok := val.(map[string]any)
	if !ok {
		v.fail("rules", "want a mapping from rule ID or name to settings, got %s", describe(val))
		return
	}
	seen := map[string]string{} // rule ID -> key that configured it
	for _, key := range sortedKeys(m) {
		field := join("rules", key)
		r, ok := contract.Lookup(key)
		if !ok {
			v.fail(field, "unknown rule (see mpaudit rules)")
			continue
		}
		if prev, dup := seen[r.ID]; dup {
			v.fail(field, "same rule as rules.%s (%s %s); configure it once", prev, r.ID, r.Name)
			continue
		}
		seen[r.ID] = key
		settings, ok := m[key].(map[string]any)
		if !ok {
			v.fail(field, "want a mapping with enabled and/or severity, got %s", describe(m[key]))
			continue
		}
		var rs RuleSetting
		for _, sk := range sortedKeys(settings) {
			sf := join(field, sk)
			switch sk {
			case "enabled":
				b, ok := settings[sk].(bool)
				if !ok {
					v.fail(sf, "want true or false, got %s", describe(settings[sk]))
					continue
				}
				rs.Disabled = !b
			case "severity":
				rs.Severity = v.severity(sf, settings[sk])
			default:
				v.fail(sf, "unknown field (want enabled or severity)")
			}
		}
		cfg.Rules[r.ID] = rs
	}
}

func (v *validator) types(cfg *Config, val any) {
	m, ok := val.(map[string]any)
	if !ok {
		v.fail("types", "want a mapping with include and/or exclude, got %s", describe(val))
		return
	}
	for _, k := range sortedKeys(m) {
		field := join("types", k)
		var list *[]string
		var res *[]*regexp.Regexp
		switch k {
		case "include":
			list, res = &cfg.Include, &cfg.include
		case "exclude":
			list, res = &cfg.Exclude, &cfg.exclude
		default:
			v.fail(field, "unknown field (want include or exclude)")
			continue
		}
		items, ok := m[k].([]any)
		if !ok {
			v.fail(field, "want a list of globs, got %s", describe(m[k]))
			continue
		}
		for i, it := range items {
			f := fmt.Sprintf("%s[%d]", field, i)
			s, ok := it.(string)
			if !ok {
				v.fail(f, "want a glob string, got %s", describe(it))
				continue
			}
			if strings.TrimSpace(s) == "" {
				v.fail(f, "empty pattern")
				continue
			}
			*list = append(*list, s)
			*res = append(*res, compileGlob(s))
		}
	}
}

func (v *validator) kinds(cfg *Config, val any) {
	m, ok := val.(map[string]any)
	if !ok {
		v.fail("kinds", "want a mapping from API kind (or group/kind) to contract kind, got %s", describe(val))
		return
	}
	cfg.Kinds = contract.Overrides{}
	for _, key := range sortedKeys(m) {
		field := join("kinds", key)
		if !validKindKey(key) {
			v.fail(field, "want an API kind (FooCluster) or group/kind (infrastructure.example.com/FooCluster), not a Go type or a pattern")
			continue
		}
		s, ok := m[key].(string)
		if !ok {
			v.fail(field, "want a contract kind name, got %s", describe(m[key]))
			continue
		}
		if _, known := contract.KindByName(s); !known && s != contract.OverrideNone {
			v.fail(field, "unknown contract kind %q (want one of %s, or %q)", s, strings.Join(contract.KindNames(), ", "), contract.OverrideNone)
			continue
		}
		cfg.Kinds[key] = s
	}
}

// ParseKinds validates a kinds mapping given outside a configuration file
// (the golangci-lint plugin's settings) with the file's rules; name says
// where it came from in errors.
func ParseKinds(name string, val any) (contract.Overrides, error) {
	v := &validator{file: name}
	cfg := &Config{}
	v.kinds(cfg, val)
	if len(v.errs) > 0 {
		errs := make([]error, len(v.errs))
		for i, e := range v.errs {
			errs[i] = e
		}
		return nil, errors.Join(errs...)
	}
	return cfg.Kinds, nil
}

// kindName is an API kind: what Classify compares with a type's or CRD's kind.
var kindName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// validKindKey reports whether key is a kind or group/kind.
func validKindKey(key string) bool {
	group, kind, qualified := strings.Cut(key, "/")
	if !qualified {
		return kindName.MatchString(key)
	}
	return kindName.MatchString(kind) && group != "" && !strings.ContainsAny(group, "/*? ")
}

// compileGlob turns a glob into an anchored regexp: * matches any run of
// characters (including / and .), ? matches one character.
func compileGlob(g string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range g {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// MatchGlob reports whether s matches the configuration glob g.
func MatchGlob(g, s string) bool { return compileGlob(g).MatchString(s) }

func matchAny(res []*regexp.Regexp, f report.Finding) bool {
	for _, re := range res {
		if (f.Kind != "" && re.MatchString(f.Kind)) || (f.Type != "" && re.MatchString(f.Type)) {
			return true
		}
	}
	return false
}

// Finding applies the configuration to one finding: it returns the finding
// with its severity overridden, or false when the rule is disabled or the
// finding's type is filtered out. Findings that name no kind or type are
// never filtered by types.
func (c *Config) Finding(f report.Finding) (report.Finding, bool) {
	if c == nil {
		return f, true
	}
	if rs, ok := c.Rules[f.Rule]; ok {
		if rs.Disabled {
			return f, false
		}
		if rs.Severity != contract.Off {
			f.Severity = rs.Severity
		}
	}
	if f.Kind != "" || f.Type != "" {
		if len(c.include) > 0 && !matchAny(c.include, f) {
			return f, false
		}
		if matchAny(c.exclude, f) {
			return f, false
		}
	}
	return f, true
}

// Apply applies the configuration to a report before it is finished: it
// drops the findings of disabled rules and filtered types, overrides
// severities, and notes what it did. It returns how many findings it
// dropped, and warnings (also added as notes) for types.include patterns
// that match no audited kind or Go type: a misspelt include drops every
// finding, so the run would pass silently. They are not usage errors, as
// one file may serve several modules and `live`.
func (c *Config) Apply(r *report.Report) (dropped int, warnings []string) {
	if c == nil {
		return 0, nil
	}
	for i, re := range c.include {
		if !matchesAudited(re, r) {
			w := fmt.Sprintf("%s: types.include: %q matches no audited kind or Go type, so it keeps nothing", c.Path, c.Include[i])
			warnings = append(warnings, w)
			r.Notes = append(r.Notes, w)
		}
	}
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		f, ok := c.Finding(f)
		if !ok {
			dropped++
			continue
		}
		kept = append(kept, f)
	}
	r.Findings = kept
	// A filtered type leaves the migration matrix too: without its findings it would show as met.
	r.Summary.TypeRefs = slices.DeleteFunc(r.Summary.TypeRefs, func(t report.TypeRef) bool {
		_, keep := c.Finding(report.Finding{Kind: t.Name, Type: t.GoType})
		return !keep
	})
	if c.Path != "" {
		note := "configuration " + c.Path + " applied"
		if dropped > 0 {
			note += fmt.Sprintf("; %d finding(s) dropped by disabled rules or type filters", dropped)
		}
		r.Notes = append(r.Notes, note)
	}
	return dropped, warnings
}

// matchesAudited reports whether re matches a kind or Go type the report
// audited: of a finding, a pool type (Summary.Types: "<apiVersion> <Kind>
// (<role>)") or a CRD (live).
func matchesAudited(re *regexp.Regexp, r *report.Report) bool {
	if slices.ContainsFunc(r.Findings, func(f report.Finding) bool { return matchAny([]*regexp.Regexp{re}, f) }) {
		return true
	}
	for _, t := range r.Summary.Types {
		if fields := strings.Fields(t); len(fields) >= 2 && re.MatchString(fields[1]) {
			return true
		}
	}
	return slices.ContainsFunc(r.Summary.Resources, func(res report.Resource) bool { return re.MatchString(res.Kind) })
}

// FindIn returns the configuration file in dir itself, if any (live mode
// has no module to look in).
func FindIn(dir string) (string, bool) {
	p := filepath.Join(dir, FileName)
	// Lstat: a file that exists but cannot be read (a broken link, no
	// permission) is found, and Load says why it cannot be read.
	if st, err := os.Lstat(p); err == nil && !st.IsDir() {
		return p, true
	}
	return "", false
}
