package goapifix

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/analyzers/internal/params"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/patchhelper"
)

// The hybrid: the provider's own objects may stay at the guide's stage 1
// (v1beta1 status.conditions through GetConditions, the metav1 ones under
// status.v1beta2 through GetV1Beta2Conditions) while a file's core objects
// move to v1beta2. From v1.11 the deprecated copies of the utilities
// (contract.GoAPIStage1Home) serve exactly such objects with the same
// code, so a use on one goes there, the v1beta1 condition types passed to
// it spelled through the kept v1beta1 import: the file moves, and the
// conditions the controller writes and patches stay the same.

// ownStage1 reports whether e is an object of the provider's own API (a
// named type of another package that declares objects, not one of Cluster
// API's) with accessor, the stage-1 one a utility reads: GetConditions
// returning v1beta1 conditions, or GetV1Beta2Conditions.
func (p *planner) ownStage1(e ast.Expr, accessor string) bool {
	named, ok := p.ownObjectType(p.pass.TypesInfo.TypeOf(e))
	return ok && stage1Accessor(named, accessor, p.built)
}

// ownObjectType is t's named type (through one pointer) when it is
// declared by the provider's own API: another package than the file's,
// that declares objects, and that the Go API map does not know.
func (p *planner) ownObjectType(t types.Type) (*types.Named, bool) {
	if t == nil || types.IsInterface(t) {
		return nil, false
	}
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, false
	}
	pkg := named.Obj().Pkg()
	if pkg == p.pass.Pkg || p.swapped(pkg.Path()) {
		return nil, false
	}
	if _, mapped := contract.GoAPIPackage(pkg.Path(), p.built); mapped {
		return nil, false
	}
	return named, DeclaresObjects(pkg)
}

// stage1Accessor reports whether named's pointer has accessor with the
// stage-1 result: GetConditions returns a v1beta1 API package's
// Conditions (stage 2 returns metav1 ones); GetV1Beta2Conditions is
// stage 1's by its name.
func stage1Accessor(named *types.Named, accessor string, built contract.Release) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, nil, accessor)
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	res := fn.Signature().Results()
	if accessor != "GetConditions" {
		return true
	}
	if res.Len() != 1 {
		return false
	}
	rt, ok := types.Unalias(res.At(0).Type()).(*types.Named)
	return ok && rt.Obj().Pkg() != nil && contract.IsV1Beta1APIPackage(rt.Obj().Pkg().Path(), built)
}

// onOwnObject reports whether call, of a condition utility, passes the
// provider's own stage-1 object (with accessor) where the utility takes
// the object whose conditions it reads or writes.
func (p *planner) onOwnObject(call *ast.CallExpr, accessor string) bool {
	return slices.ContainsFunc(p.objectArgs(call), func(arg ast.Expr) bool { return p.ownStage1(arg, accessor) })
}

// objectArgs are the arguments call passes for the object parameters of
// the utility it calls.
func (p *planner) objectArgs(call *ast.CallExpr) []ast.Expr {
	fn, ok := typeutil.Callee(p.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for i, arg := range call.Args {
		if pt := params.TypeOf(fn.Signature(), i, call.Ellipsis.IsValid()); pt != nil && p.objectParam(pt, fn.Pkg()) {
			out = append(out, arg)
		}
	}
	return out
}

// ofInterfaceIn reports whether e's static type is an interface the
// package at path declares (a helper's conditions.Getter parameter): the
// value is whatever its callers pass.
func (p *planner) ofInterfaceIn(e ast.Expr, path string) bool {
	named, ok := types.Unalias(p.pass.TypesInfo.TypeOf(e)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != path {
		return false
	}
	_, isInterface := named.Underlying().(*types.Interface)
	return isInterface
}

// stage1Object reports whether t is an object of the provider's own API
// with either stage-1 accessor: one the v1beta1 patch helper handles.
func (p *planner) stage1Object(t types.Type) bool {
	named, ok := p.ownObjectType(t)
	return ok && (stage1Accessor(named, "GetConditions", p.built) || stage1Accessor(named, "GetV1Beta2Conditions", p.built))
}

// patchUse is what the package's patch helpers patch.
type patchUse int

const (
	patchNeutral patchUse = iota // no object with conditions seen
	patchOwn                     // only the provider's own stage-1 objects
	patchCore                    // only others with conditions (core objects, interfaces)
	patchBoth
)

// patchClass is patchObjects' answer: at is where a core object is
// patched, for the blocker's text.
type patchClass struct {
	use patchUse
	at  ast.Node
}

// patchObjects classifies the objects the package's patch helpers (of
// the package helper: util/patch before v1.11, or its deprecated copy)
// patch: the objects passed to NewHelper and Helper.Patch, and the
// objects a signature takes beside a Helper (an interface of backends
// that patch them). The whole package is read, once per helper: a helper
// made in one file is used in another.
func (p *planner) patchObjects(helper string) (patchUse, ast.Node) {
	if p.pkg == nil {
		c := p.classifyPatched(helper)
		return c.use, c.at
	}
	c, ok := p.pkg.patches[helper]
	if !ok {
		c = p.classifyPatched(helper)
		if p.pkg.patches == nil {
			p.pkg.patches = map[string]patchClass{}
		}
		p.pkg.patches[helper] = c
	}
	return c.use, c.at
}

func (p *planner) classifyPatched(helper string) patchClass {
	own, core := false, false
	var at ast.Node
	note := func(n ast.Node, t types.Type, strict bool) {
		switch {
		case p.stage1Object(t):
			own = true
		case strict && !patchhelper.Conditionless(t), !strict && coreObject(t, p.built):
			if !core {
				at = n
			}
			core = true
		}
	}
	for _, f := range p.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if obj, ok := patchhelper.PatchedObject(p.pass.TypesInfo, n, helper); ok {
					note(obj, p.pass.TypesInfo.TypeOf(obj), true)
				}
			case *ast.FuncType:
				if n.Params == nil || !p.takesPatchHelper(n, helper) {
					return true
				}
				for _, fl := range n.Params.List {
					note(fl.Type, p.pass.TypesInfo.TypeOf(fl.Type), false)
				}
			}
			return true
		})
	}
	switch {
	case own && core:
		return patchClass{patchBoth, at}
	case own:
		return patchClass{use: patchOwn}
	case core:
		return patchClass{patchCore, at}
	}
	return patchClass{use: patchNeutral}
}

