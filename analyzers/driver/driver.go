// Package driver runs mpaudit's analyzers over packages loaded with
// go/packages and builds the shared report, in four steps: load, analyse,
// merge, choose the target.
//
// The packages named on the command line are type-checked from source and
// reported on. The module's own packages they import, directly or not, are
// type-checked from source too, but only to compute facts (the pool types
// kindfinder marks), so `check ./controllers/...` judges use sites against
// the same pool types as `check ./...` and go vet. Other dependencies come
// from export data, as with go vet. Packages that fail to load are listed,
// and the rest are still analysed.
//
// golang.org/x/tools/go/analysis/checker was evaluated for this: it runs
// fact analyzers on every transitive dependency and needs them all loaded
// with syntax (packages.LoadAllSyntax), which would type-check Kubernetes
// and Cluster API from source on every run, and it panics on a malformed
// fix. The runner below is the part of it mpaudit needs.
package driver

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/report"
)

// Options configure a static audit.
type Options struct {
	// Context ends the load and the analysis early (Run and RunFixes
	// then return its error); nil is never.
	Context context.Context
	// Dir is where patterns are resolved (the provider module).
	Dir      string
	Patterns []string
	// CAPIVersion overrides the core version read from go.mod.
	CAPIVersion string
	// Tests also loads _test.go files (their findings are skipped anyway).
	Tests bool
	// Env is the go command's environment (nil: this process's).
	Env []string
	// Progress shows the phases on a terminal; nil shows nothing.
	Progress *progress.Line
	// CacheDir keeps Run's reports for unchanged trees (see cache.go);
	// "" runs uncached.
	CacheDir string
	// KindOverrides name the contract kind of API kinds (.mpaudit.yaml kinds).
	KindOverrides contract.Overrides
	// Config is applied to every finding before its fixes are collected
	// (mpaudit rewrite): a disabled rule or a filtered type offers no fix.
	// The report itself is left for the caller to apply it to.
	Config *config.Config
	// UseSites are import paths of the module's packages, outside the
	// patterns, analysed only for the use-site fixes that follow the type
	// fixes of the patterns' packages (RunFixes; mpaudit rewrite passes
	// the module's importers of those packages). They report nothing.
	UseSites []string
	// Withhold names fields whose type fix is not offered, with why
	// (analyzers.Settings.Withhold; RunFixes reports the uses that need it).
	Withhold map[analyzers.FieldKey]string
	// Relabel says the caller labels CRDs v1beta2 where it can
	// (analyzers.Settings.Relabel: mpaudit rewrite).
	Relabel bool
	// RaiseCAPI is analyzers.Settings.RaiseCAPI (mpaudit rewrite's bump).
	RaiseCAPI string
	// MovingFields is analyzers.Settings.MovingFields (mpaudit rewrite's
	// new API version).
	MovingFields map[string][]string
	// OwnModules are modules the audit counts as the provider's besides
	// the main module and its local replace targets: their packages that
	// the patterns import are analysed for facts (mpaudit rewrite names the
	// provider's modules when it loads them from a module that uses them).
	OwnModules []contract.LocalModule
	// Load stands in for packages.Load (nil: packages.Load itself), for a
	// caller that gets the same packages, types and syntax more cheaply.
	Load func(*packages.Config, ...string) ([]*packages.Package, error)
}

const mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule | packages.NeedTypesSizes

// Fix is one suggested fix and the rule that offers it.
type Fix struct {
	Rule string
	// Type is the package-qualified Go type whose migration the fix is
	// part of (its type fix or a use-site fix that follows it); "" when
	// the analyzer names none.
	Type string
	report.Fix
	pos token.Pos // of the diagnostic, to find its owner
}

// Run loads the packages and runs the reporting analyzers.
func Run(opts Options) (*report.Report, error) {
	if opts.CacheDir != "" {
		if len(opts.Patterns) == 0 {
			opts.Patterns = []string{"./..."}
		}
		rep, _, err := runCached(opts, newTracer())
		return rep, err
	}
	rep, _, err := run(opts, false)
	return rep, err
}

// Fixes are what RunFixes collects.
type Fixes struct {
	// List is every suggested fix, whatever the severity of its finding.
	List []Fix
	// Blocked are the uses that a type fix would break and no use-site fix
	// rewrites (emit.Findings.Blocked), in the patterns' packages and the
	// use sites; Options.Withhold withholds the fixes that break them.
	Blocked []report.Finding
}

