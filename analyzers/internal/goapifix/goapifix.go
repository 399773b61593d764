// Package goapifix plans the move of one file from Cluster API's v1beta1 Go
// API packages to their v1beta2 successors (the Go API passes' fix): the
// import swapped under the name the file already uses, and every use the
// Go API map (contract.GoAPIFields) says changed rewritten so that the
// values the code reads from and writes to the API server stay those the
// conversion gives (ptr.Deref(…, false) for a bool that became *bool, ""
// for a nil *string, seconds for a duration). A file where any use is not
// mechanical keeps its imports: the plan lists the blockers instead.
package goapifix

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/imports"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
)

// Blocker is a use the move cannot rewrite mechanically, with what to do.
type Blocker struct {
	Pos  token.Pos
	What string
}

// Plan is the move of one file.
type Plan struct {
	// Edits move the file; empty when it has blockers.
	Edits []analysis.TextEdit
	// Imports are the v1beta1 import specs the move swaps (or, for a
	// scheme registration, keeps beside the v1beta2 one).
	Imports  []*ast.ImportSpec
	Blockers []Blocker
	// Scheme is set when the file registers v1beta1 types in a scheme:
	// the plan adds the v1beta2 registration beside it instead.
	Scheme bool
	// Kept are the expressions that keep their v1beta1 types (split.go):
	// a parameter's type among them does not change.
	Kept map[ast.Node]bool
}

const (
	ptrPkg      = "k8s.io/utils/ptr"
	coreV1Beta2 = "sigs.k8s.io/cluster-api/api/core/v1beta2"
	externalPkg = "sigs.k8s.io/cluster-api/controllers/external"
	metaV1      = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// keptImports are packages whose use on v1beta1 objects keeps a file on
// v1beta1: the condition utilities' migration moves it (it changes what
// conditions the controller writes).
var keptImports = map[string]string{
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions":         "the v1beta1 condition utilities",
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2": "the v1beta1 objects' v1beta2 condition utilities",
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch":              "the v1beta1 patch helper",
	"sigs.k8s.io/cluster-api/util/conditions/deprecated/v1beta1":         "the v1beta1 condition readers",
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/paused":             "the v1beta1 paused helper",
}

// raiseBlocks blocks the move, when go.mod is raised past v1.11, on an
// import whose package v1.11 keeps for v1beta1 objects elsewhere (the
// condition utilities, the paused helper) or whose types changed for
// v1beta2 objects (the patch helper's owned-conditions option). It reports
// whether the import is settled (blocked, or staying at its path).
func raiseBlocks(p *planner, f *ast.File, spec *ast.ImportSpec, path string, s contract.GoSymbol, mapped bool) bool {
	switch {
	case path == contract.PkgPatch:
		if p.ownPatch(spec, path) {
			return true
		}
		if pos, ok := usesName(p.pass, f, spec, "WithOwnedConditions"); ok {
			p.block(pos, "patch.WithOwnedConditions: from v1.11 its Conditions are strings, for v1beta2 objects (WithOwnedV1Beta1Conditions keeps the v1beta1 ones)", keepConditions)
		}
		return true
	case path == contract.PkgPaused:
		if p.ownPaused(spec, path) {
			return true
		}
		p.block(spec.Pos(), "the paused helper ("+path+"): from v1.11 it sets v1beta2 conditions, so the object's conditions move first", keepConditions)
		return true
	case mapped && s.Keep != "" && keptImports[s.Keep] != "":
		p.block(spec.Pos(), fmt.Sprintf("the file uses %s (%s)", keptImports[s.Keep], path), keepConditions)
		return true
	}
	return false
}

// usesName finds a use of the package spec imports, named name, in f.
func usesName(pass *analysis.Pass, f *ast.File, spec *ast.ImportSpec, name string) (token.Pos, bool) {
	pn := pass.TypesInfo.PkgNameOf(spec)
	if pn == nil {
		return token.NoPos, false
	}
	pos := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && pos == token.NoPos && sel.Sel.Name == name {
			if id, ok := sel.X.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == pn {
				pos = sel.Pos()
			}
		}
		return pos == token.NoPos
	})
	return pos, pos != token.NoPos
}

const keepConditions = "move the file's conditions first, by the guide's stages of \"How to start using metav1.conditions\"; then run the rewrite again"

type swap struct {
	spec     *ast.ImportSpec
	old, new string
	// beside: the file imports new too; kept values stay on this import.
	beside bool
	// keptUses counts the uses of this import inside kept values.
	keptUses int
}

