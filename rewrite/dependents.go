package rewrite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	gobuild "go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// A module of the repository may use the provider without being part of
// it: its go.mod replaces a provider module by a local directory (Cluster
// API's test/go.mod, replace sigs.k8s.io/cluster-api => ../; an e2e suite;
// hack/tools). It is staged beside the provider; its packages that import
// a changed package, directly or through others, are analysed for the
// use-site fixes the type fixes need, and built and vetted. One that does
// not load is named for a person and blocks nothing else.

// dependent is one such module.
type dependent struct {
	real   string // real root
	path   string // module path
	rel    string // relative to the provider's root, slash-separated
	target string // a module path it replaces by a staged module
	// imports are the import paths each staged package directory's Go
	// files (tests too) import, once read.
	imports map[string][]string
	// code holds the package directories with non-test Go files (the
	// others go build refuses).
	code map[string]bool
	// notLoaded says why its use sites could not be analysed.
	notLoaded string
}

// findDependents lists the modules under top, other than the staged
// ones, whose go.mod replaces one of modules by a local directory.
func findDependents(top, root string, modules []string) []*dependent {
	var out []*dependent
	filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory holds no module to use
		}
		if d.IsDir() {
			if name := d.Name(); path != top && skippedDir(name) {
				return filepath.SkipDir
			}
			return nil
		}
		dir := filepath.Dir(path)
		if d.Name() != "go.mod" || slices.Contains(modules, dir) {
			return nil
		}
		for _, lm := range dirReplaces(path) {
			if slices.Contains(modules, lm.Dir) {
				rel, _ := filepath.Rel(root, dir)
				out = append(out, &dependent{real: dir, path: modulePathOf(dir), rel: filepath.ToSlash(rel), target: lm.Path})
				break
			}
		}
		return nil
	})
	return out
}

// dirReplaces are the replaces of the go.mod at goModPath by a relative
// directory. Unlike contract.LocalReplaces it keeps a replace of the core
// module: in Cluster API's own repository the provider is the core.
func dirReplaces(goModPath string) []contract.LocalModule {
	data, err := os.ReadFile(goModPath)
	if err != nil {
		return nil
	}
	f, err := modfile.Parse(goModPath, data, nil)
	if err != nil {
		return nil
	}
	var out []contract.LocalModule
	for _, r := range f.Replace {
		if modfile.IsDirectoryPath(r.New.Path) && !filepath.IsAbs(r.New.Path) {
			out = append(out, contract.LocalModule{Path: r.Old.Path, Dir: filepath.Join(filepath.Dir(goModPath), r.New.Path)})
		}
	}
	return out
}

