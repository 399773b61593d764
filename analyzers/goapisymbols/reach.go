package goapisymbols

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/analyzers/internal/goapifix"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
)

// Moved is the fact on a declaration whose type a planned move to the
// v1beta2 Go API changes (a field, parameter or result of a v1beta1 type):
// the packages that use it move in the same unit, Unit, even when they
// import no Cluster API package and reach the v1beta1 types only through
// it (mpaudit rewrite --capi-version).
type Moved struct{ Unit string }

func (*Moved) AFact() {}

func (m *Moved) String() string { return "moves in " + m.Unit }

// hasForeignMoves reports whether a package pass's package imports has a
// declaration a planned move changes.
func hasForeignMoves(pass *analysis.Pass) bool {
	for _, of := range pass.AllObjectFacts() {
		if of.Object.Pkg() != pass.Pkg {
			return true
		}
	}
	return false
}

// reached are the units of the other packages' planned moves whose
// changed declarations f uses, and the v1beta1 API packages whose fields
// f selects (the types those declarations hand it).
func reached(pass *analysis.Pass, f *ast.File, built contract.Release) (units, paths []string) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			obj := pass.TypesInfo.Uses[n]
			if obj == nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
				return true
			}
			var m Moved
			if pass.ImportObjectFact(obj, &m) && !slices.Contains(units, m.Unit) {
				units = append(units, m.Unit)
			}
		case *ast.SelectorExpr:
			s, ok := pass.TypesInfo.Selections[n]
			if !ok || s.Kind() != types.FieldVal {
				return true
			}
			recv := s.Recv()
			if p, ok := types.Unalias(recv).(*types.Pointer); ok {
				recv = p.Elem()
			}
			if named, ok := types.Unalias(recv).(*types.Named); ok && named.Obj().Pkg() != nil {
				if path := named.Obj().Pkg().Path(); contract.IsV1Beta1APIPackage(path, built) && !slices.Contains(paths, path) {
					paths = append(paths, path)
				}
			}
		}
		return true
	})
	slices.Sort(units)
	return units, paths
}

// planReached plans, for the package's files that use another package's
// changed declarations, the uses of the v1beta1 types those hand them: a
// file that imports no v1beta1 API package is planned here (goapifix
// plans the others), and blocked when it also reaches v1beta1 types
// through a declaration that keeps them. Each file records the units it
// joins.
func planReached(pass *analysis.Pass, files []*ast.File, out map[*ast.File]*filePlan, built, to contract.Release) {
	for _, f := range files {
		units, paths := reached(pass, f, built)
		if fp := out[f]; fp != nil {
			fp.joins = units
			blockKeptParams(pass, f, fp, built)
			continue
		}
		if len(units) == 0 {
			continue
		}
		plan, ok := goapifix.ForReached(pass, f, built, to, paths)
		if !ok {
			continue
		}
		plan.Blockers = append(plan.Blockers, keptReach(pass, f, built, to)...)
		if len(plan.Blockers) > 0 {
			plan.Edits = nil
		}
		out[f] = &filePlan{Plan: plan, name: fileName(pass, f), joins: units, at: f.Name.Pos()}
	}
}

// keptReach are the uses in f of other packages' declarations of v1beta1
// types that no planned move changes: rewritten, they would no longer
// build. A Cluster API function whose signature at to takes the v1beta2
// types instead (util.IsControlPlaneMachine from v1.11) is not one: the
// moved values are what it takes there.
func keptReach(pass *analysis.Pass, f *ast.File, built, to contract.Release) []goapifix.Blocker {
	var out []goapifix.Blocker
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg || contract.IsV1Beta1APIPackage(obj.Pkg().Path(), built) {
			return true
		}
		if _, isType := obj.(*types.TypeName); isType || !holdsV1Beta1(obj.Type(), built) {
			return true
		}
		if takesV1Beta2At(obj, built, to) {
			return true
		}
		if !pass.ImportObjectFact(obj, new(Moved)) {
			out = append(out, goapifix.Blocker{Pos: id.Pos(), What: obj.Pkg().Name() + "." + obj.Name() + " keeps its v1beta1 type (its file's move is blocked or withheld): move it first, then run the rewrite again"})
		}
		return true
	})
	return out
}

// takesV1Beta2At reports whether obj is a function whose signature moves
// from v1beta1 API types to their v1beta2 successors after built and by
// to (contract's signature changes).
func takesV1Beta2At(obj types.Object, built, to contract.Release) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() != nil {
		return false
	}
	for _, c := range contract.GoAPISignatureChanges(fn.Pkg().Path(), fn.Name(), built, to) {
		if c.V1Beta2 {
			return true
		}
	}
	return false
}