// RunFixes is Run that also collects every suggested fix, whatever the
// severity of the finding that offers it.
func RunFixes(opts Options) (*report.Report, Fixes, error) {
	return run(opts, true)
}

func run(opts Options, withFixes bool) (*report.Report, Fixes, error) {
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"./..."}
	}
	if !withFixes {
		opts.UseSites = nil // they offer fixes only
	}
	var fixes Fixes
	if opts.CAPIVersion != "" {
		if _, err := contract.TargetForVersion(opts.CAPIVersion, "flag"); err != nil {
			return nil, fixes, err
		}
	}
	base, err := moduleDir(opts.Dir)
	if err != nil {
		return nil, fixes, err
	}
	tr := newTracer()
	opts.Progress.Step("loading %s", strings.Join(opts.Patterns, " "))
	lay := newLayout(base)
	lay.locals = append(lay.locals, opts.OwnModules...)
	set, err := load(opts, lay, base, tr)
	if err != nil {
		return nil, fixes, err
	}
	// A fresh set per run: its caches (go.mod, config/crd) see the tree as
	// it is now, and runs with other settings in this process are apart.
	settings := analyzers.Settings{CAPIVersion: opts.CAPIVersion, TargetDir: base, ReportAt: analyzers.Never, Fix: withFixes,
		KindOverrides: opts.KindOverrides, Config: opts.Config, Withhold: opts.Withhold, Relabel: opts.Relabel, RaiseCAPI: opts.RaiseCAPI, MovingFields: opts.MovingFields}
	if withFixes {
		// The fixes of fact-only packages are not applied, so their type
		// fixes change no use (see kindtypes.Changed).
		settings.Scope = set.scope
	}
	as, err := analyzers.New(settings)
	if err != nil {
		return nil, fixes, err
	}
	rep := &report.Report{Tool: "mpaudit", Mode: "check"}
	m := newMerger(rep, base)
	if len(set.roots) == 0 {
		rep.Problems = append(rep.Problems, report.Problem{Subject: strings.Join(opts.Patterns, " "),
			Message: "no Go packages matched in " + base})
	}
	m.dependencyErrors(set)

	r := &runner{ctx: opts.Context, as: as, facts: map[factKey]analysis.Fact{}, pkgFacts: map[pkgFactKey]analysis.Fact{}, withFixes: withFixes, progress: opts.Progress}
	done := r.analyse(set)
	if r.ctx != nil && r.ctx.Err() != nil {
		return nil, fixes, r.ctx.Err()
	}
	tr.step("analysis of %d package(s), facts of %d more", len(set.roots), len(set.factOnly))
	var depPools []*kindfinder.Result
	for _, p := range set.factOnly {
		if done[p] == nil {
			continue // not analysable: no syntax or types
		}
		if pf, ok := done[p].results[as.Finder].(*kindfinder.Result); ok {
			depPools = append(depPools, pf)
		}
	}
	var rootPools []*kindfinder.Result
	widerVariant := testVariants(set.roots, done)
	for _, p := range set.roots {
		m.loadErrors(p)
		o := done[p]
		if o == nil {
			continue
		}
		for _, a := range as.Reporting {
			if err := o.errs[a]; err != nil {
				m.problem(report.Problem{Subject: p.PkgPath, Message: fmt.Sprintf("analyzer %s: %v", a.Name, err)})
			} else if fs, ok := emit.FindingsOf(o.results[a]); ok {
				m.findings(fs)
				fixes.Blocked = append(fixes.Blocked, fs.Blocked...)
			}
		}
		if pf, ok := o.results[as.Finder].(*kindfinder.Result); ok {
			rootPools = append(rootPools, pf)
			m.types(pf.Pools)
			m.kindTypes(pf.Types)
		}
		owned := o.ownedFixes(as.Reporting)
		if q := widerVariant[p]; q != nil {
			owned = withoutGoAPIMoves(owned, q)
		}
		fixes.List = append(fixes.List, owned...)
	}
	for _, p := range set.uses {
		o := done[p]
		if o == nil {
			continue
		}
		fixes.List = append(fixes.List, o.ownedFixes(as.Reporting)...)
		// A use-site package reports nothing but the uses that block a fix.
		for _, a := range as.Reporting {
			if fs, ok := emit.FindingsOf(o.results[a]); ok && o.errs[a] == nil {
				fixes.Blocked = append(fixes.Blocked, fs.Blocked...)
			}
		}
	}
	m.chooseTarget(opts.CAPIVersion, rootPools, depPools)
	m.typesNote(len(set.roots), depPools)
	m.crdCoverage(as, opts, base, append(slices.Clone(rootPools), depPools...))
	return rep, fixes, nil
}

