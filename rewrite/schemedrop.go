package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/importgroups"
)

// The Go API move registers the v1beta2 types beside a v1beta1
// registration and keeps the latter, since it sees one package at a time
// and other code may still get typed v1beta1 objects through the
// manager's client. Once the whole module has moved, the rewrite sees
// every package: when none of them (tests, generated files and the
// repository's dependent modules included) still uses a typed v1beta1
// object or a v1beta1 package's scheme helpers, the registration only
// keeps the deprecated v1beta1 Go API alive, and it is dropped.

// schemeDropUnit is the unit of the drop of the registrations of the
// v1beta1 package path: withheld like a type's migration when the
// verification fails with it.
func schemeDropUnit(path string) string { return path + schemeDropSuffix }

const schemeDropSuffix = ".AddToScheme"

// schemeDropPath is the v1beta1 package whose registration unit drops,
// ok false for any other unit.
func schemeDropPath(unit string) (string, bool) { return strings.CutSuffix(unit, schemeDropSuffix) }

// schemeDropWhy is the reason the changed file gives for the drop.
func schemeDropWhy(path string) string {
	return fmt.Sprintf("the registration of %s in the scheme dropped: no package of the module uses a typed v1beta1 object any more, and the v1beta2 types are registered", path)
}

// schemeHelpers are the names of a v1beta1 API package that reach its
// scheme: a use of one keeps the registration.
var schemeHelpers = map[string]bool{"GroupVersion": true, "SchemeGroupVersion": true, "SchemeBuilder": true, "AddToScheme": true, "Install": true}

// schemeSite is one v1beta1 registration beside its successor's: the
// statement or list element to remove, as byte offsets of its file.
type schemeSite struct {
	file       string // canonical staged path
	path       string // the v1beta1 package
	start, end int
	sel        token.Pos // its AddToScheme, in the load's file set
}

// dropV1Beta1Schemes removes the v1beta1 scheme registrations that sit
// beside their v1beta2 successor's when nothing of the staged modules
// needs them any more (see above). It runs once the Go files are final.
func (a *attempt) dropV1Beta1Schemes() error {
	st := a.st
	v1beta1, successor := a.v1beta1Packages()
	withheld := map[string]bool{}
	for _, u := range a.units {
		withheld[u.Type] = true
	}
	// A look at the imports first: most modules have no such file, and
	// need no load.
	var dirs []string
	for _, m := range st.mods() {
		dir := st.path(m)
		if hasDualImports(dir, successor) {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	var sites []schemeSite
	for _, m := range st.allMods() {
		dir := st.path(m)
		pkgs, ok := a.loadTyped(dir)
		if !ok {
			return nil // what cannot be type-checked may need the registration
		}
		var main []*packages.Package
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.Module != nil && p.Module.Main && p.TypesInfo != nil {
				main = append(main, p)
			}
		})
		var here []schemeSite
		if slices.Contains(dirs, dir) {
			for _, p := range main {
				for _, f := range p.Syntax {
					if name := p.Fset.Position(f.Pos()).Filename; !strings.HasSuffix(name, "_test.go") {
						here = append(here, registrationSites(p.Fset, f, p.TypesInfo, v1beta1, successor, name)...)
					}
				}
			}
		}
		at := map[token.Pos]bool{}
		for _, s := range here {
			at[s.sel] = true
		}
		for _, p := range main {
			if needsV1Beta1Scheme(p.TypesInfo, v1beta1, at) {
				return nil
			}
		}
		sites = append(sites, here...)
	}
	byFile := map[string][]schemeSite{}
	for _, s := range sites {
		canon, err := st.canonical(s.file)
		if err != nil || withheld[schemeDropUnit(s.path)] {
			continue
		}
		s.file = canon
		// A package and its test variant share the file.
		if !slices.ContainsFunc(byFile[canon], func(o schemeSite) bool { return o.start == s.start }) {
			byFile[canon] = append(byFile[canon], s)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		if err := a.dropSites(file, byFile[file]); err != nil {
			return err
		}
	}
	return nil
}

// v1beta1Packages says which import paths are v1beta1 API packages and
// names their v1beta2 successors, for the core release the rewrite
// targets and the one it raises go.mod to.
func (a *attempt) v1beta1Packages() (func(string) bool, func(string) string) {
	releases := []contract.Release{a.res.Target.Release()}
	if a.opts.BumpCAPI != "" {
		if r, err := contract.ParseRelease(a.opts.BumpCAPI); err == nil {
			releases = append(releases, r)
		}
	}
	successor := func(path string) string {
		for _, r := range releases {
			if contract.IsV1Beta1APIPackage(path, r) {
				s, _ := contract.GoAPIPackage(path, r)
				return s.Successor
			}
		}
		return ""
	}
	return func(path string) bool { return successor(path) != "" }, successor
}

// hasDualImports reports whether a non-test Go file of the module in dir
// imports a v1beta1 API package and its successor.
func hasDualImports(dir string, successor func(string) string) bool {
	found := false
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case found:
			return filepath.SkipAll
		case err != nil:
			return nil // an unreadable directory registers nothing
		}
		if d.IsDir() {
			if path != dir {
				if skippedDir(d.Name()) || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return nil
		}
		imported := map[string]bool{}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			imported[p] = true
		}
		for p := range imported {
			if s := successor(p); s != "" && imported[s] {
				found = true
			}
		}
		return nil
	})
	return found
}

