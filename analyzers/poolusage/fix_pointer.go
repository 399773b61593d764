package poolusage

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mpaudit/mpaudit/analyzers/internal/imports"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
)

// The use sites of the pointer fix (kindtypes.PointerShape: a value int32 or
// bool the v1beta2 contract made *int32 or *bool). A read becomes
// ptr.Deref(x, 0) (false for a bool): nil reads as the zero the value field
// held when unset. A write stores ptr.To(v), v evaluated once as before. A
// copy from another migrating field copies the pointer (nil stays unset). An
// address (&x), an increment or an op-assignment needs a person.

// pointerPoint reports whether path, on a type of node's kind, is a field
// the v1beta2 contract made a pointer.
func pointerPoint(node *kindfinder.NodeFact, path string) bool {
	k := node.Ref.Catalog()
	if k == nil {
		return false
	}
	_, ok := kindtypes.PointerShape(k, path)
	return ok
}

// pointerField accepts field v of a storage type declared in the type's own
// package (where the type fix can change it) at path, returning its value
// type (int32 or bool).
func pointerField(pass *analysis.Pass, node *kindfinder.NodeFact, path string, v *types.Var) (types.Type, bool) {
	if !node.Ref.Storage || v.Pkg() == nil || v.Pkg().Path()+"."+node.Ref.Kind != node.Ref.Type || !changes(pass, v) {
		return nil, false
	}
	p, ok := kindtypes.PointerShape(node.Ref.Catalog(), path)
	if !ok {
		return nil, false
	}
	return kindtypes.ValueOfPointerShape(v.Type(), p)
}

// migratingPointer reports whether e (parentheses aside) reads a field the
// pointer fix changes, and its value type.
func migratingPointer(pass *analysis.Pass, e ast.Expr) (types.Type, bool) {
	node, path, v, ok := selectedField(pass, e)
	if !ok || !pointerPoint(node, path) {
		return nil, false
	}
	return pointerField(pass, node, path, v)
}

// migratingPointerKey is migratingPointer for the element kv of the
// literal lit.
func migratingPointerKey(pass *analysis.Pass, lit *ast.CompositeLit, kv *ast.KeyValueExpr) (types.Type, bool) {
	node, path, v, ok := keyedField(pass, lit, kv)
	if !ok || !pointerPoint(node, path) {
		return nil, false
	}
	return pointerField(pass, node, path, v)
}

// pointerMigration rewrites one use of a field the pointer fix changes.
func pointerMigration(pass *analysis.Pass, a access) migration {
	if !pointerPoint(a.pool, a.path) {
		return migration{}
	}
	r := &rewriter{pass: pass, file: a.file, spell: imports.New(pass.Fset, pass.TypesInfo, pass.Pkg, a.file)}
	switch n := a.node.(type) {
	case *ast.KeyValueExpr: // Status{Replicas: v}
		return r.keyed(n, migratingPointerKey, r.pointerStore)
	case *ast.SelectorExpr:
		return r.selected(n, migratingPointer, r.pointerUse)
	}
	return migration{}
}

// pointerUse rewrites x.Status.Replicas by the expression around it.
func (r *rewriter) pointerUse(cur inspector.Cursor) bool {
	parentCur, child := parentOf(cur)
	switch p := parentCur.Node().(type) {
	case *ast.AssignStmt:
		for j, lhs := range p.Lhs {
			if lhs != child {
				continue
			}
			if p.Tok != token.ASSIGN || len(p.Lhs) != len(p.Rhs) {
				return false // x.F += v, or a tuple assignment
			}
			return r.pointerStore(p.Rhs[j])
		}
		if len(p.Lhs) == len(p.Rhs) {
			for j, rhs := range p.Rhs {
				if rhs == child && p.Tok == token.ASSIGN && r.isMigratingPointer(p.Lhs[j]) {
					return true // a.F = b.F: the pointer is copied
				}
			}
		}
	case *ast.IncDecStmt:
		return false
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			return false // &x.F: a **T now, and writes through it are lost
		}
	case *ast.KeyValueExpr:
		if p.Value == child {
			if lit, ok := parentCur.Parent().Node().(*ast.CompositeLit); ok {
				if _, ok := migratingPointerKey(r.pass, lit, p); ok {
					return true // Status{Replicas: other.Status.Replicas}
				}
			}
		}
	}
	return r.pointerRead(child)
}

// pointerRead turns a read of the value into ptr.Deref(x, zero).
func (r *rewriter) pointerRead(e ast.Expr) bool {
	zero := "0"
	if isBool(r.elem.Underlying()) {
		zero = "false"
		if !r.spell.Predeclared(e.Pos(), zero) {
			return false
		}
	}
	prefix, ok := r.qualify(e.Pos(), ptrPath, "Deref")
	if !ok {
		return false
	}
	r.replace(e.Pos(), e.Pos(), prefix+"Deref(")
	r.replace(e.End(), e.End(), ", "+zero+")")
	return true
}

// pointerStore wraps the value stored into the field in ptr.To, with the
// field's type as type argument when the value's type is not it (an
// untyped constant or comparison).
func (r *rewriter) pointerStore(v ast.Expr) bool {
	if r.isMigratingPointer(v) {
		return true // the pointer is copied
	}
	prefix, ok := r.qualify(v.Pos(), ptrPath, "To")
	if !ok {
		return false
	}
	open := prefix + "To("
	// A constant's recorded type is the field's, but ptr.To would infer
	// its default type (int); a comparison is untyped bool, inferred as
	// bool, not as a named bool type.
	tv := r.pass.TypesInfo.Types[v]
	_, basic := types.Unalias(r.elem).(*types.Basic)
	constant := tv.Value != nil && !types.Identical(r.elem, types.Typ[types.Bool])
	if tv.Type == nil || constant || !basic || !types.Identical(tv.Type, r.elem) {
		typ, edits, ok := r.spell.TypeExpr(v.Pos(), r.elem)
		if !ok {
			return false
		}
		text, ok := render(token.NewFileSet(), typ)
		if !ok {
			return false
		}
		r.edits = append(r.edits, edits...)
		open = prefix + "To[" + text + "]("
	}
	r.replace(v.Pos(), v.Pos(), open)
	r.replace(v.End(), v.End(), ")")
	return true
}

func (r *rewriter) isMigratingPointer(e ast.Expr) bool {
	_, ok := migratingPointer(r.pass, e)
	return ok
}