// crdCoverage notes the root types not judged as a contract kind and,
// when the patterns name the whole module, reports the CRDs no analysed
// type accounts for, in the config/crd directories of the types found and
// the one the module's own directory finds. Narrower patterns may leave
// out the packages that declare them.
func (m *merger) crdCoverage(as *analyzers.Set, opts Options, base string, results []*kindfinder.Result) {
	for _, r := range results {
		for _, n := range r.NotAPI {
			m.note(n)
		}
	}
	if !coversModule(base, opts.Patterns) {
		return
	}
	dirs := []string{crdconfig.FindConfigDir(base, contract.RepoRoot(base))}
	for _, r := range results {
		for _, t := range r.Types {
			if t.CRD != nil {
				if d := crdconfig.FindConfigDir(r.Dir, r.RepoRoot); d != "" {
					dirs = append(dirs, d)
				}
				break
			}
		}
	}
	m.unmatchedCRDs(as.LoadCRDs, dirs, declaredTypes(results), opts.KindOverrides)
}

// moduleDir is the absolute directory patterns are resolved in. A -C that
// does not exist is the user's mistake, not the go command's.
func moduleDir(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("directory %s does not exist", dir)
	case err != nil:
		return "", fmt.Errorf("directory %s: %w", dir, err)
	case !st.IsDir():
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	return abs, nil
}

// packageSet is what one audit analyses.
type packageSet struct {
	// roots are the packages the patterns name, dependencies first; only
	// they are reported on.
	roots []*packages.Package
	// factOnly are the module's packages the roots import (directly or
	// not), dependencies first; they are analysed for facts only.
	factOnly []*packages.Package
	// uses are the Options.UseSites packages, analysed for the use-site
	// fixes only.
	uses []*packages.Package
	// scopes are the analysers' scopes by package path (setup.Scope).
	scopes map[string]analyzers.Scope
}

// scope is the set's Settings.Scope: roots all, uses their use sites,
// the rest facts only.
func (s *packageSet) scope(path string) analyzers.Scope {
	if sc, ok := s.scopes[path]; ok {
		return sc
	}
	return analyzers.ScopeFacts
}

// load type-checks the patterns' packages from source. When they import
// packages of their own module that the patterns do not name, it loads
// again with those added, so that they are type-checked from source too
// and every package sees the same objects (go/packages gives each load its
// own). ./... needs one load.
func load(opts Options, lay *layout, base string, tr *tracer) (*packageSet, error) {
	cfg := &packages.Config{Context: opts.Context, Mode: mode, Dir: opts.Dir, Tests: opts.Tests, Env: opts.Env}
	loadPackages := opts.Load
	if loadPackages == nil {
		loadPackages = packages.Load
	}
	opts.Patterns = lay.patterns(base, opts.Patterns)
	pkgs, err := loadPackages(cfg, opts.Patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(opts.Patterns, " "), err)
	}
	rootIDs := map[string]bool{}
	for _, p := range pkgs {
		rootIDs[p.ID] = true
	}
	uses := map[string]bool{}
	for _, u := range opts.UseSites {
		uses[u] = true
	}
	depIDs := map[string]bool{}
	var extra []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !rootIDs[p.ID] && lay.own(p) {
			depIDs[p.ID] = true
			extra = append(extra, p.PkgPath)
		}
	})
	tr.step("load %d package(s)", len(pkgs))
	if len(extra) > 0 || len(uses) > 0 {
		// The use sites' own imports of the module are found in this load.
		extra = append(extra, opts.UseSites...)
		slices.Sort(extra)
		opts.Progress.Step("loading again with %d module package(s) they import", len(depIDs)+len(uses))
		pkgs, err = loadPackages(cfg, append(slices.Clone(opts.Patterns), slices.Compact(extra)...)...)
		if err != nil {
			return nil, fmt.Errorf("loading %s with the module packages it imports: %w", strings.Join(opts.Patterns, " "), err)
		}
		tr.step("load again with %d module package(s) they import", len(depIDs))
	}
	set := &packageSet{scopes: map[string]analyzers.Scope{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		switch {
		case rootIDs[p.ID]:
			set.roots = append(set.roots, p)
			set.scopes[p.PkgPath] = analyzers.ScopeAll
		case uses[strings.TrimSuffix(p.PkgPath, "_test")] && !strings.HasSuffix(p.PkgPath, ".test"):
			set.uses = append(set.uses, p)
			if _, ok := set.scopes[p.PkgPath]; !ok {
				set.scopes[p.PkgPath] = analyzers.ScopeUseSites
			}
		case lay.own(p):
			set.factOnly = append(set.factOnly, p)
		}
	})
	return set, nil
}