type planner struct {
	pass  *analysis.Pass
	file  *ast.File
	src   []byte
	tf    *token.File
	built contract.Release
	to    contract.Release // the release the moved file builds against
	spell *imports.File
	swaps map[*types.PkgName]*swap
	plan  Plan
	done  map[ast.Node]bool        // selectors a call's rewrite covers
	refs  map[types.Object]refType // locals holding a reference that v1beta2 makes a value
	kept  map[ast.Node]bool        // values built for fields that keep v1beta1 types (split.go)
	// condSwaps are the condition utilities' imports that move: the
	// v1beta2 ones to util/conditions (conditions.go), the v1beta1 ones
	// to util/conditions/deprecated/v1beta1 (v1conditions.go).
	condSwaps []*swap
	// declared are the locals the plan declares (strptr.go).
	declared map[string]bool
	parents  map[ast.Node]ast.Node // parentMap's, built once

	// moving are the API packages' fields that take v1beta2 types (ForMoving).
	moving Moving
	// moved says whether another package's declaration takes the v1beta2
	// type with its own file's planned move (nil: none does).
	moved func(types.Object) bool
	// pkg caches what is read from the whole package (nil: no cache).
	pkg *Package
	// replaced counts the uses of imports in the type expressions the
	// plan replaces (literalRetype): an import left with none is dropped.
	replaced map[*types.PkgName]int
	// guardedOps are the comparisons guarded by each guard (guard.go).
	guardedOps map[string][]ast.Node
}

// For plans the move of f, a file of pass's package built against
// Cluster API release built. ok is false when f imports no v1beta1 API
// package that has a v1beta2 successor in built. api says the package
// declares API types: their fields' Cluster API types are schema, so the
// file keeps its imports. raising is set when go.mod is raised past
// v1.11 once the fixes apply (mpaudit rewrite --capi-version): the API
// packages built has at paths v1.11 moved go to their v1beta2 successors
// all the same, and util/patch stays util/patch (the release raised to
// takes v1beta2 objects there) unless the file names its owned-conditions
// option, whose types changed. to is the release the moved file builds
// against (built, or the one go.mod is raised to): the move names no
// v1beta2 name Cluster API added after it.
func For(pass *analysis.Pass, f *ast.File, built, to contract.Release, api, raising bool) (Plan, bool) {
	return ForMoving(pass, f, built, to, api, raising, &Package{})
}

// Package is what the plans of one package's files share: the caller's
// view of the other packages, and what the planner reads from the whole
// package, read once.
type Package struct {
	// Moving names the API packages' fields that take their v1beta2 types
	// after the fixes: the values built for them move with the file.
	Moving Moving
	// Moved says which declarations of other packages take the v1beta2
	// types with their own files' moves (a scope's Cluster field): the
	// condition calls on them move with this file, which then moves in
	// the same unit as theirs (the caller joins them). nil: none does.
	Moved func(types.Object) bool

	// Reached lists the v1beta1 API packages whose fields a file selects
	// on values other packages' moves hand it as v1beta2 (nil: none do).
	Reached func(*ast.File) []string

	patches map[string]patchClass // patchObjects' answers by helper path
	flows   map[string]keptFlow   // keptFlows' answers by the swapped packages
}

