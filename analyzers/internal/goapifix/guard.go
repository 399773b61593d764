package goapifix

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// A pointer field v1beta2 moves under pointers that are nil on most
// objects (status.failureReason to status.deprecated.v1beta1.failureReason):
// the v1beta1 view of an object has nil there whenever a pointer on the
// way is nil, so a use whose value at nil is known reads the new path
// behind a guard:
//
//	c.Status.FailureReason != nil
//	→ c.Status.Deprecated != nil && c.Status.Deprecated.V1Beta1 != nil && c.Status.Deprecated.V1Beta1.FailureReason != nil
//	ptr.Deref(c.Status.FailureReason, "") == capierrors.InvalidConfigurationClusterError
//	→ c.Status.Deprecated != nil && … && ptr.Deref(c.Status.Deprecated.V1Beta1.FailureReason, "") == capierrors.InvalidConfigurationClusterError
//	c.Status.FailureMessage = nil
//	→ if c.Status.Deprecated != nil && c.Status.Deprecated.V1Beta1 != nil { c.Status.Deprecated.V1Beta1.FailureMessage = nil }
//
// and a read on the right of && behind an operand so guarded reads the
// new path as it is.

// guard is the pointers on the way to a moved field, each spelled from
// the use's base.
type guard struct {
	ptrs []string
	to   string // the new path, from the base
}

func (g guard) set() string {
	return strings.Join(g.ptrs, " != nil && ") + " != nil"
}

func (g guard) unset() string {
	return strings.Join(g.ptrs, " == nil || ") + " == nil"
}

// guardOf is the guard of the move of ch from c's base: ok is false when
// the path is not a chain of fields of the v1beta2 type or the base is
// not a plain chain of names and fields (it is read once per pointer).
func (p *planner) guardOf(c chain, rootPath string, ch contract.GoFieldChange) (guard, bool) {
	if !ch.Moved || c.indexed || c.promote || len(ch.New) != 1 || !p.pure(c.base) {
		return guard{}, false
	}
	rel := ch.New[0]
	if rootPath != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(rel, rootPath+"."); !ok {
			return guard{}, false
		}
	}
	t := p.pass.TypesInfo.TypeOf(c.base)
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return guard{}, false
	}
	pkg := ""
	for _, sw := range p.swaps {
		if sw.old == named.Obj().Pkg().Path() {
			pkg = sw.new
		}
	}
	base := p.text(c.base)
	var g guard
	typ := named.Obj().Name()
	segs := strings.Split(rel, ".")
	for i, name := range segs {
		next, pointer, ok := contract.GoAPIV1Beta2Field(pkg, typ, name, p.to)
		if !ok || i < len(segs)-1 && next == "" {
			return guard{}, false
		}
		if pointer && i < len(segs)-1 {
			g.ptrs = append(g.ptrs, base+"."+strings.Join(segs[:i+1], "."))
		}
		typ = next
	}
	if len(g.ptrs) == 0 {
		return guard{}, false
	}
	g.to = base + "." + rel
	return g, true
}