func analysable(p *packages.Package) bool {
	return p.Types != nil && len(p.Syntax) > 0 && p.TypesInfo != nil
}

// merger builds the report from the analysed packages, each note, problem,
// finding and type once: a package and its test variant share files.
type merger struct {
	rep        *report.Report
	base       string
	loadErrs   map[loadErrKey]bool
	notes      map[string]bool
	problems   map[problemKey]bool
	findingSet map[findingKey]bool
	typeSet    map[string]bool
}

type loadErrKey struct{ pos, msg string }

type problemKey struct{ subject, message string }

type findingKey struct {
	rule, file     string
	line, column   int
	field, message string
}

func newMerger(rep *report.Report, base string) *merger {
	return &merger{rep: rep, base: base, loadErrs: map[loadErrKey]bool{}, notes: map[string]bool{},
		problems: map[problemKey]bool{}, findingSet: map[findingKey]bool{}, typeSet: map[string]bool{}}
}

func (m *merger) loadErrors(p *packages.Package) {
	if len(p.Errors) == 0 {
		m.rep.Summary.Loaded++
		return
	}
	m.rep.Summary.NotLoaded++
	for _, e := range p.Errors {
		if k := (loadErrKey{e.Pos, e.Msg}); !m.loadErrs[k] {
			m.loadErrs[k] = true
			m.rep.Problems = append(m.rep.Problems, report.Problem{Subject: p.PkgPath, Message: e.Msg, Position: parsePos(e.Pos, m.base)})
		}
	}
}

func (m *merger) note(n string) {
	if !m.notes[n] {
		m.notes[n] = true
		m.rep.Notes = append(m.rep.Notes, n)
	}
}

func (m *merger) problem(p report.Problem) {
	if k := (problemKey{p.Subject, p.Message}); !m.problems[k] {
		m.problems[k] = true
		m.rep.Problems = append(m.rep.Problems, p)
	}
}

func (m *merger) findings(fs *emit.Findings) {
	for _, n := range fs.Notes {
		m.note(n)
	}
	for _, p := range fs.Problems {
		m.problem(p)
	}
	for _, f := range fs.List {
		k := findingKey{rule: f.Rule, field: f.Field, message: f.Message}
		if f.Position != nil {
			f.Position.File = relative(m.base, f.Position.File)
			k.file, k.line, k.column = f.Position.File, f.Position.Line, f.Position.Column
		}
		if m.findingSet[k] {
			continue
		}
		m.findingSet[k] = true
		if f.Suppressed { // an //mpaudit:ignore comment covers it
			m.rep.Summary.Suppressed++
			continue
		}
		m.rep.Findings = append(m.rep.Findings, f)
	}
}

func (m *merger) types(pools []*kindfinder.Pool) {
	for _, pool := range pools {
		if t := typeLine(pool); !m.typeSet[t] {
			m.typeSet[t] = true
			m.rep.Summary.Types = append(m.rep.Summary.Types, t)
			m.rep.Summary.TypeRefs = append(m.rep.Summary.TypeRefs, report.TypeRef{Kind: contract.KindInfraMachinePool,
				Group: pool.Group, Version: pool.Version, Name: pool.Kind, GoType: pool.Type, Storage: pool.Storage, NoCRD: pool.CRD == nil,
				Points: slices.Clone(pool.Points), Labels: maps.Clone(pool.ContractLabels)})
		}
	}
}