// ForMoving is For with pkg, shared by the plans of pass's files.
func ForMoving(pass *analysis.Pass, f *ast.File, built, to contract.Release, api, raising bool, pkg *Package) (Plan, bool) {
	tf := pass.Fset.File(f.Pos())
	if tf == nil {
		return Plan{}, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return Plan{}, false
	}
	p := newPlanner(pass, f, src, tf, built, to)
	p.moving = pkg.Moving
	p.moved = pkg.Moved
	p.pkg = pkg
	var conds, v1conds []*ast.ImportSpec
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		if raising && built.Less(contract.ReleaseV1Beta2) && contract.GoAPIStage1Copy(path) {
			// A copy the release built lacks: an earlier round moved the
			// import there for the provider's own stage-1 objects, which
			// its types no longer let this one judge.
			continue
		}
		if conditionImport(path, raising) {
			conds = append(conds, spec)
			continue
		}
		if v1beta1ConditionImport(path, built, raising) {
			v1conds = append(v1conds, spec)
			continue
		}
		if path == contract.PkgDeprecatedPatch && !api {
			if p.ownPatch(spec, path) {
				continue // it stays, for the provider's own stage-1 objects
			}
			// Listed either way: a blocked file says why it stays.
			p.plan.Imports = append(p.plan.Imports, spec)
			if pn := pass.TypesInfo.PkgNameOf(spec); pn != nil && pn.Name() != "_" && pn.Name() != "." && p.patchHelperMoves() {
				p.swaps[pn] = &swap{spec: spec, old: path, new: contract.PkgPatch, beside: importsPath(f, contract.PkgPatch)}
			}
			continue
		}
		if path == contract.PkgDeprecatedPaused && !api && p.ownPaused(spec, path) {
			continue // it stays, for the provider's own stage-1 object
		}
		if why, ok := keptImports[path]; ok && why != "" {
			p.block(spec.Pos(), fmt.Sprintf("the file uses %s (%s)", why, path), keepConditions)
			continue
		}
		s, ok := contract.GoAPIPackage(path, built)
		if raising && raiseBlocks(p, f, spec, path, s, ok) {
			continue
		}
		if !ok || (s.Keep != "" && !raising) || !contract.IsV1Beta1APIPackage(path, built) {
			continue
		}
		pn := pass.TypesInfo.PkgNameOf(spec)
		if pn == nil {
			continue
		}
		p.plan.Imports = append(p.plan.Imports, spec)
		if pn.Name() == "_" || pn.Name() == "." {
			p.block(spec.Pos(), "a "+map[bool]string{true: "blank", false: "dot"}[pn.Name() == "_"]+" import of "+path, "import it under a name, then run the rewrite again")
			continue
		}
		// Beside its successor, the import may spell the values kept for
		// fields that keep v1beta1 types (a file moved before).
		p.swaps[pn] = &swap{spec: spec, old: path, new: s.Successor, beside: s.Successor != "" && importsPath(f, s.Successor)}
	}
	var reached []string
	if pkg.Reached != nil && !api {
		reached = pkg.Reached(f)
	}
	// A file with no API import moves when it calls the condition
	// utilities and reaches values other packages' moves make v1beta2:
	// its calls follow those values (planned here, not as a reached file
	// whose utilities would keep their v1beta1 signatures).
	if len(p.plan.Imports) == 0 && (len(reached) == 0 || len(conds)+len(v1conds) == 0) {
		return Plan{}, false
	}
	if api {
		p.keepConditionImports(conds)
		p.keepV1Beta1ConditionImports(v1conds)
		p.block(p.plan.Imports[0].Pos(), setup.GoAPITypesKept,
			"they move with the provider's own migration to the v1beta2 contract (mpaudit rewrite's type fixes), not by swapping the import")
		return p.plan, true
	}
	// A test's registration moves with the objects it builds: the
	// whole file moves. Elsewhere the v1beta2 types join the v1beta1 ones;
	// a package other than main that also builds or reads the objects (a
	// test helper's scheme beside its object builders) moves the rest,
	// as the code that uses them does.
	if !strings.HasSuffix(tf.Name(), "_test.go") && f.Name.Name != "main" && p.registersAndMore() {
		p.scheme(true)
	} else if !strings.HasSuffix(tf.Name(), "_test.go") && p.scheme(false) {
		p.keepConditionImports(conds)
		p.keepV1Beta1ConditionImports(v1conds)
		if len(p.plan.Blockers) > 0 {
			p.plan.Edits = nil
		}
		return p.plan, true
	}
	p.markReached(reached)
	p.v1beta1ConditionMoves(v1conds)
	p.walk()
	p.plan.Kept = p.kept
	p.conditionMoves(conds)
	if len(p.plan.Blockers) > 0 {
		p.plan.Edits = nil
		return p.plan, true
	}
	for pn, sw := range p.swaps {
		if !sw.beside {
			continue
		}
		if sw.keptUses < p.uses(pn) {
			p.block(sw.spec.Pos(), fmt.Sprintf("%s is imported beside its successor %s and used for values that move", sw.old, sw.new), "spell those through the successor's import by hand, then run the rewrite again")
		}
	}
	if len(p.plan.Blockers) > 0 {
		p.plan.Edits = nil
		return p.plan, true
	}
	for _, sw := range slices.Concat(slices.Collect(maps.Values(p.swaps)), p.condSwaps) {
		if sw.beside || sw.spec == nil {
			continue // only kept values use it, or no import names it
		}
		text := strconv.Quote(sw.new)
		if sw.spec.Name == nil && p.pass.TypesInfo.PkgNameOf(sw.spec).Name() != path.Base(sw.new) {
			// Under the name the file already uses.
			text = p.pass.TypesInfo.PkgNameOf(sw.spec).Name() + " " + text
		}
		p.edit(sw.spec.Path.Pos(), sw.spec.Path.End(), text)
	}
	p.dropRetypedImports()
	return p.plan, true
}

func newPlanner(pass *analysis.Pass, f *ast.File, src []byte, tf *token.File, built, to contract.Release) *planner {
	return &planner{pass: pass, file: f, src: src, tf: tf, built: built, to: to, swaps: map[*types.PkgName]*swap{}, done: map[ast.Node]bool{}, refs: map[types.Object]refType{}, kept: map[ast.Node]bool{},
		spell: imports.New(pass.Fset, pass.TypesInfo, pass.Pkg, f)}
}

// ForReached plans f when it imports none of the v1beta1 API packages at
// paths but reaches their types through declarations of other packages
// whose move (go.mod raised past v1.11) gives them the v1beta2 types: its
// uses are rewritten as a moved file's are, with no import to swap. ok
// is false when none of paths is a v1beta1 API package with a successor.
func ForReached(pass *analysis.Pass, f *ast.File, built, to contract.Release, paths []string) (Plan, bool) {
	tf := pass.Fset.File(f.Pos())
	if tf == nil {
		return Plan{}, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return Plan{}, false
	}
	p := newPlanner(pass, f, src, tf, built, to)
	p.markReached(paths)
	if len(p.swaps) == 0 {
		return Plan{}, false
	}
	p.walk()
	if len(p.plan.Blockers) > 0 {
		p.plan.Edits = nil
		return p.plan, true
	}
	p.dropRetypedImports()
	return p.plan, true
}

