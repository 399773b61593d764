package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
)

// loadFromSource is packages.Load for the driver's mode (types, syntax and
// type information of the named packages) that type-checks every package of
// the main module from source and reads export data only for the others.
//
// packages.Load asks go list for export data of every package, the module's
// own included, so it compiles the whole module first; the rewrite then
// changes the module and go vet compiles it again. The module's packages are
// type-checked from source anyway, so compiling them before the rewrite is
// work thrown away: on a 200-package provider it is most of the first
// analysis. Dependencies outside the module are compiled (or found in the
// build cache) as packages.Load would.
//
// When the module's metadata or a dependency's export data cannot be had,
// or a package has errors, it falls back to packages.Load, so errors are
// reported exactly as before.
func loadFromSource(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
	return loadFromSourceWith(cfg, nil, patterns...)
}

// loadFromSourceWith is loadFromSource that also checks from source the
// packages of the modules rooted in the directories own (the provider's
// modules, loaded from a module that uses them: dependents.go).
func loadFromSourceWith(cfg *packages.Config, own []string, patterns ...string) ([]*packages.Package, error) {
	return loadSource(cfg, own, true, patterns...)
}

// loadSource is loadFromSourceWith; without fallback a package of the
// module that does not type-check keeps its errors (all of them, its
// importers checked too) instead of the load starting over with
// packages.Load, which reports a package whose import fails only as that.
func loadSource(cfg *packages.Config, own []string, fallback bool, patterns ...string) ([]*packages.Package, error) {
	meta := *cfg
	meta.Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes
	roots, err := packages.Load(&meta, patterns...)
	if err := contextErr(cfg); err != nil {
		return nil, err // no fallback: it would end the same way
	}
	if err != nil {
		return packages.Load(cfg, patterns...)
	}
	var all []*packages.Package
	listErrors := false
	packages.Visit(roots, nil, func(p *packages.Package) {
		all = append(all, p)
		listErrors = listErrors || len(p.Errors) > 0
	})
	// Broken metadata (a missing package, an import cycle) is reported
	// the way packages.Load reports it.
	if listErrors || hasCycle(all) {
		return packages.Load(cfg, patterns...)
	}

	fromSource := map[*packages.Package]bool{}
	external := map[string]bool{} // IDs of dependencies imported by source packages
	isOwn := ownModules(cfg.Dir, own...)
	for _, p := range all {
		if isOwn(p.Module) {
			fromSource[p] = true
		}
	}
	for p := range fromSource {
		for _, imp := range p.Imports {
			if !fromSource[imp] && imp.PkgPath != "unsafe" {
				external[imp.ID] = true
			}
		}
	}
	exportFiles := map[string]string{}
	if len(external) > 0 {
		exp := *cfg
		exp.Mode = packages.NeedName | packages.NeedExportFile
		exp.Tests = false
		var ids []string
		for id := range external {
			ids = append(ids, id)
		}
		listed, err := packages.Load(&exp, ids...)
		if err := contextErr(cfg); err != nil {
			return nil, err
		}
		if err != nil {
			return packages.Load(cfg, patterns...)
		}
		for _, p := range listed {
			exportFiles[p.ID] = p.ExportFile
		}
		for id := range external {
			if exportFiles[id] == "" {
				return packages.Load(cfg, patterns...)
			}
		}
	}

	fset := cfg.Fset
	if fset == nil {
		fset = token.NewFileSet()
	}
	var sizes types.Sizes
	for _, p := range all {
		if p.TypesSizes != nil {
			sizes = p.TypesSizes
			break
		}
	}
	// Every dependency gets its types.Package before any export data is
	// read, so that reading one never creates another (as packages.Load).
	l := &sourceLoader{fset: fset, sizes: sizes, exportFiles: exportFiles, view: map[string]*types.Package{}, fromSource: fromSource}
	for _, p := range all {
		p.Fset = fset
		p.TypesSizes = sizes
		switch {
		case p.PkgPath == "unsafe":
			p.Types = types.Unsafe
		case !fromSource[p]:
			if l.view[p.PkgPath] == nil {
				l.view[p.PkgPath] = types.NewPackage(p.PkgPath, p.Name)
			}
			p.Types = l.view[p.PkgPath]
		}
	}
	for _, p := range all {
		if p.Types == nil {
			p.Types = types.NewPackage(p.PkgPath, p.Name)
		}
	}

	// Source packages are checked in dependency order, as many at once as
	// there are processors.
	done := map[*packages.Package]chan struct{}{}
	for p := range fromSource {
		done[p] = make(chan struct{})
	}
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for p := range fromSource {
		wg.Go(func() {
			defer close(done[p])
			for _, imp := range p.Imports {
				if ch := done[imp]; ch != nil {
					<-ch
				}
			}
			limit <- struct{}{}
			defer func() { <-limit }()
			if contextErr(cfg) == nil {
				l.check(p)
			}
		})
	}
	wg.Wait()
	if err := contextErr(cfg); err != nil {
		return nil, err
	}
	// A package that does not compile is reported as packages.Load reports
	// it, with the compiler's error next to the type checker's.
	for p := range fromSource {
		if len(p.Errors) > 0 && fallback {
			return packages.Load(cfg, patterns...)
		}
	}
	return roots, nil
}