// kindTypes lists the package's types of the kinds other than pools (which
// types lists), templates included: their CRDs are checked, so they get
// rows whose cells are the template's points.
func (m *merger) kindTypes(ts []*kindfinder.Type) {
	for _, t := range ts {
		if t.Catalog == nil || t.Catalog.Name == contract.KindInfraMachinePool {
			continue
		}
		role := "storage"
		if !t.Storage {
			role = "spoke"
		}
		line := fmt.Sprintf("%s %s (%s)", t.APIVersion(), t.Kind, role)
		if m.typeSet[line] {
			continue
		}
		m.typeSet[line] = true
		m.rep.Summary.Types = append(m.rep.Summary.Types, line)
		m.rep.Summary.TypeRefs = append(m.rep.Summary.TypeRefs, report.TypeRef{Kind: t.ContractKind,
			Group: t.Group, Version: t.Version, Name: t.Kind, GoType: t.Type, Storage: t.Storage, NoCRD: t.CRD == nil,
			Points: slices.Clone(t.Points), Labels: maps.Clone(t.ContractLabels)})
	}
}

func typeLine(pool *kindfinder.Pool) string {
	role := "storage"
	if !pool.Storage {
		role = "spoke"
	}
	return fmt.Sprintf("%s %s (%s)", pool.APIVersion(), pool.Kind, role)
}

// chooseTarget takes the core version of a package that declares pools
// (every package of a module resolves the same one), else of any analysed
// package that resolved one (kindfinder skips packages that cannot name a
// pool type), else of the module directory. A go.mod that cannot be read
// is a load error: the severities would be a guess.
func (m *merger) chooseTarget(override string, roots, deps []*kindfinder.Result) {
	all := append(slices.Clone(roots), deps...)
	var chosen *kindfinder.Result
	for _, pf := range all {
		if len(pf.Pools) > 0 {
			chosen = pf
			break
		}
	}
	if chosen == nil {
		for _, pf := range all {
			if !pf.Skipped {
				chosen = pf
				break
			}
		}
	}
	if chosen != nil {
		m.rep.Target = chosen.Target
		if chosen.TargetErr != nil {
			m.problem(report.Problem{Subject: "Cluster API core version", Message: chosen.TargetErr.Error()})
		}
	} else {
		t, err := contract.ResolveTarget(override, m.base)
		if err != nil {
			m.problem(report.Problem{Subject: "Cluster API core version", Message: err.Error()})
			t = contract.DefaultTarget()
		}
		m.rep.Target = t
	}
	if m.rep.Target.Behaviour.Assumed {
		m.note("core behaviour for " + m.rep.Target.String() + " is assumed, not verified: " + m.rep.Target.Behaviour.Basis)
	}
}

// typesNote says when no pool type is audited, and whether use sites were
// still judged against pool types declared outside the patterns.
func (m *merger) typesNote(npkgs int, deps []*kindfinder.Result) {
	if len(m.rep.Summary.Types) > 0 {
		return
	}
	var outside []string
	for _, pf := range deps {
		for _, pool := range pf.Pools {
			outside = append(outside, pool.Type)
		}
	}
	if len(outside) == 0 {
		m.note(fmt.Sprintf("no InfraMachinePool types found in %d package(s)", npkgs))
		return
	}
	slices.Sort(outside)
	m.note(fmt.Sprintf("no InfraMachinePool types declared in the %d package(s) matched; their use sites were judged against %d declared in module packages they import (%s), whose declarations and CRDs are audited when those packages are named",
		npkgs, len(outside), strings.Join(outside, ", ")))
}

// dependencyErrors lists dependencies that could not be loaded (a module
// the proxy refuses, a package no required module provides), naming the
// analysed package that imports them.
func (m *merger) dependencyErrors(set *packageSet) {
	roots := map[*packages.Package]bool{}
	for _, p := range set.roots {
		roots[p] = true
	}
	seen := map[*packages.Package]bool{}
	for _, root := range set.roots {
		var visit func(p *packages.Package)
		visit = func(p *packages.Package) {
			for _, dep := range p.Imports {
				if roots[dep] || seen[dep] {
					continue
				}
				seen[dep] = true
				for _, e := range dep.Errors {
					m.rep.Problems = append(m.rep.Problems, report.Problem{
						Subject:  dep.PkgPath,
						Message:  fmt.Sprintf("%s (imported by %s)", e.Msg, root.PkgPath),
						Position: parsePos(e.Pos, m.base),
					})
				}
				visit(dep)
			}
		}
		visit(root)
	}
}