// keepAllKept leaves an import of a v1beta1 package as it is when every
// use of it is in a value kept on v1beta1 (the condition types passed to
// the deprecated utilities on the provider's own objects): the file needs
// no second import for them, and a later run finds it settled.
func (p *planner) keepAllKept() {
	if len(p.kept) == 0 {
		return
	}
	var kept []ast.Node
	for n := range p.kept {
		kept = append(kept, n)
	}
	for pn, sw := range p.swaps {
		if sw.spec == nil || sw.beside {
			continue
		}
		uses, inKept := 0, 0
		ast.Inspect(p.file, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || p.pass.TypesInfo.Uses[id] != pn {
				return true
			}
			uses++
			if slices.ContainsFunc(kept, func(k ast.Node) bool { return k.Pos() <= id.Pos() && id.End() <= k.End() }) {
				inKept++
			}
			return true
		})
		if uses > 0 && uses == inKept {
			// The import stays for the kept values, as beside a successor;
			// its package's types, reached otherwise, still move.
			sw.beside = true
			p.plan.Imports = slices.DeleteFunc(p.plan.Imports, func(s *ast.ImportSpec) bool { return s == sw.spec })
		}
	}
}

// markReached marks the types of the v1beta1 API packages at paths that
// no import of the file names (values other packages' moves hand it):
// their uses are rewritten as the moved imports' are.
func (p *planner) markReached(paths []string) {
	for _, path := range paths {
		s, ok := contract.GoAPIPackage(path, p.built)
		if !ok || !contract.IsV1Beta1APIPackage(path, p.built) || p.swapped(path) {
			continue
		}
		pn := types.NewPkgName(token.NoPos, p.pass.Pkg, "", types.NewPackage(path, ""))
		p.swaps[pn] = &swap{old: path, new: s.Successor}
	}
}

func (p *planner) block(pos token.Pos, what, instead string) {
	p.plan.Blockers = append(p.plan.Blockers, Blocker{Pos: pos, What: what + ": " + instead})
}

func (p *planner) edit(pos, end token.Pos, text string) {
	p.plan.Edits = append(p.plan.Edits, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)})
}

func (p *planner) text(n ast.Node) string {
	return string(p.src[p.tf.Offset(n.Pos()):p.tf.Offset(n.End())])
}

// ref spells path.member at pos, adding the import when needed.
func (p *planner) ref(pos token.Pos, path, member string) (string, bool) {
	prefix, edits, ok := p.spell.Qualify(pos, path, member)
	if !ok {
		return "", false
	}
	p.plan.Edits = append(p.plan.Edits, edits...)
	return prefix + member, true
}

// refAs is ref, naming an added import preferred when it is free.
func (p *planner) refAs(pos token.Pos, path, member, preferred string) (string, bool) {
	prefix, edits, ok := p.spell.QualifyAs(pos, path, member, preferred)
	if !ok {
		return "", false
	}
	p.plan.Edits = append(p.plan.Edits, edits...)
	return prefix + member, true
}

// successorName names the v1beta2 import beside the v1beta1 one named
// name: clusterv1beta1 → clusterv1beta2, clusterv1 → clusterv1beta2.
func successorName(name string) string {
	if strings.Contains(name, "v1beta1") {
		return strings.Replace(name, "v1beta1", "v1beta2", 1)
	}
	return strings.TrimSuffix(name, "v1") + "v1beta2"
}

// scheme plans a file that registers a v1beta1 package's types in a
// scheme: the v1beta2 types are registered beside them, so that the
// objects of either version the program's code still uses keep decoding.
// The rest of such a file stays as it is, unless moving: then the file
// moves, the v1beta1 registration kept beside its moved self.
func (p *planner) scheme(moving bool) bool {
	found := false
	ast.PreorderStack(p.file, nil, func(n ast.Node, ancestors []ast.Node) bool {
		stack := append(ancestors, n) // n and the nodes above it
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "AddToScheme" {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		pn, ok := p.pass.TypesInfo.Uses[x].(*types.PkgName)
		if !ok || p.swaps[pn] == nil {
			return true
		}
		found = true
		sw := p.swaps[pn]
		if p.imports(sw.new) {
			return true // the file registers the v1beta2 types already
		}
		name, ok := p.text(sel), true // the swapped import's, once moved
		if moving {
			p.kept[sel] = true
		} else {
			name, ok = p.refAs(sel.Pos(), sw.new, "AddToScheme", successorName(pn.Name()))
		}
		if !ok {
			p.block(sel.Pos(), "the v1beta2 AddToScheme cannot be named here", "register "+sw.new+" beside "+sw.old+" by hand")
			return true
		}
		// The statement (or list element) that holds the reference,
		// repeated with the v1beta2 registration.
		for i := len(stack) - 2; i >= 0; i-- {
			switch outer := stack[i].(type) {
			case *ast.ExprStmt, *ast.AssignStmt:
				if as, ok := outer.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					i = 0 // repeated, it would declare its names again
					continue
				}
				if _, inBlock := stack[i-1].(*ast.BlockStmt); !inBlock {
					i = 0
					continue
				}
				text := p.text(outer)
				at := int(sel.Pos() - outer.Pos())
				text = text[:at] + name + text[at+len(p.text(sel)):]
				p.edit(outer.End(), outer.End(), "\n"+indentOf(p.src, p.tf.Offset(outer.Pos()))+text)
				return true
			case *ast.CompositeLit:
				if stack[i+1] == sel {
					p.edit(sel.End(), sel.End(), ", "+name)
					return true
				}
			case *ast.BlockStmt, *ast.FuncDecl:
				i = 0
			}
		}
		p.block(sel.Pos(), "a v1beta1 scheme registration the rewrite cannot repeat", "register "+sw.new+" beside "+sw.old+" by hand")
		return true
	})
	if !found || moving {
		return found
	}
	p.plan.Scheme = true
	if len(p.plan.Blockers) > 0 {
		p.plan.Edits = nil
	}
	return true
}