// loadTyped type-checks the staged module in dir, tests included; ok is
// false when it does not load without errors.
func (a *attempt) loadTyped(dir string) ([]*packages.Package, bool) {
	var own []string
	for _, m := range a.st.mods() {
		own = append(own, filepath.Clean(a.st.path(m)))
	}
	cfg := &packages.Config{Context: a.st.context(), Dir: dir, Tests: true, Env: append(os.Environ(), goEnv...),
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule}
	pkgs, err := loadSource(cfg, own, false, "./...")
	if err != nil || len(pkgs) == 0 {
		return nil, false
	}
	ok := true
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Main && len(p.Errors) > 0 {
			ok = false
		}
	})
	return pkgs, ok
}

// registrationSites are the file's registrations of a v1beta1 API
// package's types that the file repeats for its successor: a statement
// of a block or an element of a list (SchemeBuilder, AddToSchemes).
func registrationSites(fset *token.FileSet, f *ast.File, info *types.Info, v1beta1 func(string) bool, successor func(string) string, name string) []schemeSite {
	pkgOf := func(e ast.Expr) string {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "AddToScheme" {
			return ""
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return ""
		}
		if pn, ok := info.Uses[x].(*types.PkgName); ok {
			return pn.Imported().Path()
		}
		return ""
	}
	registered := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if p := pkgOf(e); p != "" {
				registered[p] = true
			}
		}
		return true
	})
	tf := fset.File(f.Pos())
	var sites []schemeSite
	ast.PreorderStack(f, nil, func(n ast.Node, ancestors []ast.Node) bool {
		stack := append(ancestors, n) // n and the nodes above it
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		p := pkgOf(sel)
		if p == "" || !v1beta1(p) || !registered[successor(p)] {
			return true
		}
		site := schemeSite{file: name, path: p, sel: sel.Sel.Pos()}
		for i := len(stack) - 2; i >= 1; i-- {
			switch outer := stack[i].(type) {
			case *ast.ExprStmt, *ast.AssignStmt:
				if as, ok := outer.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					return true
				}
				if _, inBlock := stack[i-1].(*ast.BlockStmt); !inBlock {
					return true
				}
				site.start, site.end = tf.Offset(outer.Pos()), tf.Offset(outer.End())
				sites = append(sites, site)
				return true
			case *ast.CompositeLit:
				if stack[i+1] != sel {
					return true
				}
				j := slices.Index(outer.Elts, ast.Expr(sel))
				switch {
				case j < 0:
					return true
				case j+1 < len(outer.Elts): // up to the next element
					site.start, site.end = tf.Offset(sel.Pos()), tf.Offset(outer.Elts[j+1].Pos())
				case j > 0: // from the end of the one before
					site.start, site.end = tf.Offset(outer.Elts[j-1].End()), tf.Offset(sel.End())
				default: // alone: a list of none
					site.start, site.end = tf.Offset(sel.Pos()), tf.Offset(sel.End())
				}
				sites = append(sites, site)
				return true
			case *ast.BlockStmt, *ast.FuncDecl:
				return true
			}
		}
		return true
	})
	return sites
}

// needsV1Beta1Scheme reports whether the package uses a typed object of
// a v1beta1 API package (a named type that is a runtime.Object, wherever
// an expression has it: a declaration, a literal, a value a function
// returns) or such a package's scheme helpers other than at the
// registrations at (the positions of their AddToScheme).
func needsV1Beta1Scheme(info *types.Info, v1beta1 func(string) bool, at map[token.Pos]bool) bool {
	for _, tv := range info.Types {
		if isV1Beta1Object(tv.Type, v1beta1) {
			return true
		}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || !v1beta1(obj.Pkg().Path()) {
			continue
		}
		if _, isPkg := obj.(*types.PkgName); isPkg || obj.Parent() != obj.Pkg().Scope() || !schemeHelpers[obj.Name()] {
			continue
		}
		if !at[id.Pos()] {
			return true
		}
	}
	return false
}

