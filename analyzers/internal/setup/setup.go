// Package setup holds what the passes of one analyzer set share: the
// validated Settings they were built from and caches scoped to that set.
// Nothing here is process-wide, so `mpaudit check`, `go vet -vettool` and
// the golangci-lint plugin can build sets with different settings in one
// process without influencing each other.
package setup

import (
	"fmt"
	"strings"
	"sync"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
)

// Settings configure one analyzer set.
type Settings struct {
	// CAPIVersion overrides the core version read from go.mod ("": read it).
	CAPIVersion string
	// TargetDir is where the core version is read when CAPIVersion is
	// unset: the go.mod at or above it (contract.ResolveTarget), for every
	// package. A driver sets its module's directory, so the packages of a
	// module it replaces locally (api/go.mod) are judged for the core the
	// build uses. "": each package's own module.
	TargetDir string
	// ReportAt is the lowest severity turned into a go/analysis diagnostic.
	// Off means the default: warning, or the module configuration's failOn
	// when ModuleConfig is set. Never turns no finding into a diagnostic.
	ReportAt contract.Severity
	// Fix is set under `go fix` and for mpaudit rewrite: every finding that
	// carries a fix is reported, whatever its severity, so the fix applies.
	Fix bool
	// ModuleConfig applies the .mpaudit.yaml of each analysed package's
	// module to its diagnostics (go vet, which has no report to apply it to).
	ModuleConfig bool
	// KindOverrides name the contract kind of API kinds over the classifier
	// (.mpaudit.yaml kinds). When nil and ModuleConfig is set, each
	// module's own file supplies them.
	KindOverrides contract.Overrides
	// Config is a configuration applied to every finding as ModuleConfig
	// applies the module's file (mpaudit rewrite, which reads --config): a
	// disabled rule or a filtered type offers no fix.
	Config *config.Config
	// Scope says, by package path, what a driver applies of a package's
	// fixes (nil: all of every package, as go fix ./... does). The type
	// fixes of a package whose fixes are not all applied say nothing to
	// the use sites (kindtypes exports no facts there).
	Scope func(pkgPath string) Scope
	// Withhold names the fields whose type fix is not offered, with why
	// (mpaudit rewrite: a use the use-site fixes cannot rewrite would not
	// compile, or would mean something else, after it). The finding stays
	// and says why.
	Withhold map[FieldKey]string
	// Relabel is set when the driver also labels each kind's CRD for the
	// v1beta2 contract where it can (mpaudit rewrite): a fix is judged by
	// what cores read once that label is there. Otherwise (check, vet,
	// go fix, which change no label) by the labels as they are.
	Relabel bool
	// RaiseCAPI is the Cluster API release the driver raises go.mod to
	// once the fixes are applied (mpaudit rewrite --capi-version): a file's
	// move to the v1beta2 Go API is planned for that release, so the code
	// builds there, though the release go.mod names today has no v1beta2.
	RaiseCAPI string
	// MovingFields names, by the import path of a provider's API package,
	// the v1beta1 types whose fields there take their v1beta2 successors
	// once the fixes apply (mpaudit rewrite --new-api-version, for a
	// version not yet served): values built for them move with their file.
	MovingFields map[string][]string
}

// FieldKey names a field of a provider type: the package-qualified Go type
// of its kind and its JSON path (report.Finding's Type and Field).
type FieldKey struct{ Type, Field string }

// UnitKey is the Withhold key that withholds every fix of the type typ,
// its whole migration (a change of it did not verify).
func UnitKey(typ string) FieldKey { return FieldKey{Type: typ} }

// WithheldUnit says why every fix of the type typ is withheld, if it is.
func (s Settings) WithheldUnit(typ string) (string, bool) {
	if typ == "" {
		return "", false
	}
	why, ok := s.Withhold[UnitKey(typ)]
	return why, ok
}

// Scope is what a driver applies of one package's fixes.
type Scope int

const (
	// ScopeAll: every fix, findings reported.
	ScopeAll Scope = iota
	// ScopeUseSites: only the use-site fixes that follow type fixes made
	// in other packages; no findings (mpaudit rewrite's importers of the
	// packages it was asked to rewrite).
	ScopeUseSites
	// ScopeFacts: none; the package is analysed for facts only.
	ScopeFacts
)