// takesPatchHelper reports whether ft has a parameter of the Helper of
// the package helper (or a pointer to it).
func (p *planner) takesPatchHelper(ft *ast.FuncType, helper string) bool {
	for _, fl := range ft.Params.List {
		t := p.pass.TypesInfo.TypeOf(fl.Type)
		if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() != nil &&
			named.Obj().Pkg().Path() == helper && named.Obj().Name() == "Helper" {
			return true
		}
	}
	return false
}

// coreObject reports whether t is (a pointer to) a Cluster API object of
// a v1beta1 API package: its conditions change type with the move.
func coreObject(t types.Type, built contract.Release) bool {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || !contract.IsV1Beta1APIPackage(named.Obj().Pkg().Path(), built) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, nil, "GetConditions")
	return obj != nil
}

// ownPatch moves spec, the file's import of the patch helper (util/patch
// when the module is raised past v1.11, else the deprecated one), to (or
// keeps it at) the deprecated helper when the package's helpers patch only
// the provider's own stage-1 objects: v1.11's util/patch would not see
// their conditions. The owned v1beta1 condition types keep their v1beta1
// spelling. It reports whether the import is settled so (moved, kept, or
// blocked where the helpers patch both kinds or the owned conditions are
// not a list written in place).
func (p *planner) ownPatch(spec *ast.ImportSpec, path string) bool {
	use, at := p.patchObjects(path)
	switch use {
	case patchBoth:
		p.block(at.Pos(), "the package's patch helpers patch both the provider's own objects, still at the guide's stage 1 (util/deprecated/v1beta1/patch from v1.11), and "+p.text(at)+", whose conditions the move makes v1beta2 (util/patch)", "give each its own helper, then run the rewrite again")
		return true
	case patchOwn:
	default:
		return false
	}
	home, ok := contract.GoAPIStage1Home(path, p.built)
	pn := p.pass.TypesInfo.PkgNameOf(spec)
	if !ok || pn == nil || pn.Name() == "_" || pn.Name() == "." {
		return false
	}
	blocked := false
	ast.Inspect(p.file, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || lit.Type == nil {
			return true
		}
		sel, ok := lit.Type.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "WithOwnedConditions" {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || p.pass.TypesInfo.Uses[x] != pn {
			return true
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if _, isLit := ast.Unparen(kv.Value).(*ast.CompositeLit); !isLit {
				p.block(kv.Value.Pos(), "patch.WithOwnedConditions takes "+p.text(kv.Value)+", not a list written in place", "write the owned v1beta1 condition types in place, then run the rewrite again")
				blocked = true
				continue
			}
			p.kept[ast.Unparen(kv.Value)] = true
		}
		return false
	})
	if !blocked {
		p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: home})
	}
	return true
}

// ownPaused moves spec, the file's import of the paused helper (the module
// raised past v1.11), to its deprecated copy when every use is a call of
// EnsurePausedCondition on the provider's own stage-1 object: v1.11's copy
// takes the v1beta2 Cluster the move gives and sets the object's
// status.v1beta2 condition as before. It reports whether it did.
func (p *planner) ownPaused(spec *ast.ImportSpec, path string) bool {
	home, ok := contract.GoAPIStage1Home(path, p.built)
	pn := p.pass.TypesInfo.PkgNameOf(spec)
	if !ok || pn == nil || pn.Name() == "_" || pn.Name() == "." {
		return false
	}
	parents := p.parentMap()
	all, uses := true, 0
	ast.Inspect(p.file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); !ok || p.pass.TypesInfo.Uses[x] != pn {
			return true
		}
		uses++
		call, isCall := parents[sel].(*ast.CallExpr)
		if !isCall || call.Fun != ast.Expr(sel) || sel.Sel.Name != "EnsurePausedCondition" || len(call.Args) != 4 ||
			!p.ownStage1(call.Args[3], "GetV1Beta2Conditions") {
			all = false
		}
		return true
	})
	if !all || uses == 0 {
		return false
	}
	p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: home})
	return true
}

// parentMap maps each node of the file to its parent.
func (p *planner) parentMap() map[ast.Node]ast.Node {
	if p.parents == nil {
		p.parents = map[ast.Node]ast.Node{}
		ast.PreorderStack(p.file, nil, func(n ast.Node, stack []ast.Node) bool {
			if len(stack) > 0 {
				p.parents[n] = stack[len(stack)-1]
			}
			return true
		})
	}
	return p.parents
}
