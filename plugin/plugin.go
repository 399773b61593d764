// Package plugin registers mpaudit as a golangci-lint v2 module plugin
// named "mpaudit" (see docs/golangci-lint.md).
//
// Import it from .custom-gcl.yml; `golangci-lint custom` then builds a
// golangci-lint binary that holds mpaudit's reporting analyzers (kindtypes,
// poolusage, poolcrd). The settings under linters.settings.custom.mpaudit
// in .golangci.yml are:
//
//	capi-version: target Cluster API core (default: read from go.mod)
//	fail-on:      lowest severity reported: info, warning (default) or error
//	              (min-severity is accepted as another name for it)
//	disable:      rule IDs (or names) not to report
//	enable-only:  rule IDs (or names) to report, and no others
//	kinds:        the contract kind of API kinds over the classifier, as
//	              .mpaudit.yaml's kinds (same keys, values and checks)
//
// The analyzers are not changed: each reporting analyzer is wrapped so that
// diagnostics of rules not selected are dropped by category (the rule ID),
// and CRD findings reported at a line of a YAML file are moved to the Go
// type they are about (golangci-lint reports only issues in .go files).
package plugin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
)

// Name is the plugin's name: the key under linters.settings.custom and in
// linters.enable.
const Name = "mpaudit"

func init() {
	register.Plugin(Name, New)
}

// rawSettings are the plugin's settings as written in .golangci.yml. Each
// value is decoded on its own so that an error names its setting.
type rawSettings struct {
	CAPIVersion json.RawMessage `json:"capi-version"`
	FailOn      json.RawMessage `json:"fail-on"`
	MinSeverity json.RawMessage `json:"min-severity"`
	Disable     json.RawMessage `json:"disable"`
	EnableOnly  json.RawMessage `json:"enable-only"`
	Kinds       json.RawMessage `json:"kinds"`
}

var settingNames = []string{"capi-version", "disable", "enable-only", "fail-on", "kinds", "min-severity"}

// Plugin is the validated configuration; it implements register.LinterPlugin.
type Plugin struct {
	capiVersion string
	reportAt    contract.Severity
	// keep is nil when every rule is reported.
	keep map[string]bool
	// kinds are the kind overrides (nil: none).
	kinds contract.Overrides
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New is the constructor golangci-lint calls with the value of
// linters.settings.custom.mpaudit.settings (nil when there is none).
func New(conf any) (register.LinterPlugin, error) {
	raw, err := register.DecodeSettings[rawSettings](conf)
	if err != nil {
		return nil, decodeError(err)
	}
	p := &Plugin{reportAt: contract.Warning}

	v, err := stringSetting("capi-version", raw.CAPIVersion,
		" such as \"v1.14.2\"; quote it in YAML, where an unquoted 1.10 is the number 1.1")
	if err != nil {
		return nil, err
	}
	if v != "" {
		t, err := contract.TargetForVersion(v, "golangci-lint setting capi-version")
		if err != nil {
			return nil, settingError("capi-version", err)
		}
		p.capiVersion = t.Version
	}

	failOn, err := stringSetting("fail-on", raw.FailOn, " (info, warning or error)")
	if err != nil {
		return nil, err
	}
	minSeverity, err := stringSetting("min-severity", raw.MinSeverity, " (info, warning or error)")
	if err != nil {
		return nil, err
	}
	sev, err := severitySetting(failOn, minSeverity)
	if err != nil {
		return nil, err
	}
	if sev != contract.Off {
		p.reportAt = sev
	}

	if p.kinds, err = kindsSetting(raw.Kinds); err != nil {
		return nil, err
	}

	disabled, err := ruleSetting("disable", raw.Disable, false)
	if err != nil {
		return nil, err
	}
	only, err := ruleSetting("enable-only", raw.EnableOnly, true)
	if err != nil {
		return nil, err
	}
	if len(disabled) > 0 || len(only) > 0 {
		p.keep = map[string]bool{}
		for _, r := range contract.Rules() {
			if !staticRule(r) || disabled[r.ID] || (len(only) > 0 && !only[r.ID]) {
				continue
			}
			p.keep[r.ID] = true
		}
		if len(p.keep) == 0 {
			if len(only) == 0 {
				return nil, settingError("disable", errors.New("every rule is disabled; remove mpaudit from linters.enable instead"))
			}
			return nil, fmt.Errorf("mpaudit: settings %q and %q leave no rule to report", "enable-only", "disable")
		}
	}
	return p, nil
}

// BuildAnalyzers builds a fresh analyzer set from the plugin's settings
// and returns its reporting analyzers, each behind a stand-in (see wrap).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	set, err := analyzers.New(analyzers.Settings{CAPIVersion: p.capiVersion, ReportAt: p.reportAt, KindOverrides: p.kinds})
	if err != nil {
		return nil, fmt.Errorf("mpaudit: %w", err)
	}
	out := make([]*analysis.Analyzer, len(set.Reporting))
	wrapped := map[*analysis.Analyzer]*analysis.Analyzer{}
	for i, a := range set.Reporting {
		out[i] = wrap(a, p.keep)
		wrapped[a] = out[i]
	}
	// A reporting analyzer another one requires (kindtypes, whose facts
	// poolusage reads; every one for suppress) is required as its
	// stand-in: one analyzer per fact type, run once.
	for _, w := range out {
		w.Requires = slices.Clone(w.Requires)
		for i, req := range w.Requires {
			if s, ok := wrapped[req]; ok {
				w.Requires[i] = s
			}
		}
	}
	return out, nil
}

