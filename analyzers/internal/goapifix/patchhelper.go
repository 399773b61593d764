package goapifix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/mpaudit/mpaudit/contract"
)

// The v1beta1 patch helper (util/deprecated/v1beta1/patch) and util/patch
// differ only in the condition accessors they look for on the object
// (contract.PatchHelperConditionAccessors). A package whose helpers patch
// only objects with none of them (a Secret, a provider object without
// conditions) patches alike through util/patch, so its import moves there.

// patchHelperMoves reports whether the deprecated patch helper spec
// imports can move to util/patch: every NewHelper and Helper.Patch call of
// the package passes an object of a concrete type with no condition
// accessor, and no Helper value crosses the package's boundary (an
// exported declaration, or a value from another package), which would tie
// the move to code this pass does not see. It blocks the file otherwise.
func (p *planner) patchHelperMoves() bool {
	pos, why, crosses := p.patchHelperUnmoved()
	if pos == token.NoPos {
		return true
	}
	instead := keepConditions
	switch {
	case why == "":
		why = "an object with conditions"
	case crosses:
		instead = "util/patch patches an object without conditions alike: move the helper's users in the other packages with it by hand"
	}
	p.block(pos, "the file uses "+keptImports[contract.PkgDeprecatedPatch]+" ("+contract.PkgDeprecatedPatch+") on "+why, instead)
	return false
}

// patchHelperUnmoved is the first use in the package that keeps the
// deprecated patch helper, and why ("" for an object with conditions);
// crosses is set when a helper crosses the package's boundary.
func (p *planner) patchHelperUnmoved() (pos token.Pos, why string, crosses bool) {
	info := p.pass.TypesInfo
	for _, f := range p.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if pos != token.NoPos {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				fn, ok := calleeFunc(info, n)
				if !ok || fn.Pkg() == nil || fn.Pkg().Path() != contract.PkgDeprecatedPatch {
					return true
				}
				arg := -1
				switch fn.Name() {
				case "NewHelper":
					arg = 0
				case "Patch":
					arg = 1
				}
				if arg < 0 || len(n.Args) <= arg {
					return true
				}
				if t := info.TypeOf(n.Args[arg]); !conditionless(t) {
					pos = n.Args[arg].Pos()
					if t != nil && types.IsInterface(t) {
						why = "an object of an interface type (" + types.TypeString(t, types.RelativeTo(p.pass.Pkg)) + "), which may have conditions"
					}
				}
			case *ast.Ident:
				obj := info.Uses[n]
				if obj == nil || obj.Pkg() == nil || obj.Pkg() == p.pass.Pkg || obj.Pkg().Path() == contract.PkgDeprecatedPatch {
					return true
				}
				if _, isPkg := obj.(*types.PkgName); !isPkg && mentionsPatchHelper(obj.Type()) {
					pos, why, crosses = n.Pos(), "a helper of another package ("+obj.Pkg().Path()+"."+obj.Name()+")", true
				}
			}
			return true
		})
		if pos != token.NoPos {
			return pos, why, crosses
		}
	}
	for _, name := range p.pass.Pkg.Scope().Names() {
		obj := p.pass.Pkg.Scope().Lookup(name)
		if exportsPatchHelper(obj) {
			return obj.Pos(), "a helper the package exports (" + obj.Name() + ")", true
		}
	}
	return token.NoPos, "", false
}

// calleeFunc is the function or method a call calls.
func calleeFunc(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	default:
		return nil, false
	}
	fn, ok := info.Uses[id].(*types.Func)
	return fn, ok
}

// conditionless reports whether t is a concrete type none of whose
// methods is a condition accessor either patch helper looks for.
func conditionless(t types.Type) bool {
	if t == nil || types.IsInterface(t) {
		return false
	}
	ms := types.NewMethodSet(t)
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	// The accessors are exported: Lookup needs no package for them.
	return !slices.ContainsFunc(contract.PatchHelperConditionAccessors, func(name string) bool {
		return ms.Lookup(nil, name) != nil
	})
}

// mentionsPatchHelper reports whether t spells a type of the deprecated
// patch package (through pointers, slices, maps, unnamed structs and
// signatures; not inside another named type).
func mentionsPatchHelper(t types.Type) bool {
	seen := map[types.Type]bool{}
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			// Another named type hides its fields: only its own
			// package's code reaches a helper inside it.
			o := t.Obj()
			return o.Pkg() != nil && o.Pkg().Path() == contract.PkgDeprecatedPatch
		case *types.Pointer:
			return walk(t.Elem())
		case *types.Slice:
			return walk(t.Elem())
		case *types.Array:
			return walk(t.Elem())
		case *types.Map:
			return walk(t.Key()) || walk(t.Elem())
		case *types.Chan:
			return walk(t.Elem())
		case *types.Struct:
			for f := range t.Fields() {
				if walk(f.Type()) {
					return true
				}
			}
		case *types.Signature:
			for v := range t.Params().Variables() {
				if walk(v.Type()) {
					return true
				}
			}
			for v := range t.Results().Variables() {
				if walk(v.Type()) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// exportsPatchHelper reports whether obj, a package-level declaration,
// shows the deprecated Helper to other packages: an exported function or
// variable of that type, or an exported type with an exported field or
// method that has it.
func exportsPatchHelper(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func, *types.Var:
		return obj.Exported() && mentionsPatchHelper(obj.Type())
	case *types.TypeName:
		if !obj.Exported() {
			return false
		}
		named, ok := obj.Type().(*types.Named)
		if !ok {
			return false
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if f.Exported() && mentionsPatchHelper(f.Type()) {
					return true
				}
			}
		}
		for m := range named.Methods() {
			if m.Exported() && mentionsPatchHelper(m.Type()) {
				return true
			}
		}
	}
	return false
}
