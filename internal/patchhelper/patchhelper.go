// Package patchhelper says whether a package's uses of Cluster API's
// v1beta1 patch helper (util/deprecated/v1beta1/patch) move to util/patch
// unchanged in behaviour: the two differ only in the condition accessors
// they look for on the object (contract.PatchHelperConditionAccessors), so
// objects with none of them are patched alike. The Go API fix
// (analyzers) and the rewrite's core raise both ask it.
package patchhelper

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/contract"
)

// Unmoved is the first use in the package (pkg, its files and their
// type information) that keeps the deprecated patch helper, and why (""
// for an object with conditions); crosses is set when a helper crosses
// the package's boundary. pos is token.NoPos when the package's helpers
// move to util/patch: every NewHelper and Helper.Patch call passes an
// object of a concrete type with no condition accessor, and no Helper
// value crosses the package's boundary (an exported declaration, or a
// value from another package), which would tie the move to code the
// caller does not see.
func Unmoved(pkg *types.Package, info *types.Info, files []*ast.File) (pos token.Pos, why string, crosses bool) {
	for _, u := range Uses(pkg, info, files) {
		if u.Crosses == nil || u.Deprecated {
			return u.Pos, u.Why, u.Crosses != nil
		}
	}
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		if exportsPatchHelper(obj) {
			return obj.Pos(), "a helper the package exports (" + obj.Name() + ")", true
		}
	}
	return token.NoPos, "", false
}

// A Use is a use in a package that keeps it from moving its helpers to
// util/patch on its own: a local one (Crosses nil), or a declaration of
// another package whose type spells a patch helper (Deprecated: the
// deprecated one; else util/patch's).
type Use struct {
	Pos        token.Pos
	Why        string
	Crosses    *types.Package
	Deprecated bool
}

// Uses lists the package's uses that keep the deprecated patch helper
// (Unmoved's, first to last) and the uses of other packages' declarations
// that spell either helper, which tie the package's helpers to theirs.
func Uses(pkg *types.Package, info *types.Info, files []*ast.File) []Use {
	var out []Use
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				obj, ok := PatchedObject(info, n, contract.PkgDeprecatedPatch)
				if !ok {
					return true
				}
				if t := info.TypeOf(obj); !Conditionless(t) {
					u := Use{Pos: obj.Pos()}
					if t != nil && types.IsInterface(t) {
						u.Why = "an object of an interface type (" + types.TypeString(t, types.RelativeTo(pkg)) + "), which may have conditions"
					}
					out = append(out, u)
				}
			case *ast.Ident:
				obj := info.Uses[n]
				if obj == nil || obj.Pkg() == nil || obj.Pkg() == pkg {
					return true
				}
				if obj.Pkg().Path() == contract.PkgDeprecatedPatch {
					if !sameInBoth[obj.Name()] {
						out = append(out, Use{Pos: n.Pos(), Why: obj.Name() + ", which util/patch types for metav1 conditions"})
					}
					return true
				}
				if _, isPkg := obj.(*types.PkgName); isPkg || obj.Pkg().Path() == contract.PkgPatch {
					return true
				}
				if mentionsPatchHelper(obj.Type(), contract.PkgDeprecatedPatch) {
					out = append(out, Use{Pos: n.Pos(), Why: "a helper of another package (" + obj.Pkg().Path() + "." + obj.Name() + ")", Crosses: obj.Pkg(), Deprecated: true})
				} else if mentionsPatchHelper(obj.Type(), contract.PkgPatch) {
					out = append(out, Use{Pos: n.Pos(), Why: "a helper of another package (" + obj.Pkg().Path() + "." + obj.Name() + ")", Crosses: obj.Pkg()})
				}
			}
			return true
		})
	}
	return out
}

// PatchedObject is the object call passes to the patch helper of package
// helper (its path) to patch: NewHelper's first argument, Helper.Patch's
// second.
func PatchedObject(info *types.Info, call *ast.CallExpr, helper string) (ast.Expr, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != helper {
		return nil, false
	}
	arg := map[string]int{"NewHelper": 0, "Patch": 1}
	i, ok := arg[fn.Name()]
	if !ok || len(call.Args) <= i {
		return nil, false
	}
	return call.Args[i], true
}

// sameInBoth are the names of the deprecated patch package that util/patch
// declares with the same type: the options for owned conditions are not
// among them (v1.11 renamed and retyped them).
var sameInBoth = map[string]bool{
	"NewHelper": true, "Helper": true, "Patch": true, "HelperOptions": true, "Option": true,
	"WithForceOverwriteConditions": true, "WithStatusObservedGeneration": true,
}

// Conditionless reports whether t is a concrete type none of whose
// methods is a condition accessor either patch helper looks for.
func Conditionless(t types.Type) bool {
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

// mentionsPatchHelper reports whether t spells a type of the patch
// package at helper (through pointers, slices, maps, unnamed structs and
// signatures; not inside another named type).
func mentionsPatchHelper(t types.Type, helper string) bool {
	// No cycle is possible: only named types recur, and the walk stops at them.
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		// Another named type hides its fields: only its own
		// package's code reaches a helper inside it.
		o := t.Obj()
		return o.Pkg() != nil && o.Pkg().Path() == helper
	case *types.Pointer:
		return mentionsPatchHelper(t.Elem(), helper)
	case *types.Slice:
		return mentionsPatchHelper(t.Elem(), helper)
	case *types.Array:
		return mentionsPatchHelper(t.Elem(), helper)
	case *types.Map:
		return mentionsPatchHelper(t.Key(), helper) || mentionsPatchHelper(t.Elem(), helper)
	case *types.Chan:
		return mentionsPatchHelper(t.Elem(), helper)
	case *types.Struct:
		for f := range t.Fields() {
			if mentionsPatchHelper(f.Type(), helper) {
				return true
			}
		}
	case *types.Signature:
		for v := range t.Params().Variables() {
			if mentionsPatchHelper(v.Type(), helper) {
				return true
			}
		}
		for v := range t.Results().Variables() {
			if mentionsPatchHelper(v.Type(), helper) {
				return true
			}
		}
	}
	return false
}

// exportsPatchHelper reports whether obj, a package-level declaration,
// shows the deprecated Helper to other packages: an exported function or
// variable of that type, or an exported type with an exported field or
// method that has it.
func exportsPatchHelper(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func, *types.Var:
		return obj.Exported() && mentionsPatchHelper(obj.Type(), contract.PkgDeprecatedPatch)
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
				if f.Exported() && mentionsPatchHelper(f.Type(), contract.PkgDeprecatedPatch) {
					return true
				}
			}
		}
		for m := range named.Methods() {
			if m.Exported() && mentionsPatchHelper(m.Type(), contract.PkgDeprecatedPatch) {
				return true
			}
		}
	}
	return false
}