// registersAndMore reports whether the file registers a swapped
// package's types in a scheme and uses that package otherwise too.
func (p *planner) registersAndMore() bool {
	registers, other := false, false
	ast.Inspect(p.file, func(n ast.Node) bool {
		if sel, _, ok := p.swappedSelector(n); ok {
			if sel.Sel.Name == "AddToScheme" {
				registers = true
			} else {
				other = true
			}
		}
		return true
	})
	return registers && other
}

// swappedSelector is n when it selects a member of a swapped package
// (pkg.Name), with that package's name.
func (p *planner) swappedSelector(n ast.Node) (*ast.SelectorExpr, *types.PkgName, bool) {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	pn, ok := p.pass.TypesInfo.Uses[x].(*types.PkgName)
	if !ok || p.swaps[pn] == nil {
		return nil, nil, false
	}
	return sel, pn, true
}

// imports reports whether the file imports the package at path.
func (p *planner) imports(path string) bool {
	for _, spec := range p.file.Imports {
		if q, err := strconv.Unquote(spec.Path.Value); err == nil && q == path {
			return true
		}
	}
	return false
}

// indentOf is the whitespace that starts the line holding offset.
func indentOf(src []byte, offset int) string {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

func (p *planner) walk() {
	p.findKept()
	p.keepAllKept()
	ast.PreorderStack(p.file, nil, func(n ast.Node, parents []ast.Node) bool {
		if p.kept[n] {
			p.keep(n)
			return false
		}
		if p.done[n] {
			return true
		}
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok {
				if pn, ok := p.pass.TypesInfo.Uses[x].(*types.PkgName); ok {
					if sw := p.swaps[pn]; sw != nil {
						p.symbol(n, sw)
					}
					return true
				}
			}
			p.selection(n, parents)
		case *ast.Ident:
			if r, ok := p.refs[p.pass.TypesInfo.Uses[n]]; ok {
				p.refUse(n, r, parents)
			}
		case *ast.CompositeLit:
			p.literal(n)
		case *ast.CallExpr:
			p.externalGet(n)
		}
		return true
	})
}

// v1beta1Reason is the name v1beta2's package sw.new keeps an untyped
// string constant of the v1beta1 conditions under (DeletedReason →
// DeletedV1Beta1Reason, the same value), for a constant with no successor
// of its own; ok is false for any other symbol, a typed one included
// (its v1beta2 namesake's type is another package's).
func (p *planner) v1beta1Reason(sel *ast.SelectorExpr, sw *swap) (string, bool) {
	c, ok := p.pass.TypesInfo.Uses[sel.Sel].(*types.Const)
	if !ok {
		return "", false
	}
	if b, ok := c.Type().(*types.Basic); !ok || b.Kind() != types.UntypedString {
		return "", false
	}
	to, ok := contract.GoAPIV1Beta1ConditionName(sw.old, sel.Sel.Name, p.built)
	if !ok {
		return "", false
	}
	return strings.CutPrefix(to, sw.new+".")
}

// symbol rewrites or blocks a reference to a package-level symbol of a
// swapped package.
func (p *planner) symbol(sel *ast.SelectorExpr, sw *swap) {
	name := sel.Sel.Name
	if s, ok := contract.GoAPISymbol(sw.old, name, p.built); ok {
		newName, same := strings.CutPrefix(s.Successor, sw.new+".")
		if s.Class != contract.ChangeSame || !same {
			if kept, ok := p.v1beta1Reason(sel, sw); ok {
				// A v1beta1 reason read as a string: v1beta2 keeps its
				// value under the v1beta1 conditions' name.
				p.edit(sel.Sel.Pos(), sel.Sel.End(), kept)
				return
			}
			p.block(sel.Pos(), fmt.Sprintf("%s.%s", sw.old, name), contract.GoSymbolAdvice(s))
			return
		}
		if newName != name {
			p.edit(sel.Sel.Pos(), sel.Sel.End(), newName)
		}
		name = newName
	}
	if has, ok := contract.GoAPIV1Beta2Has(sw.new, name, p.to); ok && !has {
		if since := contract.GoAPIV1Beta2Later(sw.new+"."+name, p.to); since != "" {
			p.block(sel.Pos(), fmt.Sprintf("%s.%s", sw.old, name), fmt.Sprintf("v1beta2's %s is in Cluster API from %s, and the code builds against %s: raise the module's Cluster API requirement first", name, since, p.to))
			return
		}
		p.block(sel.Pos(), fmt.Sprintf("%s.%s", sw.old, name), "v1beta2 has no "+name+"; see the guide's annex of imports for its successor")
	}
}