// isV1Beta1Object reports whether t is, or holds (pointer, slice, map,
// channel), a named type of a v1beta1 API package that is a
// runtime.Object.
func isV1Beta1Object(t types.Type, v1beta1 func(string) bool) bool {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Map:
			if isV1Beta1Object(u.Key(), v1beta1) {
				return true
			}
			t = u.Elem()
			continue
		case *types.Chan:
			t = u.Elem()
			continue
		case *types.Named:
			obj := u.Obj()
			if obj.Pkg() == nil || !v1beta1(obj.Pkg().Path()) {
				return false
			}
			ms := types.NewMethodSet(types.NewPointer(u))
			return ms.Lookup(obj.Pkg(), "DeepCopyObject") != nil && ms.Lookup(obj.Pkg(), "GetObjectKind") != nil
		}
		return false
	}
}

// dropSites removes the registrations from the staged file, the lines of
// a statement whole, and the imports left unused.
func (a *attempt) dropSites(file string, sites []schemeSite) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	sort.Slice(sites, func(i, j int) bool { return sites[i].start > sites[j].start })
	out := slices.Clone(src)
	paths := map[string]bool{}
	for _, s := range sites {
		if s.end > len(out) || s.start < 0 || s.start >= s.end {
			continue
		}
		// A statement alone on its lines goes with them.
		out = removeLines(out, s.start, s.end)
		paths[s.path] = true
	}
	// Two v1beta1 packages of one successor (core and exp) left its
	// registration twice.
	out = dropRepeatedRegistrations(file, out)
	out, err = importgroups.DropUnused(file, out, func(_, path string) bool { return paths[path] })
	if err != nil {
		return nil // a file that does not parse so is left as it was
	}
	if bytes.Equal(out, src) {
		return nil
	}
	staged, err := a.st.writeFile(file, keepLineEndings(src, out))
	if err != nil {
		return err
	}
	units := map[string]bool{}
	for p := range paths {
		a.cs.mark(staged, schemeDropWhy(p))
		units[schemeDropUnit(p)] = true
	}
	a.cs.units.add(staged, units)
	a.trace.step(fmt.Sprintf("dropped %d v1beta1 scheme registration(s) in %s", len(sites), a.st.rel(staged)))
	return nil
}

// dropRepeatedRegistrations removes from src a registration statement
// (a call of some AddToScheme) that repeats the one before it in its
// block word for word, with only registrations between them, and an element of a
// list that repeats an earlier one.
func dropRepeatedRegistrations(name string, src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return src
	}
	tf := fset.File(f.Pos())
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	registers := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "AddToScheme" {
				found = true
			}
			return !found
		})
		return found
	}
	type cut struct{ start, end int }
	var cuts []cut
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			seen := map[string]bool{}
			for _, st := range n.List {
				es, ok := st.(*ast.ExprStmt)
				if !ok || !registers(es) {
					clear(seen) // what is between may change what they register in
					continue
				}
				if t := text(es); seen[t] {
					cuts = append(cuts, cut{tf.Offset(es.Pos()), tf.Offset(es.End())})
				} else {
					seen[t] = true
				}
			}
		case *ast.CompositeLit:
			seen := map[string]bool{}
			for j, e := range n.Elts {
				sel, ok := e.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "AddToScheme" {
					continue
				}
				if t := text(sel); seen[t] && j > 0 {
					cuts = append(cuts, cut{tf.Offset(n.Elts[j-1].End()), tf.Offset(sel.End())})
				} else {
					seen[t] = true
				}
			}
		}
		return true
	})
	if len(cuts) == 0 {
		return src
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].start > cuts[j].start })
	out := slices.Clone(src)
	for _, c := range cuts {
		out = removeLines(out, c.start, c.end)
	}
	return out
}

// removeLines removes src[start:end], with its lines when nothing else is
// on them.
func removeLines(src []byte, start, end int) []byte {
	ls := bytes.LastIndexByte(src[:start], '\n') + 1
	le := bytes.IndexByte(src[end:], '\n')
	if le >= 0 && len(bytes.TrimSpace(src[ls:start])) == 0 && len(bytes.TrimSpace(src[end:end+le])) == 0 {
		start, end = ls, end+le+1
	}
	return append(src[:start:start], src[end:]...)
}

// schemeDropsBlamed are the blamed drops of registrations not withheld
// yet: withheld first and alone, since the registrations' file moved with
// them and its move may well verify without the drop.
func schemeDropsBlamed(blamed, withheld []WithheldUnit) []WithheldUnit {
	var out []WithheldUnit
	for _, u := range blamed {
		if strings.HasSuffix(u.Type, schemeDropSuffix) && !slices.ContainsFunc(withheld, func(w WithheldUnit) bool { return w.Type == u.Type }) {
			out = append(out, u)
		}
	}
	return out
}