// GetLoadMode asks for type information: the analyzers need types and
// facts from imported packages.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// wrap returns a copy of a that stands in for it in the analysis graph: it
// keeps a's name, Requires, FactTypes, ResultType and flags (required
// analyzers, such as kindfinder, which exports the facts, are shared and
// not wrapped), and its Run calls a's Run with a pass whose Report
//
//   - drops diagnostics whose category (the rule ID) is not in keep (nil
//     keeps all), and
//   - moves a diagnostic at a line of a non-Go file (a CRD under
//     config/crd) to the pool type it is about, naming the file and line in
//     the message: golangci-lint drops issues outside .go files.
//
// a's result is returned unchanged.
func wrap(a *analysis.Analyzer, keep map[string]bool) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		inner := *pass
		inner.Analyzer = a
		report := pass.Report
		inner.Report = func(d analysis.Diagnostic) {
			if keep != nil && d.Category != "" && !keep[d.Category] {
				return
			}
			if filepath.Ext(pass.Fset.PositionFor(d.Pos, false).Filename) != ".go" {
				d = moveToGo(pass, d)
			}
			report(d)
		}
		return a.Run(&inner)
	}
	return &w
}

// moveToGo puts d, reported at a line of a YAML file, on the Go
// declaration emit names as its related information (the pool type the CRD
// is generated from), else on the package clause.
func moveToGo(pass *analysis.Pass, d analysis.Diagnostic) analysis.Diagnostic {
	at := pass.Fset.PositionFor(d.Pos, false)
	res, _ := kindfinder.ResultOf(pass)
	target := token.NoPos
	for _, r := range d.Related {
		if filepath.Ext(pass.Fset.PositionFor(r.Pos, false).Filename) == ".go" {
			target = r.Pos
			break
		}
	}
	if !target.IsValid() && len(pass.Files) > 0 {
		target = pass.Files[0].Package
	}
	if !target.IsValid() || at.Filename == "" {
		return d
	}
	file := at.Filename
	if res != nil && res.ModuleRoot != "" {
		if rel, err := filepath.Rel(res.ModuleRoot, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	}
	if at.Line > 0 {
		file = fmt.Sprintf("%s:%d", file, at.Line)
	}
	d.Message += " (at " + file + ")"
	d.Pos, d.End, d.Related = target, token.NoPos, nil
	return d
}

// staticRule reports whether a rule can be reported by the analyzers (the
// others need a live cluster: mpaudit live).
func staticRule(r *contract.Rule) bool { return r.Modes.Has(contract.Static) }

func severitySetting(failOn, minSeverity string) (contract.Severity, error) {
	parse := func(name, v string) (contract.Severity, error) {
		v = strings.TrimSpace(v)
		if v == "" {
			return contract.Off, nil
		}
		s, err := contract.ParseSeverity(v)
		if err != nil || s == contract.Off {
			return contract.Off, settingError(name, fmt.Errorf("unknown severity %q (want info, warning or error)", v))
		}
		return s, nil
	}
	a, err := parse("fail-on", failOn)
	if err != nil {
		return contract.Off, err
	}
	b, err := parse("min-severity", minSeverity)
	if err != nil {
		return contract.Off, err
	}
	if a != contract.Off && b != contract.Off && a != b {
		return contract.Off, fmt.Errorf("mpaudit: settings %q (%s) and %q (%s) are two names for one setting and disagree; set one",
			"fail-on", a, "min-severity", b)
	}
	if a != contract.Off {
		return a, nil
	}
	return b, nil
}

// ruleSetting decodes a list of rule IDs or names (a single
// comma-separated string is accepted too) into rule IDs.
func ruleSetting(setting string, raw json.RawMessage, needStatic bool) (map[string]bool, error) {
	var list []string
	if !isNull(raw) {
		if err := json.Unmarshal(raw, &list); err != nil {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, settingError(setting, fmt.Errorf("got %s, want a list of rule IDs such as [%s, %s]",
					raw, contract.RuleReadyOnly, contract.RuleProviderIDPointer))
			}
			list = strings.Split(s, ",")
		}
	}
	out := map[string]bool{}
	for _, item := range list {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		r, ok := contract.Lookup(item)
		if !ok {
			r, ok = contract.Lookup(strings.ToUpper(item))
		}
		if !ok {
			return nil, settingError(setting, fmt.Errorf("unknown rule %q (want a rule ID such as %s or a rule name such as %s; see docs/rules)",
				item, contract.RuleReadyOnly, contract.MustRule(contract.RuleReadyOnly).Name))
		}
		if needStatic && !staticRule(r) {
			return nil, settingError(setting, fmt.Errorf("rule %s (%s) checks objects in a live cluster (mpaudit live); the analyzers never report it",
				r.ID, r.Name))
		}
		out[r.ID] = true
	}
	return out, nil
}