// structKey names the v1beta1 struct type under t as the Go API map does.
func (p *planner) structKey(t types.Type) (string, bool) {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return "", false
	}
	path := named.Obj().Pkg().Path()
	if !p.swapped(path) {
		return "", false
	}
	key := path + "." + named.Obj().Name()
	if _, ok := structs[key]; !ok {
		// A release before v1.11: the map keys the types at the path
		// v1.11 keeps them (api/v1beta1 → api/core/v1beta1).
		if s, found := contract.GoAPIPackage(path, p.built); found && s.Keep != "" {
			key = s.Keep + "." + named.Obj().Name()
		}
	}
	_, ok = structs[key]
	return key, ok
}

var structs = contract.GoAPIStructs()

func (p *planner) swapped(path string) bool {
	for _, sw := range p.swaps {
		if sw.old == path {
			return true
		}
	}
	return false
}

// chain is a field selection chain read from its last selector inward,
// from the first value in it of a struct type the map places.
type chain struct {
	base    ast.Expr // the value of that struct type
	key     string   // its type
	path    string   // the fields from it ("A.B[].C")
	indexed bool     // the path crosses a list or map element
	promote bool     // a field is reached through embedding
}

func (p *planner) chainOf(sel *ast.SelectorExpr) (chain, bool) {
	var c chain
	var segs []string
	found := false
	var e ast.Expr = sel
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s, ok := p.pass.TypesInfo.Selections[x]
			if !ok || s.Kind() != types.FieldVal {
				return c, found
			}
			segs = append([]string{x.Sel.Name}, segs...)
			if key, ok := p.structKey(s.Recv()); ok {
				c = chain{base: x.X, key: key, path: joinPath(segs), indexed: c.indexed, promote: c.promote || len(s.Index()) > 1}
				found = true
			} else if len(s.Index()) > 1 {
				c.promote = true
			}
			e = x.X
		case *ast.IndexExpr:
			t := p.pass.TypesInfo.TypeOf(x.X)
			if t == nil {
				return c, found
			}
			switch t.Underlying().(type) {
			case *types.Slice, *types.Array:
				segs = append([]string{"[]"}, segs...)
			case *types.Map:
				segs = append([]string{"{}"}, segs...)
			default:
				return c, found
			}
			c.indexed = true
			e = x.X
		default:
			return c, found
		}
	}
}

func joinPath(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i > 0 && n != "[]" && n != "{}" {
			b.WriteByte('.')
		}
		b.WriteString(n)
	}
	return b.String()
}

// selection handles a field selection whose chain starts on a mapped
// struct: a changed leaf is rewritten for its context, a struct used
// whole passes when its fields stay where they were.
func (p *planner) selection(sel *ast.SelectorExpr, parents []ast.Node) {
	s, ok := p.pass.TypesInfo.Selections[sel]
	if ok && (s.Kind() == types.MethodVal || s.Kind() == types.MethodExpr) {
		if x, isSel := ast.Unparen(sel.X).(*ast.SelectorExpr); isSel {
			if rt, isRef := p.refTypeOf(x); isRef {
				if has, _ := contract.GoAPIV1Beta2Method(rt.pkg, rt.name, sel.Sel.Name, p.to); !has && !p.groupKind(sel, slices.Concat(parents, []ast.Node{sel}), rt) {
					p.block(sel.Sel.Pos(), fmt.Sprintf("%s.%s: v1beta2 holds the reference as a %s, which has no %s", p.text(x), sel.Sel.Name, rt.name, sel.Sel.Name),
						"read the referred object with external.GetObjectFromContractVersionedRef and the referring object's namespace, then run the rewrite again")
				}
				return
			}
		}
		p.method(sel, s)
		return
	}
	if !ok || s.Kind() != types.FieldVal {
		return
	}
	c, ok := p.chainOf(sel)
	if !ok {
		return
	}
	changes, rootPath, ok := contract.GoAPIFieldsAt(c.key, c.path)
	if !ok {
		return // below a leaf: the leaf's selector judges it
	}
	full := c.path
	if rootPath != "" {
		full = rootPath + "." + c.path
	}
	parent := parentOf(parents, sel)
	continued := false
	switch x := parent.(type) {
	case *ast.SelectorExpr:
		continued = ast.Unparen(x.X) == ast.Expr(sel)
	case *ast.IndexExpr:
		continued = ast.Unparen(x.X) == ast.Expr(sel)
	}
	var leaf *contract.GoFieldChange
	for i := range changes {
		if changes[i].Old == full {
			leaf = &changes[i]
		}
	}
	if leaf == nil {
		if continued {
			return // the selection goes on: judged at its end
		}
		p.whole(sel, c, full, changes, parents)
		return
	}
	if rootPath != "" && leaf.Class == contract.ChangeSame && p.sameBelow(c.key, c.path) {
		// A value of the struct held apart from its root (a local, an
		// element of another object's list): where the root moves it
		// does not matter, its v1beta2 namesake has the field.
		return
	}
	p.leaf(sel, c, rootPath, *leaf, parents)
}

