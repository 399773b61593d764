// Package driver runs mpaudit's analyzers over packages loaded with
// go/packages and builds the shared report. Packages named on the command
// line are type-checked from source (their facts flow between them in
// dependency order); their dependencies come from export data, as with
// go vet. Packages that fail to load are listed, and the rest are still
// analysed.
package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/poolcrd"
	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// Options configure a static audit.
type Options struct {
	// Dir is where patterns are resolved (the provider module).
	Dir      string
	Patterns []string
	// CAPIVersion overrides the core version read from go.mod.
	CAPIVersion string
	// Tests also loads _test.go files (their findings are skipped anyway).
	Tests bool
	// Env is the go command's environment (nil: this process's).
	Env []string
}

const mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule | packages.NeedTypesSizes

// Fix is one suggested fix and the rule that offers it.
type Fix struct {
	Rule string
	report.Fix
}

// Run loads the packages and runs the reporting analyzers.
func Run(opts Options) (*report.Report, error) {
	rep, _, err := run(opts, false)
	return rep, err
}

// RunFixes is Run that also collects every suggested fix, whatever the
// severity of the finding that offers it.
func RunFixes(opts Options) (*report.Report, []Fix, error) {
	return run(opts, true)
}

func run(opts Options, withFixes bool) (*report.Report, []Fix, error) {
	if len(opts.Patterns) == 0 {
		opts.Patterns = []string{"./..."}
	}
	if opts.CAPIVersion != "" {
		if _, err := contract.TargetForVersion(opts.CAPIVersion, "flag"); err != nil {
			return nil, nil, err
		}
	}
	settings.Set(opts.CAPIVersion, settings.Never)
	settings.SetFixMode(withFixes)
	poolcrd.Forget() // the tree may have changed since the last run in this process
	defer settings.SetFixMode(false)

	cfg := &packages.Config{Mode: mode, Dir: opts.Dir, Tests: opts.Tests, Env: opts.Env}
	pkgs, err := packages.Load(cfg, opts.Patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading %s: %w", strings.Join(opts.Patterns, " "), err)
	}

	rep := &report.Report{Tool: "mpaudit", Mode: "check"}
	base := opts.Dir
	if base == "" {
		base = "."
	}
	base, _ = filepath.Abs(base)

	roots := map[*packages.Package]bool{}
	for _, p := range pkgs {
		roots[p] = true
	}
	var ordered []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if roots[p] {
			ordered = append(ordered, p)
		}
	})

	if len(pkgs) == 0 {
		rep.Problems = append(rep.Problems, report.Problem{Subject: strings.Join(opts.Patterns, " "),
			Message: "no Go packages matched in " + base})
	}
	reportDependencyErrors(rep, pkgs, roots, base)

	r := &runner{objFacts: map[objFactKey]analysis.Fact{}, results: map[actionKey]any{}, withFixes: withFixes}
	seenProblem := map[string]bool{}
	targetSet := false
	for _, p := range ordered {
		if len(p.Errors) > 0 {
			rep.Summary.NotLoaded++
			for _, e := range p.Errors {
				key := e.Pos + e.Msg
				if seenProblem[key] {
					continue
				}
				seenProblem[key] = true
				rep.Problems = append(rep.Problems, report.Problem{Subject: p.PkgPath, Message: e.Msg, Position: parsePos(e.Pos, base)})
			}
		} else {
			rep.Summary.Loaded++
		}
		if p.Types == nil || len(p.Syntax) == 0 || p.TypesInfo == nil {
			continue
		}
		for _, a := range analyzers.Reporting() {
			res, err := r.run(a, p)
			if err != nil {
				rep.Problems = append(rep.Problems, report.Problem{Subject: p.PkgPath, Message: fmt.Sprintf("analyzer %s: %v", a.Name, err)})
				continue
			}
			if fs, ok := res.(*emit.Findings); ok {
				for _, n := range fs.Notes {
					if !seenProblem["note\x00"+n] {
						seenProblem["note\x00"+n] = true
						rep.Notes = append(rep.Notes, n)
					}
				}
				for _, pr := range fs.Problems {
					if key := pr.Subject + "\x00" + pr.Message; !seenProblem[key] {
						seenProblem[key] = true
						rep.Problems = append(rep.Problems, pr)
					}
				}
				for _, f := range fs.List {
					if f.Position != nil {
						f.Position.File = relative(base, f.Position.File)
					}
					// A package and its test variant share their non-test files.
					key := fmt.Sprintf("finding\x00%s\x00%v\x00%s\x00%s", f.Rule, f.Position, f.Field, f.Message)
					if seenProblem[key] {
						continue
					}
					seenProblem[key] = true
					if f.Suppressed { // an //mpaudit:ignore comment covers it
						rep.Summary.Suppressed++
						continue
					}
					rep.Findings = append(rep.Findings, f)
				}
			}
		}
		if pf, ok := r.results[actionKey{poolfinder.Analyzer, p}].(*poolfinder.Result); ok {
			if !targetSet || len(pf.Pools) > 0 {
				rep.Target, targetSet = pf.Target, true
				if pf.TargetErr != nil {
					rep.Notes = append(rep.Notes, "could not read the Cluster API requirement: "+pf.TargetErr.Error())
				}
			}
			for _, pool := range pf.Pools {
				role := "storage"
				if !pool.Storage {
					role = "spoke"
				}
				t := fmt.Sprintf("%s %s (%s)", pool.APIVersion(), pool.Kind, role)
				if !seenProblem["type\x00"+t] {
					seenProblem["type\x00"+t] = true
					rep.Summary.Types = append(rep.Summary.Types, t)
				}
			}
		}
	}
	if !targetSet {
		t, err := contract.ResolveTarget(opts.CAPIVersion, base)
		if err != nil {
			t = contract.DefaultTarget()
		}
		rep.Target = t
	}
	if rep.Target.Behaviour.Assumed {
		rep.Notes = append(rep.Notes, "core behaviour for "+rep.Target.String()+" is assumed, not verified: "+rep.Target.Behaviour.Basis)
	}
	if len(rep.Summary.Types) == 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("no InfraMachinePool types found in %d package(s)", len(ordered)))
	}
	return rep, r.fixes, nil
}