func skippedDir(name string) bool {
	return name == "testdata" || name == "vendor" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// scan reads the imports of the dependent's staged Go files, by package
// directory, leaving out nested modules. Only import clauses are parsed.
func (d *dependent) scan(staged string) {
	if d.imports != nil {
		return
	}
	d.imports, d.code = map[string][]string{}, map[string]bool{}
	fset := token.NewFileSet()
	filepath.WalkDir(staged, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			if path != staged {
				if skippedDir(e.Name()) {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		// As the default build sees it: a tools-tagged package is no use
		// site there, and go vet would refuse it.
		if ok, err := gobuild.Default.MatchFile(filepath.Dir(path), e.Name()); err == nil && !ok {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil || f == nil {
			return nil // the build reports it
		}
		dir := filepath.Dir(path)
		if !strings.HasSuffix(path, "_test.go") {
			d.code[dir] = true
		}
		for _, imp := range f.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil && !slices.Contains(d.imports[dir], p) {
				d.imports[dir] = append(d.imports[dir], p)
			}
		}
		if _, ok := d.imports[dir]; !ok {
			d.imports[dir] = nil
		}
		return nil
	})
}

// uses are the import paths of the dependent's packages that import a
// package of hit (the provider's, by import path), directly or through
// other packages of the dependent, and the provider packages they import.
func (d *dependent) uses(staged string, hit func(string) bool) (uses []string, imported []string) {
	d.scan(staged)
	pathOf := func(dir string) string {
		rel, _ := filepath.Rel(staged, dir)
		if rel == "." {
			return d.path
		}
		return d.path + "/" + filepath.ToSlash(rel)
	}
	in := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for dir, imps := range d.imports {
			p := pathOf(dir)
			if in[p] {
				continue
			}
			if slices.ContainsFunc(imps, func(i string) bool { return hit(i) || in[i] }) {
				in[p], changed = true, true
			}
		}
	}
	for dir, imps := range d.imports {
		if !in[pathOf(dir)] {
			continue
		}
		for _, i := range imps {
			if hit(i) && !slices.Contains(imported, i) {
				imported = append(imported, i)
			}
		}
	}
	uses = make([]string, 0, len(in))
	for p := range in {
		uses = append(uses, p)
	}
	sort.Strings(uses)
	sort.Strings(imported)
	return uses, imported
}

// affectedMain lists, by import path, the packages of the staged provider
// modules that hold a file of dirs or import one, directly or not.
func (s *stage) affectedMain(dirs map[string]bool) (map[string]bool, []listedPackage, error) {
	if s.graph == nil {
		s.graph = &packageGraph{ctx: s.context(), dir: s.dir}
	}
	pkgs, err := s.graph.list()
	if err != nil {
		return nil, nil, err
	}
	return importersIn(pkgs, dirs), pkgs, nil
}

// dependentFixes analyses the use sites in the dependent modules of the
// types the fixes migrate: each dependent whose packages import an
// affected provider package is loaded from its own directory, with the
// migrated types' packages as the patterns and its importers as use
// sites, under the main analysis' settings. It returns the fixes and
// blocked uses in the dependents' own files; a dependent that does not
// load is marked and left out.
func (a *attempt) dependentFixes(rep *report.Report, fixes []driver.Fix) ([]driver.Fix, []report.Finding) {
	st := a.st
	if len(st.deps) == 0 {
		return nil, nil
	}
	if a.typePkgs == nil {
		a.typePkgs = map[string]bool{}
	}
	dirs := map[string]bool{}
	for _, f := range fixes {
		if i := strings.LastIndexByte(f.Type, '.'); i > strings.LastIndexByte(f.Type, '/') {
			a.typePkgs[f.Type[:i]] = true
		}
		for _, e := range f.Edits {
			dirs[filepath.Dir(e.File)] = true
		}
	}
	for path := range a.cs.files {
		dirs[filepath.Dir(path)] = true
	}
	if len(a.typePkgs) == 0 {
		return nil, nil
	}
	affected, pkgs, err := st.affectedMain(dirs)
	if err != nil {
		for _, d := range st.deps {
			d.notLoaded = "the provider's packages could not be listed: " + firstLine(err.Error())
		}
		return nil, nil
	}
	// What each provider package imports, to tell which migrated types'
	// packages a dependent reaches.
	deps := map[string][]string{}
	for _, p := range pkgs {
		deps[p.ImportPath] = p.Deps
	}
	target := a.opts.CAPIVersion
	if target == "" && rep != nil {
		target = rep.Target.Version
		if target == "" && rep.Target.LocalTree != "" {
			target = string(rep.Target.Release())
		}
	}
	var provider []string
	var own []contract.LocalModule
	for _, m := range st.mods() {
		dir := filepath.Clean(st.path(m))
		provider = append(provider, dir)
		own = append(own, contract.LocalModule{Path: modulePathOf(dir), Dir: dir})
	}
	var out []driver.Fix
	var blocked []report.Finding
	for _, d := range st.deps {
		if d.notLoaded != "" {
			continue
		}
		staged := st.path(d.real)
		uses, imported := d.uses(staged, func(p string) bool { return affected[p] })
		var roots []string
		for p := range a.typePkgs {
			if slices.ContainsFunc(imported, func(i string) bool { return i == p || slices.Contains(deps[i], p) }) {
				roots = append(roots, p)
			}
		}
		if len(roots) == 0 {
			continue
		}
		sort.Strings(roots)
		a.trace.progress.Step("analysing the uses in the module %s", d.rel)
		// The driver reports load errors of its patterns only, not of
		// the use sites: a use site that does not load leaves the module out.
		if d.notLoaded = loadErrorOf(st.context(), staged, uses); d.notLoaded != "" {
			continue
		}
		dopts := a.dopts
		dopts.Dir, dopts.Patterns, dopts.UseSites, dopts.CAPIVersion, dopts.OwnModules = staged, roots, uses, target, own
		// The provider's modules from source, whatever the dependent's go.mod
		// calls them (Cluster API's test/go.mod replaces the core itself).
		dopts.Load = func(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
			return loadFromSourceWith(cfg, provider, patterns...)
		}
		drep, fx, err := driver.RunFixes(dopts)
		a.trace.step(fmt.Sprintf("analysis of %d use site(s) in the module %s", len(uses), d.rel))
		switch {
		case err != nil:
			d.notLoaded = firstLine(err.Error())
			continue
		case len(drep.Problems) > 0:
			d.notLoaded = firstLine(describeProblems(drep.Problems[:1], st))
			continue
		}
		own := func(file string) bool { return st.moduleOf(file) == staged }
		for _, f := range fx.List {
			if len(f.Edits) > 0 && !slices.ContainsFunc(f.Edits, func(e report.Edit) bool { return !own(e.File) }) {
				out = append(out, f)
			}
		}
		for _, b := range fx.Blocked {
			if b.Position != nil && own(b.Position.File) {
				blocked = append(blocked, b)
			}
		}
	}
	return out, blocked
}

// loadErrorOf is the first error go list reports for the packages, or
// their tests, in dir; "" when they all load.
func loadErrorOf(ctx context.Context, dir string, pkgs []string) string {
	out, err := goOutput(ctx, dir, nil, append([]string{"list", "-e", "-test", "-json=ImportPath,Error,DepsErrors"}, pkgs...)...)
	if err != nil {
		return firstLine(err.Error())
	}
	type listErr struct{ Err string }
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Error      *listErr
			DepsErrors []*listErr
		}
		if err := dec.Decode(&p); err == io.EOF {
			return ""
		} else if err != nil {
			return "go list: " + err.Error()
		}
		if p.Error == nil && len(p.DepsErrors) > 0 {
			p.Error = p.DepsErrors[0]
		}
		if p.Error != nil {
			return p.ImportPath + ": " + firstLine(p.Error.Err)
		}
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// verifyDependents builds and vets, in each dependent module, the
// packages that import a changed package of the provider. A dependent
// that did not load is named for a person; one that fails the same way on
// the real tree did not build before and is left to a person too.
func verifyDependents(st *stage, changed map[string]map[string]bool, res *Result, trace *tracer) error {
	if len(st.deps) == 0 {
		return nil
	}
	touched := map[string]bool{} // staged roots of the modules that changed
	for path := range changed {
		if m := st.moduleOf(path); m != "" {
			touched[m] = true
		}
	}
	dirs, _ := changedDirs(changed)
	var affected map[string]bool
	for _, d := range st.deps {
		staged := st.path(d.real)
		if d.notLoaded != "" {
			if reachesTouched(st, d, touched) {
				note := fmt.Sprintf("the module %s (%s/go.mod replaces %s by a local directory) was not loaded, so its uses of the changed types were neither rewritten nor built; fix them by hand (%s)", d.rel, d.rel, d.target, d.notLoaded)
				if !slices.Contains(res.Manual, note) {
					res.Manual = append(res.Manual, note)
				}
			}
			continue
		}
		if affected == nil {
			var err error
			if affected, _, err = st.affectedMain(dirs); err != nil {
				return err
			}
		}
		// Its changed files are in use sites; a k8s.io/utils requirement
		// added to its go.mod is at the version its build list has already.
		uses, _ := d.uses(staged, func(p string) bool { return affected[p] })
		if len(uses) == 0 {
			continue
		}
		var code []string // go build refuses a package of tests only
		for _, u := range uses {
			if d.code[filepath.Join(staged, strings.TrimPrefix(strings.TrimPrefix(u, d.path), "/"))] {
				code = append(code, u)
			}
		}
		checks := [][]string{append([]string{"vet"}, uses...)}
		if len(code) > 0 {
			checks = append(checks, append([]string{"build", "-o", os.DevNull}, code...))
		}
		for _, args := range checks {
			trace.progress.Step("verifying the module %s: go %s", d.rel, args[0])
			out, err := goCmd(st.context(), staged, args...)
			n := len(uses)
			if args[0] == "build" {
				n = len(code)
			}
			trace.step(fmt.Sprintf("go %s of %d package(s) in the module %s", args[0], n, d.rel))
			if err == nil {
				continue
			}
			if _, before := goCmd(st.context(), d.real, args...); before != nil {
				note := fmt.Sprintf("check the module %s by hand: go %s failed there before the rewrite (%v)", d.rel, strings.Join(shorten(args), " "), before)
				if !slices.Contains(res.Manual, note) {
					res.Manual = append(res.Manual, note)
				}
				break
			}
			return fmt.Errorf("the rewritten module %s does not build, so nothing was written:\ngo %s: %v\n%s%s", d.rel, strings.Join(shorten(args), " "), err, out, res.conversionHint())
		}
	}
	return nil
}

// reachesTouched reports whether the dependent replaces a staged module
// that holds a changed file.
func reachesTouched(st *stage, d *dependent, touched map[string]bool) bool {
	for _, lm := range dirReplaces(filepath.Join(d.real, "go.mod")) {
		if touched[st.path(lm.Dir)] {
			return true
		}
	}
	return false
}