// sameBelow reports whether the field path (Go field names joined by ".",
// no list or map element) of the struct key ("path.Type") is a field of
// the same name in its v1beta2 namesake at every step.
func (p *planner) sameBelow(key, path string) bool {
	dot := strings.LastIndexByte(key, '.')
	if dot < 0 || strings.ContainsAny(path, "[{") {
		return false
	}
	old, typ := key[:dot], key[dot+1:]
	pkg := ""
	for _, sw := range p.swaps {
		if s, found := contract.GoAPIPackage(sw.old, p.built); sw.old == old || found && s.Keep == old {
			pkg = sw.new
		}
	}
	if pkg == "" {
		return false
	}
	for seg := range strings.SplitSeq(path, ".") {
		next, _, ok := contract.GoAPIV1Beta2Field(pkg, typ, seg, p.to)
		if !ok {
			return false
		}
		typ = next
	}
	return true
}

// method blocks a call of a method of a swapped package's type that its
// v1beta2 namesake lacks, and of the condition accessors, whose v1beta2
// namesakes take metav1 conditions (the condition migration's).
func (p *planner) method(sel *ast.SelectorExpr, s *types.Selection) {
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return
	}
	t := recv.Type()
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return
	}
	for _, sw := range p.swaps {
		if sw.old != named.Obj().Pkg().Path() {
			continue
		}
		subject := named.Obj().Name() + "." + fn.Name()
		if strings.Contains(fn.Name(), "Condition") {
			p.block(sel.Sel.Pos(), "the v1beta1 condition accessor "+subject, keepConditions)
		} else if has, ok := contract.GoAPIV1Beta2Method(sw.new, named.Obj().Name(), fn.Name(), p.to); ok && !has {
			p.block(sel.Sel.Pos(), subject, "v1beta2's "+named.Obj().Name()+" has no "+fn.Name()+": see the guide for its successor")
		}
		return
	}
}

// whole judges a struct, list or map used as a value: its v1beta2
// namesake serves when every field below it stays at its path.
func (p *planner) whole(sel *ast.SelectorExpr, c chain, full string, changes []contract.GoFieldChange, parents []ast.Node) {
	if rt, ok := p.refTypeOf(sel); ok {
		// A pointer v1beta2 holds as a value: a nil check moves to
		// IsDefined, a local copy is followed; anything else (a nil check
		// without IsDefined, the pointer passed on) keeps the file.
		if !p.reference(sel, parents) {
			p.block(sel.Sel.Pos(), fmt.Sprintf("%s.%s is used as a pointer, and v1beta2 holds a %s value", shortKey(c.key), c.path, rt.name), "rewrite it by hand")
		}
		return
	}
	for _, ch := range changes {
		if ch.Class == contract.ChangeSame && !ch.Moved {
			continue
		}
		// The value itself is a reference, a map that becomes a list, or
		// is retyped or moved: its v1beta2 namesake does not serve.
		here := ch.Class == contract.ChangeReference && strings.HasPrefix(ch.Old, full+".") && !strings.Contains(ch.Old[len(full)+1:], ".") ||
			ch.Class == contract.ChangeMapToList && strings.HasPrefix(ch.Old, full+"{}")
		within := !ch.Moved || len(ch.New) > 0 && (strings.HasPrefix(ch.New[0], full+".") || strings.HasPrefix(ch.New[0], full+"["))
		if !here && within && ch.Old != full && ch.Class != contract.ChangeRetyped {
			continue // a field below: its own selections are judged
		}
		p.block(sel.Sel.Pos(), fmt.Sprintf("%s.%s is used whole, and v1beta2 changes %s (%s)", shortKey(c.key), c.path, ch.Old, ch.Class), instruction(ch))
		return
	}
}

func shortKey(key string) string { return key[strings.LastIndexByte(key, '/')+1:] }

// instruction is the guide's instruction for a change no fix makes.
func instruction(ch contract.GoFieldChange) string {
	to := strings.Join(ch.New, " and ")
	switch ch.Class {
	case contract.ChangeReference:
		return "v1beta2 holds a ContractVersionedObjectReference (apiGroup, kind, name; no version, namespace or uid): read the object with external.GetObjectFromContractVersionedRef and the referring object's namespace" + toPath(to)
	case contract.ChangeMapToList:
		// Failure domains and kubeadm's extra args alike: the key is a field.
		return "v1beta2 holds the map as a list whose entries carry the key as a field" + toPath(to) + ": range over the list instead of indexing the map"
	case contract.ChangeRemoved:
		return "v1beta2 does not carry it: drop the use (terminal failures become conditions)"
	case contract.ChangeRetyped:
		return "v1beta2 retypes it to " + ch.NewType + toPath(to) + ": map the value by hand"
	}
	return "rewrite it for " + ch.NewType + toPath(to) + " by hand"
}

func toPath(to string) string {
	if to == "" {
		return ""
	}
	return " (now " + to + ")"
}

// parentOf is the innermost of parents (the nodes above n, outermost
// first) that is not a parenthesis.
func parentOf(parents []ast.Node, n ast.Node) ast.Node {
	for _, p := range slices.Backward(parents) {
		if _, ok := p.(*ast.ParenExpr); !ok {
			return p
		}
	}
	return nil
}