// kindsSetting validates the kinds mapping as config validates the kinds
// of .mpaudit.yaml, so both accept and refuse the same entries.
func kindsSetting(raw json.RawMessage) (contract.Overrides, error) {
	if isNull(raw) {
		return nil, nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // numbers are named as the file's validation names them
	if err := dec.Decode(&v); err != nil {
		return nil, settingError("kinds", err)
	}
	kinds, err := config.ParseKinds("linters.settings.custom."+Name+".settings", v)
	if err != nil {
		return nil, fmt.Errorf("mpaudit: %w", err)
	}
	return kinds, nil
}

// stringSetting decodes a string setting; absent or null is "".
func stringSetting(setting string, raw json.RawMessage, want string) (string, error) {
	if isNull(raw) {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", settingError(setting, fmt.Errorf("got %s, want a string%s", raw, want))
	}
	return strings.TrimSpace(s), nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

func settingError(name string, err error) error {
	return fmt.Errorf("mpaudit: setting %q: %w", name, err)
}

// decodeError rewords register.DecodeSettings errors: an unknown key is
// the likely one.
func decodeError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "unknown field "); i >= 0 {
		return fmt.Errorf("mpaudit: settings: %s (known settings: %s)", msg[i:], strings.Join(settingNames, ", "))
	}
	return fmt.Errorf("mpaudit: settings: %w (want a map of %s)", err, strings.Join(settingNames, ", "))
}