// guarded rewrites sel, a use of a pointer field moved behind g, where
// its value at nil is known. It reports false, planning nothing,
// elsewhere.
func (p *planner) guarded(sel *ast.SelectorExpr, g guard, parents []ast.Node) bool {
	if _, isPtr := types.Unalias(p.pass.TypesInfo.TypeOf(sel)).(*types.Pointer); !isPtr {
		return false
	}
	u := use{p: p, sel: sel, parents: parents}
	// Behind an operand of && that guards the same pointers.
	if p.guardedBefore(sel, g, parents) {
		if _, written := u.assigned(); !written {
			p.edit(sel.Pos(), sel.End(), g.to)
			return true
		}
	}
	switch x := u.parent().(type) {
	case *ast.BinaryExpr:
		other := x.Y
		if ast.Unparen(x.Y) == ast.Expr(sel) {
			other = x.X
		}
		if _, isNil, _ := p.pointee(other); isNil && (x.Op == token.EQL || x.Op == token.NEQ) {
			p.guardCompare(x, g, x.Op == token.EQL, parents, sel)
			return true
		}
	case *ast.AssignStmt:
		rhs, written := u.assigned()
		if _, isNil, _ := p.pointee(rhs); written && isNil && rhs != nil && len(x.Lhs) == 1 {
			if _, inBlock := parentOf(parentsAbove(parents, x), x).(*ast.BlockStmt); inBlock {
				indent := indentOf(p.src, p.tf.Offset(x.Pos()))
				p.edit(x.Pos(), x.End(), "if "+g.set()+" {\n"+indent+"\t"+g.to+" = nil\n"+indent+"}")
				return true
			}
		}
	case *ast.CallExpr:
		call, ok := p.isCall(x, ptrPkg, "Deref")
		if !ok || len(call.Args) != 2 || ast.Unparen(call.Args[0]) != ast.Expr(sel) {
			return false
		}
		cmp, ok := parentOf(parentsAbove(parents, call), call).(*ast.BinaryExpr)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			return false
		}
		other := cmp.Y
		if ast.Unparen(cmp.Y) == ast.Expr(call) {
			other = cmp.X
		}
		def, c := p.pass.TypesInfo.Types[call.Args[1]].Value, p.pass.TypesInfo.Types[other].Value
		if def == nil || c == nil || def.Kind() != c.Kind() {
			return false
		}
		// At nil the call is its default.
		atNil := constant.Compare(def, cmp.Op, c)
		p.guardCompare(cmp, g, atNil, parents, sel)
		return true
	}
	return false
}

// guardCompare replaces cmp, a comparison reading sel, by one that reads
// the new path where g holds and is atNil where it does not.
func (p *planner) guardCompare(cmp *ast.BinaryExpr, g guard, atNil bool, parents []ast.Node, sel *ast.SelectorExpr) {
	start, end := p.tf.Offset(cmp.Pos()), p.tf.Offset(cmp.End())
	body := string(p.src[start:p.tf.Offset(sel.Pos())]) + g.to + string(p.src[p.tf.Offset(sel.End()):end])
	text := g.set() + " && " + body
	if atNil {
		text = g.unset() + " || " + body
	}
	// Parenthesised under an operator, but for an operand of && taking
	// more operands.
	switch par := parentOf(parentsAbove(parents, cmp), cmp).(type) {
	case *ast.BinaryExpr:
		if par.Op != token.LAND || atNil {
			text = "(" + text + ")"
		}
	case *ast.UnaryExpr, *ast.StarExpr, *ast.SelectorExpr:
		text = "(" + text + ")"
	}
	p.edit(cmp.Pos(), cmp.End(), text)
	if !atNil {
		if p.guardedOps == nil {
			p.guardedOps = map[string][]ast.Node{}
		}
		p.guardedOps[g.set()] = append(p.guardedOps[g.set()], cmp)
	}
}

// guardedBefore reports whether sel is on the right of an && whose left
// has, as one of its own && operands, a comparison guarded by g.
func (p *planner) guardedBefore(sel *ast.SelectorExpr, g guard, parents []ast.Node) bool {
	ops := p.guardedOps[g.set()]
	if len(ops) == 0 {
		return false
	}
	var child ast.Node = sel
	for _, n := range slices.Backward(parents) {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.LAND && x.Y == child {
				for _, op := range andOperands(x.X) {
					if slices.Contains(ops, ast.Node(op)) {
						return true
					}
				}
			}
		case *ast.FuncLit, ast.Stmt:
			return false
		}
		child = n
	}
	return false
}

// andOperands flattens an && chain.
func andOperands(e ast.Expr) []ast.Expr {
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(andOperands(b.X), andOperands(b.Y)...)
	}
	return []ast.Expr{ast.Unparen(e)}
}

// parentsAbove is parents (outermost first) cut above n.
func parentsAbove(parents []ast.Node, n ast.Node) []ast.Node {
	for i, x := range parents {
		if x == n {
			return parents[:i]
		}
	}
	return nil
}