// ScopeOf is the scope of the package at path (an external test package
// has its package's scope).
func (s Settings) ScopeOf(path string) Scope {
	if s.Scope == nil {
		return ScopeAll
	}
	return s.Scope(path)
}

// Never is a ReportAt value that turns no finding into a diagnostic, for
// drivers that read findings from analyzer results instead.
const Never = contract.Error + 1

// Validate reports the first setting that is not usable, naming it.
func (s Settings) Validate() error {
	if s.CAPIVersion != "" {
		if _, err := contract.TargetForVersion(s.CAPIVersion, "setting"); err != nil {
			return fmt.Errorf("capi-version: %w", err)
		}
	}
	if s.ReportAt < contract.Off || s.ReportAt > Never {
		return fmt.Errorf("report-at: severity %d is out of range", s.ReportAt)
	}
	return s.KindOverrides.Validate()
}

// KindOverrides returns the kind overrides for a package in dir: the
// settings', else (ModuleConfig) those of its module's .mpaudit.yaml. A
// file that does not load gives none; the emitter reports why.
func (e *Env) KindOverrides(dir string) contract.Overrides {
	if e.Settings.KindOverrides != nil || !e.Settings.ModuleConfig {
		return e.Settings.KindOverrides
	}
	root := config.ModuleRoot(dir)
	return e.Memo("setup.kinds", root, func() any {
		if path, ok := config.Find(root); ok {
			if cfg, err := config.Load(path); err == nil {
				return cfg.Kinds
			}
		}
		return contract.Overrides(nil)
	}).(contract.Overrides)
}

// Env is one analyzer set's settings and caches. Its passes run
// concurrently, so the caches are safe for concurrent use.
type Env struct {
	Settings Settings
	memo     sync.Map // memoKey -> *memoEntry
}

// NewEnv validates s.
func NewEnv(s Settings) (*Env, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &Env{Settings: s}, nil
}

// MustEnv is NewEnv for settings known to be valid (package defaults).
func MustEnv(s Settings) *Env {
	env, err := NewEnv(s)
	if err != nil {
		panic(err)
	}
	return env
}

type memoKey struct{ kind, key string }

type memoEntry struct {
	once sync.Once
	v    any
}

// Memo returns compute's value for (kind, key), computing it once per Env:
// several packages share one go.mod, one config/crd tree, one .mpaudit.yaml.
func (e *Env) Memo(kind, key string, compute func() any) any {
	v, _ := e.memo.LoadOrStore(memoKey{kind, key}, &memoEntry{})
	m := v.(*memoEntry)
	m.once.Do(func() { m.v = compute() })
	return m.v
}

// goAPIFilePrefix marks the unit of one file's move to Cluster API's
// v1beta2 Go API (a file, not a type, is what that move withholds).
const goAPIFilePrefix = "goapi-file:"

// GoAPIFileUnit is the unit of the move of the file named file (its base
// name) of the package at pkgPath.
func GoAPIFileUnit(pkgPath, file string) string { return goAPIFilePrefix + pkgPath + "/" + file }

// GoAPIFile is the package path and file name a GoAPIFileUnit names.
func GoAPIFile(unit string) (string, bool) { return strings.CutPrefix(unit, goAPIFilePrefix) }

// GoAPIFileNames are the package path and the names of the files a
// GoAPIFileUnit moves together ("a.go+a_test.go").
func GoAPIFileNames(unit string) (pkg string, files []string, ok bool) {
	rest, ok := GoAPIFile(unit)
	if !ok {
		return "", nil, false
	}
	i := strings.LastIndexByte(rest, '/')
	return rest[:max(i, 0)], strings.Split(rest[i+1:], "+"), true
}

// GoAPIKept is what an import finding of the Go API passes says of a file
// that keeps Cluster API's v1beta1 Go API because its move is not
// mechanical; the blockers follow it, each at file:line.
const GoAPIKept = " keeps its v1beta1 imports, as its move is not mechanical: "

// GoAPITypesKept is the blocker of a file of a package of API types, whose
// Cluster API types are CRD schema: it keeps them by design.
const GoAPITypesKept = "the package declares API types, whose Cluster API types are part of their CRD schemas"