// holdsV1Beta1 reports whether t is a v1beta1 API type, or a pointer,
// list, map or signature of one (not the fields of other structs: their
// own declarations say).
func holdsV1Beta1(t types.Type, built contract.Release) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Pkg() != nil && contract.IsV1Beta1APIPackage(t.Obj().Pkg().Path(), built)
	case *types.Pointer:
		return holdsV1Beta1(t.Elem(), built)
	case *types.Slice:
		return holdsV1Beta1(t.Elem(), built)
	case *types.Array:
		return holdsV1Beta1(t.Elem(), built)
	case *types.Map:
		return holdsV1Beta1(t.Key(), built) || holdsV1Beta1(t.Elem(), built)
	case *types.Signature:
		for v := range t.Params().Variables() {
			if holdsV1Beta1(v.Type(), built) {
				return true
			}
		}
		for v := range t.Results().Variables() {
			if holdsV1Beta1(v.Type(), built) {
				return true
			}
		}
	}
	return false
}

// exportMoved marks the exported declarations of f (moving in the unit
// typ) whose type the move changes, for the packages that use them, and
// reports whether there were any: a
// parameter the move keeps on v1beta1 (kept, split.go) changes nothing.
func exportMoved(pass *analysis.Pass, f *ast.File, typ string, kept map[ast.Node]bool, built contract.Release) bool {
	done := false
	changes := func(e ast.Expr) bool {
		return e != nil && !kept[e] && mentionsV1Beta1(pass.TypesInfo.TypeOf(e), built, pass.Pkg, map[types.Type]bool{})
	}
	export := func(id *ast.Ident) {
		if obj := pass.TypesInfo.Defs[id]; obj != nil && obj.Exported() {
			pass.ExportObjectFact(obj, &Moved{Unit: typ})
			done = true
		}
	}
	fields := func(fl *ast.FieldList, each func(*ast.Field)) {
		if fl != nil {
			for _, fd := range fl.List {
				each(fd)
			}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			changed := false
			check := func(fd *ast.Field) { changed = changed || changes(fd.Type) }
			fields(d.Type.Params, check)
			fields(d.Type.Results, check)
			if changed {
				export(d.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					ast.Inspect(spec.Type, func(n ast.Node) bool {
						st, ok := n.(*ast.StructType)
						if !ok {
							return true
						}
						fields(st.Fields, func(fd *ast.Field) {
							if changes(fd.Type) {
								for _, name := range fd.Names {
									export(name)
								}
							}
						})
						return true
					})
				case *ast.ValueSpec:
					for _, name := range spec.Names {
						if obj := pass.TypesInfo.Defs[name]; obj != nil && mentionsV1Beta1(obj.Type(), built, pass.Pkg, map[types.Type]bool{}) {
							export(name)
						}
					}
				}
			}
		}
	}
	return done
}

// unitType is the unit fp's fix is owned by: the first unit of another
// package it joins, else its group's.
func unitType(pass *analysis.Pass, fp *filePlan) string {
	if len(fp.joins) > 0 {
		return fp.joins[0]
	}
	return setup.GoAPIFileUnit(pass.Pkg.Path(), fp.unit)
}

// blockKeptParams blocks fp, the move of f, at the arguments it passes
// to parameters that keep v1beta1 types (keptParams).
func blockKeptParams(pass *analysis.Pass, f *ast.File, fp *filePlan, built contract.Release) {
	if len(fp.Blockers) == 0 && len(fp.Edits) > 0 && !fp.Scheme {
		if b := keptParams(pass, f, built); len(b) > 0 {
			fp.Blockers, fp.Edits = b, nil
		}
	}
}

// keptParams are the arguments f, a moved file, passes to parameters of
// v1beta1 types that its module's other packages declare and no planned
// move changes (a parameter that feeds a field of the provider's own API
// types keeps its type, split.go): the argument, moved to v1beta2, would
// no longer fit. Cluster API offers no conversion that fits in place of
// an argument (its Convert_* functions fill an out parameter), so the file
// keeps v1beta1 and names the call.
func keptParams(pass *analysis.Pass, f *ast.File, built contract.Release) []goapifix.Blocker {
	gomod, ok := contract.FindGoMod(filepath.Dir(pass.Fset.File(f.Pos()).Name()))
	if !ok {
		return nil
	}
	root := filepath.Dir(gomod) + string(filepath.Separator)
	var out []goapifix.Blocker
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !strings.HasPrefix(pass.Fset.File(fn.Pos()).Name(), root) || pass.ImportObjectFact(fn, new(Moved)) {
			return true
		}
		params := fn.Signature().Params()
		for i, arg := range call.Args {
			if i >= params.Len() || fn.Signature().Variadic() && i >= params.Len()-1 {
				break
			}
			if holdsV1Beta1(params.At(i).Type(), built) && holdsV1Beta1(pass.TypesInfo.TypeOf(arg), built) {
				out = append(out, goapifix.Blocker{Pos: arg.Pos(), What: fmt.Sprintf("%s.%s keeps its parameter %s of type %s, which the move would give the v1beta2 type: convert the argument by hand (Cluster API's v1beta1 package has Convert_v1beta2_* functions), or move the parameter too, then run the rewrite again",
					fn.Pkg().Name(), fn.Name(), params.At(i).Name(), types.TypeString(params.At(i).Type(), (*types.Package).Name))})
			}
		}
		return true
	})
	return out
}