// contextErr is the error of cfg's context once it has ended.
func contextErr(cfg *packages.Config) error {
	if cfg.Context == nil {
		return nil
	}
	return cfg.Context.Err()
}

// hasCycle reports whether the import graph has a cycle, which would leave
// the dependency-ordered checking waiting forever.
func hasCycle(all []*packages.Package) bool {
	const (
		visiting = 1
		finished = 2
	)
	state := map[*packages.Package]int{}
	var visit func(*packages.Package) bool
	visit = func(p *packages.Package) bool {
		switch state[p] {
		case visiting:
			return true
		case finished:
			return false
		}
		state[p] = visiting
		for _, imp := range p.Imports {
			if visit(imp) {
				return true
			}
		}
		state[p] = finished
		return false
	}
	return slices.ContainsFunc(all, visit)
}

type sourceLoader struct {
	fset        *token.FileSet
	sizes       types.Sizes
	exportFiles map[string]string // ID -> export data file
	fromSource  map[*packages.Package]bool
	mu          sync.Mutex // guards view and every package in it
	view        map[string]*types.Package
}

// imported returns the types of a dependency outside the module, reading
// its export data the first time.
func (l *sourceLoader) imported(p *packages.Package) (*types.Package, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p.Types.Complete() {
		return p.Types, nil
	}
	f, err := os.Open(l.exportFiles[p.ID])
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	tpkg, err := gcexportdata.Read(r, l.fset, l.view, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", p.PkgPath, err)
	}
	return tpkg, nil
}

// check parses and type-checks one package of the module, recording
// errors as packages.Load does.
func (l *sourceLoader) check(p *packages.Package) {
	appendError := func(err error) {
		switch err := err.(type) {
		case scanner.ErrorList:
			for _, e := range err {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case *os.PathError:
			p.Errors = append(p.Errors, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
		case types.Error:
			p.TypeErrors = append(p.TypeErrors, err)
			p.Errors = append(p.Errors, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}
	p.Syntax = make([]*ast.File, 0, len(p.CompiledGoFiles))
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(l.fset, name, nil, parser.AllErrors|parser.ParseComments)
		if err != nil {
			appendError(err)
		}
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
	}
	p.TypesInfo = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := p.Imports[path]
			if imp == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			if l.fromSource[imp] {
				return imp.Types, nil // checked before this one
			}
			return l.imported(imp)
		}),
		Error: appendError,
		Sizes: l.sizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	err := types.NewChecker(tc, l.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		appendError(err)
	}
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		if imp.IllTyped {
			p.IllTyped = true
		}
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// ownModules reports whether a package's module is the provider's own, so
// type-checked from source: the main module of dir, and the modules it
// replaces by a directory of the same repository (an api/go.mod replaced
// by ./api), whose types the rewrite changes too, and the extra module
// directories.
func ownModules(dir string, extra ...string) func(*packages.Module) bool {
	locals := slices.Clone(extra)
	if abs, err := filepath.Abs(dir); err == nil {
		if gm, ok := contract.FindGoMod(abs); ok {
			for _, m := range contract.LocalReplaces(gm) {
				locals = append(locals, m.Dir)
			}
		}
	}
	return func(m *packages.Module) bool {
		if m == nil {
			return false
		}
		if m.Main {
			return true
		}
		d := m.Dir
		if m.Replace != nil && m.Replace.Dir != "" {
			d = m.Replace.Dir
		}
		return d != "" && slices.Contains(locals, filepath.Clean(d))
	}
}