// reportDependencyErrors lists dependencies that could not be loaded (a
// module the proxy refuses, a package no required module provides), naming
// the analysed package that imports them.
func reportDependencyErrors(rep *report.Report, pkgs []*packages.Package, roots map[*packages.Package]bool, base string) {
	seen := map[*packages.Package]bool{}
	for _, root := range pkgs {
		var visit func(p *packages.Package)
		visit = func(p *packages.Package) {
			for _, dep := range p.Imports {
				if roots[dep] || seen[dep] {
					continue
				}
				seen[dep] = true
				for _, e := range dep.Errors {
					rep.Problems = append(rep.Problems, report.Problem{
						Subject:  dep.PkgPath,
						Message:  fmt.Sprintf("%s (imported by %s)", e.Msg, root.PkgPath),
						Position: parsePos(e.Pos, base),
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

type actionKey struct {
	a   *analysis.Analyzer
	pkg *packages.Package
}

type objFactKey struct {
	a   *analysis.Analyzer
	obj types.Object
	t   reflect.Type
}

// runner runs analyzers with in-memory facts shared across packages.
type runner struct {
	objFacts  map[objFactKey]analysis.Fact
	results   map[actionKey]any
	withFixes bool
	fixes     []Fix
}

// collect keeps a diagnostic's fixes; diagnostics (not findings) carry
// the fixes offered where no finding is reported, such as in test files.
func (r *runner) collect(fset *token.FileSet, d analysis.Diagnostic) {
	if !r.withFixes {
		return
	}
	for _, f := range emit.Fixes(fset, d.SuggestedFixes) {
		r.fixes = append(r.fixes, Fix{Rule: d.Category, Fix: f})
	}
}

func (r *runner) run(a *analysis.Analyzer, pkg *packages.Package) (any, error) {
	key := actionKey{a, pkg}
	if res, ok := r.results[key]; ok {
		return res, nil
	}
	inputs := map[*analysis.Analyzer]any{}
	for _, req := range a.Requires {
		res, err := r.run(req, pkg)
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
		Report:       func(d analysis.Diagnostic) { r.collect(pkg.Fset, d) },
		ReadFile:     os.ReadFile,
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			f, ok := r.objFacts[objFactKey{a, obj, reflect.TypeOf(fact)}]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			r.objFacts[objFactKey{a, obj, reflect.TypeOf(fact)}] = fact
		},
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(analysis.Fact) {},
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			for k, f := range r.objFacts {
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
	res, err := a.Run(pass)
	if err != nil {
		return nil, err
	}
	r.results[key] = res
	return res, nil
}