// relative shortens paths under base.
func relative(base, file string) string {
	if rel, err := filepath.Rel(base, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

// parsePos reads go/packages' "file:line:col" positions.
func parsePos(pos, base string) *report.Position {
	if pos == "" || pos == "-" {
		return nil
	}
	parts := strings.Split(pos, ":")
	p := &report.Position{File: pos}
	if len(parts) >= 3 {
		if l, err := strconv.Atoi(parts[len(parts)-2]); err == nil {
			c, _ := strconv.Atoi(parts[len(parts)-1])
			p = &report.Position{File: strings.Join(parts[:len(parts)-2], ":"), Line: l, Column: c}
		}
	} else if len(parts) == 2 {
		if l, err := strconv.Atoi(parts[1]); err == nil {
			p = &report.Position{File: parts[0], Line: l}
		}
	}
	p.File = relative(base, p.File)
	return p
}

type factKey struct {
	a   *analysis.Analyzer
	obj types.Object
	t   reflect.Type
}

type pkgFactKey struct {
	a   *analysis.Analyzer
	pkg *types.Package
	t   reflect.Type
}

// runner runs analyzers with in-memory facts shared across packages. All
// packages come from one load, so an object is the same types.Object in
// the package that declares it and in every package that uses it.
type runner struct {
	ctx       context.Context // nil: never ends
	as        *analyzers.Set
	mu        sync.Mutex // guards facts and pkgFacts
	facts     map[factKey]analysis.Fact
	pkgFacts  map[pkgFactKey]analysis.Fact
	withFixes bool
	progress  *progress.Line
}

// outcome is what the analyzers made of one package.
type outcome struct {
	results map[*analysis.Analyzer]any
	errs    map[*analysis.Analyzer]error
	fixes   []Fix
}

// analyse runs the fact analyzers on the fact-only packages and every
// reporting analyzer on the roots, each package once the analysed packages
// it imports are done (their facts are then complete), GOMAXPROCS at a
// time.
func (r *runner) analyse(set *packageSet) map[*packages.Package]*outcome {
	jobs := map[*packages.Package]chan struct{}{}
	out := map[*packages.Package]*outcome{}
	plan := map[*packages.Package][]*analysis.Analyzer{}
	for _, p := range set.factOnly {
		plan[p] = r.as.FactAnalyzers()
	}
	for _, p := range set.roots {
		plan[p] = r.as.Reporting
	}
	for _, p := range set.uses {
		plan[p] = r.as.Reporting
	}
	for p := range plan {
		if analysable(p) {
			jobs[p] = make(chan struct{})
			out[p] = &outcome{results: map[*analysis.Analyzer]any{}, errs: map[*analysis.Analyzer]error{}}
		}
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	count := r.progress.Count("analysing packages", len(jobs))
	for p, done := range jobs {
		waitFor := analysedImports(p, jobs)
		wg.Go(func() {
			defer close(done)
			for _, dep := range waitFor {
				<-dep
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			if r.ctx != nil && r.ctx.Err() != nil {
				return // run returns the context's error
			}
			for _, a := range plan[p] {
				r.run(a, p, out[p])
			}
			count.Add(p.PkgPath)
		})
	}
	wg.Wait()
	return out
}

// analysedImports are the jobs of the analysed packages p imports, directly
// or through packages that are not analysed; a job is done only after
// those it imports.
func analysedImports(p *packages.Package, jobs map[*packages.Package]chan struct{}) []chan struct{} {
	var out []chan struct{}
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		for _, dep := range p.Imports {
			if seen[dep] {
				continue
			}
			seen[dep] = true
			if done, ok := jobs[dep]; ok {
				out = append(out, done)
				continue
			}
			visit(dep)
		}
	}
	visit(p)
	return out
}

// collect keeps a diagnostic's fixes; diagnostics (not findings) carry
// the fixes offered where no finding is reported, such as in test files.
func (r *runner) collect(o *outcome, fset *token.FileSet, d analysis.Diagnostic) {
	if !r.withFixes {
		return
	}
	for _, f := range emit.Fixes(fset, d.SuggestedFixes) {
		o.fixes = append(o.fixes, Fix{Rule: d.Category, Fix: f, pos: d.Pos})
	}
}

// ownedFixes are o's fixes with the type each belongs to, from the
// owners the reporting analyzers recorded (emit.Findings.Owners).
func (o *outcome) ownedFixes(reporting []*analysis.Analyzer) []Fix {
	type key struct {
		pos  token.Pos
		rule string
	}
	owner := map[key]string{}
	for _, a := range reporting {
		if fs, ok := emit.FindingsOf(o.results[a]); ok {
			for _, w := range fs.Owners {
				owner[key{w.Pos, w.Rule}] = w.Type
			}
		}
	}
	out := slices.Clone(o.fixes)
	for i := range out {
		out[i].Type = owner[key{out[i].pos, out[i].Rule}]
	}
	return out
}

// run runs a on pkg after what it requires, once; the result or error is
// kept in o. A panicking analyzer is an error of that package, not of the
// audit.
func (r *runner) run(a *analysis.Analyzer, pkg *packages.Package, o *outcome) (res any, err error) {
	if res, ok := o.results[a]; ok {
		return res, nil
	}
	if err, ok := o.errs[a]; ok {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
		if err != nil {
			o.errs[a] = err
		} else {
			o.results[a] = res
		}
	}()
	inputs := map[*analysis.Analyzer]any{}
	for _, req := range a.Requires {
		res, err := r.run(req, pkg, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", req.Name, err)
		}
		inputs[req] = res
	}
	var typeErrors []types.Error
	for _, e := range pkg.TypeErrors {
		typeErrors = append(typeErrors, e)
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   typeErrors,
		ResultOf:     inputs,
		Report:       func(d analysis.Diagnostic) { r.collect(o, pkg.Fset, d) },
		ReadFile:     os.ReadFile,
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			f, ok := r.facts[factKey{a, obj, reflect.TypeOf(fact)}]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.facts[factKey{a, obj, reflect.TypeOf(fact)}] = fact
		},
		ImportPackageFact: func(p *types.Package, fact analysis.Fact) bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			f, ok := r.pkgFacts[pkgFactKey{a, p, reflect.TypeOf(fact)}]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportPackageFact: func(fact analysis.Fact) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.pkgFacts[pkgFactKey{a, pkg.Types, reflect.TypeOf(fact)}] = fact
		},
		AllPackageFacts: func() []analysis.PackageFact {
			r.mu.Lock()
			defer r.mu.Unlock()
			var out []analysis.PackageFact
			for k, f := range r.pkgFacts {
				if k.a == a {
					out = append(out, analysis.PackageFact{Package: k.pkg, Fact: f})
				}
			}
			sort.Slice(out, func(i, j int) bool { return out[i].Package.Path() < out[j].Package.Path() })
			return out
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			r.mu.Lock()
			defer r.mu.Unlock()
			var out []analysis.ObjectFact
			for k, f := range r.facts {
				if k.a == a {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
			sort.Slice(out, func(i, j int) bool { return out[i].Object.Pos() < out[j].Object.Pos() })
			return out
		},
	}
	if pkg.Module != nil {
		pass.Module = &analysis.Module{Path: pkg.Module.Path, Version: pkg.Module.Version, GoVersion: pkg.Module.GoVersion}
	}
	return a.Run(pass)
}

// testVariants maps each analysed package to its test variant (in-package
// tests: the same files and the tests), when that was analysed too.
func testVariants(roots []*packages.Package, done map[*packages.Package]*outcome) map[*packages.Package]*packages.Package {
	byPath := map[string]*packages.Package{}
	for _, q := range roots {
		if done[q] != nil && q.ID != q.PkgPath && strings.HasSuffix(q.ID, ".test]") && !strings.HasSuffix(q.PkgPath, "_test") {
			byPath[q.PkgPath] = q
		}
	}
	out := map[*packages.Package]*packages.Package{}
	for _, p := range roots {
		if q := byPath[p.PkgPath]; q != nil && p.ID == p.PkgPath {
			out[p] = q
		}
	}
	return out
}

// withoutGoAPIMoves drops the Go API moves of files the wider variant q
// also plans: the plan reads the whole package (the objects its patch
// helpers patch, say), and q, which has the tests too, sees all of it.
func withoutGoAPIMoves(fixes []Fix, q *packages.Package) []Fix {
	shared := map[string]bool{}
	for _, f := range q.CompiledGoFiles {
		shared[f] = true
	}
	return slices.DeleteFunc(fixes, func(f Fix) bool {
		return f.Rule == contract.RuleGoAPIImport && slices.ContainsFunc(f.Edits, func(e report.Edit) bool { return shared[e.File] })
	})
}