// newText is the chain at the successor's path, from the chain's base.
func (p *planner) newText(sel *ast.SelectorExpr, c chain, rootPath string, ch contract.GoFieldChange) (string, bool) {
	if !ch.Moved {
		return p.text(sel), true
	}
	if c.indexed || c.promote || len(ch.New) != 1 {
		return "", false
	}
	rel := ch.New[0]
	if rootPath != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(rel, rootPath+"."); !ok {
			return "", false
		}
	}
	if !p.safePath(c.base, rel) {
		return "", false
	}
	return p.text(c.base) + "." + rel, true
}

// safePath reports whether the v1beta2 namesake of base's type has the
// fields of rel, none of them but the last through a pointer: a moved
// read must not panic where the v1beta1 one did not
// (status.deprecated.v1beta1 is a pointer that is nil on most objects).
func (p *planner) safePath(base ast.Expr, rel string) bool {
	t := p.pass.TypesInfo.TypeOf(base)
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	pkg := ""
	for _, sw := range p.swaps {
		if sw.old == named.Obj().Pkg().Path() {
			pkg = sw.new
		}
	}
	typ := named.Obj().Name()
	segs := strings.Split(rel, ".")
	for i, name := range segs {
		next, pointer, ok := contract.GoAPIV1Beta2Field(pkg, typ, name, p.to)
		if !ok || i < len(segs)-1 && (pointer || next == "") {
			return false
		}
		typ = next
	}
	return true
}

// zero is the Go literal of the zero value of basic type t ("" when t is
// not basic, or unknown in a package that did not type-check).
func zero(t types.Type) string {
	if t == nil {
		return ""
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return ""
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return "false"
	case b.Info()&types.IsString != 0:
		return `""`
	case b.Info()&types.IsNumeric != 0:
		return "0"
	}
	return ""
}

// isCall reports whether e calls path.name (ptr.To, ptr.Deref), generic
// instantiation included, and returns the call.
func (p *planner) isCall(e ast.Expr, path, name string) (*ast.CallExpr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.Ident:
		id = f
	}
	if id == nil {
		return nil, false
	}
	obj, ok := p.pass.TypesInfo.Uses[id].(*types.Func)
	return call, ok && obj.Pkg() != nil && obj.Pkg().Path() == path && obj.Name() == name
}

// pointee is the value a pointer expression points to, as source: &x and
// ptr.To(x) give x, nil gives "" with isNil.
func (p *planner) pointee(e ast.Expr) (text string, isNil, ok bool) {
	e = ast.Unparen(e)
	if id, isID := e.(*ast.Ident); isID && p.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		return "", true, true
	}
	if u, isU := e.(*ast.UnaryExpr); isU && u.Op == token.AND {
		if _, lit := ast.Unparen(u.X).(*ast.CompositeLit); !lit {
			return p.text(u.X), false, true
		}
	}
	if call, isTo := p.isCall(e, ptrPkg, "To"); isTo && len(call.Args) == 1 {
		return p.text(call.Args[0]), false, true
	}
	return "", false, false
}

// constZero reports whether e is a constant and whether it is its type's
// zero value.
func (p *planner) constZero(e ast.Expr) (isConst, isZero bool) {
	tv, ok := p.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false, false
	}
	switch tv.Value.Kind() {
	case constant.Bool:
		return true, !constant.BoolVal(tv.Value)
	case constant.String:
		return true, constant.StringVal(tv.Value) == ""
	case constant.Int, constant.Float:
		return true, constant.Sign(tv.Value) == 0
	}
	return true, false
}

// importsPath reports whether f imports the package at path.
func importsPath(f *ast.File, path string) bool {
	return slices.ContainsFunc(f.Imports, func(spec *ast.ImportSpec) bool {
		p, err := strconv.Unquote(spec.Path.Value)
		return err == nil && p == path
	})
}

// retyped notes the imports named in e, a type expression the plan
// replaces.
func (p *planner) retyped(e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := p.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				if p.replaced == nil {
					p.replaced = map[*types.PkgName]int{}
				}
				p.replaced[pn]++
			}
		}
		return true
	})
}

// dropRetypedImports deletes the import of each package whose every use
// the plan replaced: Go rejects an unused import.
func (p *planner) dropRetypedImports() {
	for pn, n := range p.replaced {
		if _, swapped := p.swaps[pn]; swapped || n < p.uses(pn) {
			continue
		}
		for _, spec := range p.file.Imports {
			if p.pass.TypesInfo.PkgNameOf(spec) != pn {
				continue
			}
			// The spec's whole line, when it holds nothing else.
			start, end := p.tf.Offset(spec.Pos()), p.tf.Offset(spec.End())
			if spec.Comment != nil {
				end = p.tf.Offset(spec.Comment.End())
			}
			for start > 0 && (p.src[start-1] == ' ' || p.src[start-1] == '\t') {
				start--
			}
			if start == 0 || p.src[start-1] != '\n' || end >= len(p.src) || p.src[end] != '\n' {
				continue // shares its line: left for goimports
			}
			p.edit(p.tf.Pos(start), p.tf.Pos(end+1), "")
		}
	}
}

// uses counts the uses of the imported package pn in the file.
func (p *planner) uses(pn *types.PkgName) int {
	n := 0
	ast.Inspect(p.file, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok && p.pass.TypesInfo.Uses[id] == pn {
			n++
		}
		return true
	})
	return n
}
