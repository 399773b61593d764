// Package analyzers builds mpaudit's go/analysis passes. Each pass lives in
// its own package with its own doc.go; New wires one set of them, closed
// over one validated Settings value, for a driver (vet, check,
// golangci-lint). Sets share no state: two sets built with different
// settings can run in one process, even at once.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/analyzers/kindusage"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/analyzers/poolcrd"
	"github.com/mpaudit/mpaudit/analyzers/poolusage"
	"github.com/mpaudit/mpaudit/analyzers/suppress"
	"github.com/mpaudit/mpaudit/crdconfig"
)

// Settings configure an analyzer set; see the fields. The zero value is
// the default: target from go.mod, warnings and errors reported as
// diagnostics, no fixes forced, no .mpaudit.yaml applied.
type Settings = setup.Settings

// Scope is what a driver applies of one package's fixes (Settings.Scope).
type Scope = setup.Scope

// FieldKey names a field whose type fix Settings.Withhold withholds.
type FieldKey = setup.FieldKey

// The scopes of Settings.Scope.
const (
	ScopeAll      = setup.ScopeAll
	ScopeUseSites = setup.ScopeUseSites
	ScopeFacts    = setup.ScopeFacts
)

// Never is a Settings.ReportAt that turns no finding into a diagnostic,
// for drivers that read findings from analyzer results instead.
const Never = setup.Never

// DefaultSettings is the zero Settings, spelled out for readers.
func DefaultSettings() Settings { return Settings{} }

// Set is one wired analyzer set.
type Set struct {
	Settings Settings
	// Reporting are the analyzers that report findings (their results are
	// *emit.Findings). suppress comes last: it reads the others' results
	// to report //mpaudit:ignore comments without a reason or that
	// suppress nothing.
	Reporting []*analysis.Analyzer
	// Finder is the set's kindfinder, whose *kindfinder.Result names the
	// package's types of every contract kind and its core target.
	Finder *analysis.Analyzer
	env    *setup.Env
}

// LoadCRDs reads a config/crd tree through the set's cache, which the
// passes share: a driver judging the same tree reads it once.
func (s *Set) LoadCRDs(dir string) (*crdconfig.Result, error) { return s.env.LoadCRDs(dir) }

// New validates s and builds a fresh analyzer set closed over it.
func New(s Settings) (*Set, error) {
	env, err := setup.NewEnv(s)
	if err != nil {
		return nil, err
	}
	mk := markers.New()
	kf := kindfinder.New(env, mk)
	kt := kindtypes.New(env, kf, mk)
	reporting := []*analysis.Analyzer{
		poolusage.New(env, kf, kt),
		poolcrd.New(env, kf),
		kt,
		kindusage.New(env, kf),
	}
	reporting = append(reporting, goAPI(env, kf)...)
	reporting = append(reporting, suppress.New(env, kf, reporting...))
	return &Set{Settings: s, Reporting: reporting, Finder: kf, env: env}, nil
}

// MustNew is New for settings known to be valid.
func MustNew(s Settings) *Set {
	set, err := New(s)
	if err != nil {
		panic(err)
	}
	return set
}

// Analyzer returns the set's reporting analyzer of that name, or nil.
func (s *Set) Analyzer(name string) *analysis.Analyzer {
	for _, a := range s.Reporting {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// FactAnalyzers are the analyzers the reporting ones require, directly or
// not, that export facts, requirements first.
func (s *Set) FactAnalyzers() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		if len(a.FactTypes) > 0 {
			out = append(out, a)
		}
	}
	for _, a := range s.Reporting {
		visit(a)
	}
	return out
}

// UnitKey is the Withhold key that withholds every fix of a type.
func UnitKey(typ string) FieldKey { return setup.UnitKey(typ) }

// GoAPIFile is the package path and file name ("example.com/p/ctrl/x.go")
// a unit of the move to Cluster API's v1beta2 Go API names.
func GoAPIFile(unit string) (string, bool) { return setup.GoAPIFile(unit) }

// GoAPIFileNames are the package path and the files a Go API file unit
// moves together.
func GoAPIFileNames(unit string) (string, []string, bool) { return setup.GoAPIFileNames(unit) }

// GoAPIKept is what an import finding says of a file that keeps Cluster
// API's v1beta1 Go API (its blockers follow it).
const GoAPIKept = setup.GoAPIKept

// GoAPITypesKept is the blocker of a file of API types (kept by design).
const GoAPITypesKept = setup.GoAPITypesKept
