package goapifix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// leaf rewrites the use of a field whose successor changed, for the
// context it is used in, or blocks the file.
func (p *planner) leaf(sel *ast.SelectorExpr, c chain, rootPath string, ch contract.GoFieldChange, parents []ast.Node) {
	subject := shortKey(c.key) + "." + c.path
	if (ch.Class == contract.ChangeSame || ch.Class == contract.ChangeReference) && !ch.Moved {
		return
	}
	if ch.Class == contract.ChangeRemoved && sel.Sel.Name == "Namespace" {
		// A reference's namespace: the referring object's, as the
		// conversion gives it.
		if x, isSel := ast.Unparen(sel.X).(*ast.SelectorExpr); isSel {
			if _, isRef := p.refTypeOf(x); isRef {
				if _, written := (use{p: p, sel: sel, parents: parents}).assigned(); !written {
					if ns := p.namespaceOf(x); ns != "" {
						p.edit(sel.Pos(), sel.End(), ns)
						return
					}
				}
			}
		}
	}
	n, ok := p.newText(sel, c, rootPath, ch)
	if !ok {
		if g, ok := p.guardOf(c, rootPath, ch); ok && ch.Class == contract.ChangeSame && p.guarded(sel, g, parents) {
			return
		}
		p.block(sel.Sel.Pos(), subject+" moves to "+strings.Join(ch.New, " and "), "v1beta2 reaches it through a pointer that may be nil, or through a list: rewrite the read by hand")
		return
	}
	u := use{p: p, sel: sel, n: n, parents: parents, subject: subject, ch: ch}
	switch ch.Class {
	case contract.ChangeSame:
		p.edit(sel.Pos(), sel.End(), n)
	case contract.ChangeStringPointer, contract.ChangePointerToValue:
		u.toValue()
	case contract.ChangeValueToPointer:
		u.toPointer()
	case contract.ChangeDurationToSeconds:
		u.toSeconds()
	case contract.ChangeRetyped:
		if !u.numberToPointer() {
			p.block(sel.Sel.Pos(), fmt.Sprintf("%s (%s)", subject, ch.Class), instruction(ch))
		}
	default:
		p.block(sel.Sel.Pos(), fmt.Sprintf("%s (%s)", subject, ch.Class), instruction(ch))
	}
}

// numberToPointer rewrites a number v1beta2 makes a pointer to another
// number (an IPAddress's Prefix, int to *int32) as the conversion does
// (goapiprobe's TestNumbersMadePointers): read as int(ptr.Deref(prefix,
// 0)), written as ptr.To(int32(v)), 0 included.
func (u use) numberToPointer() bool {
	p, sel := u.p, u.sel
	old, ok := numberToPointer(p.pass.TypesInfo.TypeOf(sel), u.ch)
	if !ok {
		return false
	}
	if rhs, written := u.assigned(); written {
		if rhs == nil {
			return false // not a plain assignment
		}
		to, ok := p.numberPointer(rhs, u.ch)
		if ok {
			p.edit(rhs.Pos(), rhs.End(), to)
		}
		return ok
	}
	deref, ok := p.ref(sel.Pos(), ptrPkg, "Deref")
	if !ok {
		return false
	}
	p.edit(sel.Pos(), sel.End(), old.Name()+"("+deref+"("+u.n+", 0))")
	return true
}

// numberToPointer is t, the v1beta1 type of a field ch retypes, when ch
// makes a number a pointer to a number.
func numberToPointer(t types.Type, ch contract.GoFieldChange) (*types.Basic, bool) {
	old, ok := types.Unalias(t).(*types.Basic)
	elem, isPtr := strings.CutPrefix(ch.NewType, "*")
	obj := types.Universe.Lookup(elem)
	if !ok || old.Info()&types.IsNumeric == 0 || !isPtr || obj == nil || ch.Class != contract.ChangeRetyped {
		return nil, false
	}
	b, ok := obj.Type().(*types.Basic)
	return old, ok && b.Info()&types.IsNumeric != 0
}

// numberPointer is v written to a field ch makes a pointer to a number:
// ptr.To(int32(v)).
func (p *planner) numberPointer(v ast.Expr, ch contract.GoFieldChange) (string, bool) {
	to, ok := p.ref(v.Pos(), ptrPkg, "To")
	if !ok {
		return "", false
	}
	return to + "(" + strings.TrimPrefix(ch.NewType, "*") + "(" + p.text(v) + "))", true
}

// use is one use of a changed leaf: n is its successor's expression.
type use struct {
	p       *planner
	sel     *ast.SelectorExpr
	n       string
	parents []ast.Node
	subject string
	ch      contract.GoFieldChange
}

func (u use) parent() ast.Node { return parentOf(u.parents, u.sel) }

// grand is the node above the parent.
func (u use) grand() ast.Node {
	par := u.parent()
	for i, n := range slices.Backward(u.parents) {
		if n == par {
			return parentOf(u.parents[:i], par)
		}
	}
	return nil
}

func (u use) block(why string) {
	u.p.block(u.sel.Sel.Pos(), fmt.Sprintf("%s (%s, now %s %s) %s", u.subject, u.ch.Class, strings.Join(u.ch.New, " and "), u.ch.NewType, why), "rewrite it by hand")
}

// assigned is the value assigned to the leaf by a plain assignment.
func (u use) assigned() (rhs ast.Expr, written bool) {
	switch x := u.parent().(type) {
	case *ast.AssignStmt:
		for i, l := range x.Lhs {
			if ast.Unparen(l) == ast.Expr(u.sel) {
				if x.Tok == token.ASSIGN && len(x.Lhs) == len(x.Rhs) {
					return x.Rhs[i], true
				}
				return nil, true
			}
		}
	case *ast.IncDecStmt:
		return nil, true
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return nil, true
		}
	}
	return nil, false
}

// toValue: *T became T (*string → string: "" for unset).
func (u use) toValue() {
	p, sel := u.p, u.sel
	elem := p.pass.TypesInfo.TypeOf(sel)
	if ptr, ok := elem.(*types.Pointer); ok {
		elem = ptr.Elem()
	}
	z := zero(elem)
	if rhs, written := u.assigned(); written {
		text, isNil, ok := p.pointee(rhs)
		if rhs != nil && !ok {
			if deref, isCall := p.derefCall(rhs, z); isCall {
				p.edit(sel.Pos(), sel.End(), u.n)
				p.edit(rhs.Pos(), rhs.End(), deref)
				return
			}
		}
		switch {
		case rhs == nil || !ok || isNil && z == "":
			u.block("is written with a pointer that is not &v, ptr.To(v), nil or a call's result")
		case isNil:
			p.edit(sel.Pos(), sel.End(), u.n)
			p.edit(rhs.Pos(), rhs.End(), z)
		default:
			p.edit(sel.Pos(), sel.End(), u.n)
			p.edit(rhs.Pos(), rhs.End(), text)
		}
		return
	}
	switch x := u.parent().(type) {
	case *ast.StarExpr:
		p.edit(x.Pos(), x.End(), u.n)
		return
	case *ast.BinaryExpr:
		other := x.Y
		if ast.Unparen(x.Y) == ast.Expr(sel) {
			other = x.X
		}
		if _, isNil, _ := p.pointee(other); isNil && (x.Op == token.EQL || x.Op == token.NEQ) {
			switch {
			case z != "" && u.guardsZeroCompare(x):
				// p == nil || *p == "": the guard goes, the comparison
				// (p == "") says it all.
				g := u.grand().(*ast.BinaryExpr)
				p.edit(g.X.Pos(), g.Y.Pos(), "")
			case z != "":
				p.edit(x.Pos(), x.End(), u.n+" "+x.Op.String()+" "+z)
			case isMetaTime(elem):
				p.edit(x.Pos(), x.End(), map[bool]string{true: "", false: "!"}[x.Op == token.EQL]+u.n+".IsZero()")
			default:
				u.block("is compared with nil")
			}
			return
		}
	case *ast.CallExpr:
		if call, ok := p.isCall(x, ptrPkg, "Deref"); ok && len(call.Args) == 2 && ast.Unparen(call.Args[0]) == ast.Expr(sel) {
			if _, isZero := p.constZero(call.Args[1]); isZero {
				p.edit(call.Pos(), call.End(), u.n)
				return
			}
			if z != "" && types.Comparable(elem) {
				// The conversion makes the zero value nil and back, so the
				// default applies where the pointer was nil.
				if or, ok := p.ref(call.Pos(), "cmp", "Or"); ok {
					p.edit(call.Pos(), call.End(), or+"("+u.n+", "+p.text(call.Args[1])+")")
					return
				}
			}
		}
	case *ast.SelectorExpr:
		if ast.Unparen(x.X) == ast.Expr(sel) && z == "" {
			// A field or method of the value: a nil pointer panicked before.
			if u.n != p.text(sel) {
				p.edit(sel.Pos(), sel.End(), u.n)
			}
			return
		}
	}
	if u.nilWhenEmpty() {
		return
	}
	u.block("is passed on as a pointer")
}

// guardsZeroCompare reports whether cmp (the field compared with nil) is
// the guard of a comparison of its pointee with the zero value joined to
// it (p == nil || *p == "", p != nil && *p != ""): with a value field
// both halves read the same.
func (u use) guardsZeroCompare(cmp *ast.BinaryExpr) bool {
	g, ok := u.grand().(*ast.BinaryExpr)
	if !ok || ast.Unparen(g.X) != ast.Expr(cmp) || (g.Op != token.LOR || cmp.Op != token.EQL) && (g.Op != token.LAND || cmp.Op != token.NEQ) {
		return false
	}
	y, ok := ast.Unparen(g.Y).(*ast.BinaryExpr)
	if !ok || y.Op != cmp.Op {
		return false
	}
	for _, side := range [][2]ast.Expr{{y.X, y.Y}, {y.Y, y.X}} {
		star, ok := ast.Unparen(side[0]).(*ast.StarExpr)
		if !ok || u.p.text(ast.Unparen(star.X)) != u.p.text(u.sel) {
			continue
		}
		if _, isZero := u.p.constZero(side[1]); isZero {
			return true
		}
	}
	return false
}

func isMetaTime(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metaV1 && named.Obj().Name() == "Time"
}

// toPointer: T became *T. Reads go through ptr.Deref(…, zero), as the
// conversion reads nil; a constant write is nil for the zero value (what
// the conversion writes for it) and ptr.To(v) for another.
func (u use) toPointer() {
	p, sel := u.p, u.sel
	z := zero(p.pass.TypesInfo.TypeOf(sel))
	if z == "" {
		u.block("is not of a basic type")
		return
	}
	if rhs, written := u.assigned(); written {
		isConst, isZero := false, false
		if rhs != nil {
			isConst, isZero = p.constZero(rhs)
		}
		switch {
		case !isConst:
			u.block("is written with a value that is not a constant (the conversion writes nil for the zero value)")
		case isZero:
			p.edit(sel.Pos(), sel.End(), u.n)
			p.edit(rhs.Pos(), rhs.End(), "nil")
		default:
			to, ok := p.ref(rhs.Pos(), ptrPkg, "To")
			if !ok {
				u.block("cannot name ptr.To here")
				return
			}
			p.edit(sel.Pos(), sel.End(), u.n)
			p.edit(rhs.Pos(), rhs.End(), to+"("+p.text(rhs)+")")
		}
		return
	}
	if x, ok := u.parent().(*ast.SelectorExpr); ok && ast.Unparen(x.X) == ast.Expr(sel) {
		u.block("is selected from")
		return
	}
	deref, ok := p.ref(sel.Pos(), ptrPkg, "Deref")
	if !ok {
		u.block("cannot name ptr.Deref here")
		return
	}
	p.edit(sel.Pos(), sel.End(), deref+"("+u.n+", "+z+")")
}

// toSeconds: metav1.Duration became *int32 seconds, read and written
// through the conversion's own ConvertFromSeconds and ConvertToSeconds.
func (u use) toSeconds() {
	p, sel := u.p, u.sel
	_, isPtr := p.pass.TypesInfo.TypeOf(sel).(*types.Pointer)
	conv := func(name string) (string, bool) { return p.core(sel.Pos(), name) }
	if rhs, written := u.assigned(); written {
		if rhs == nil {
			u.block("is written other than by a plain assignment")
			return
		}
		_, isNil, _ := p.pointee(rhs)
		to, ok := conv("ConvertToSeconds")
		if !ok {
			u.block("cannot name ConvertToSeconds here")
			return
		}
		arg := p.text(rhs)
		switch {
		case isNil:
			arg = ""
		case !isPtr:
			if _, lit := ast.Unparen(rhs).(*ast.CompositeLit); lit {
				arg = "&" + arg
			} else if ptrTo, ok := p.ref(rhs.Pos(), ptrPkg, "To"); ok {
				arg = ptrTo + "(" + arg + ")"
			}
		}
		p.edit(sel.Pos(), sel.End(), u.n)
		if arg == "" {
			p.edit(rhs.Pos(), rhs.End(), "nil")
		} else {
			p.edit(rhs.Pos(), rhs.End(), to+"("+arg+")")
		}
		return
	}
	switch x := u.parent().(type) {
	case *ast.SelectorExpr:
		if ast.Unparen(x.X) == ast.Expr(sel) && x.Sel.Name == "Duration" {
			if g, ok := u.grand().(*ast.AssignStmt); ok && g.Tok != token.DEFINE && contains(g.Lhs, x) {
				u.block("is written through .Duration")
				return
			}
			deref, ok1 := p.ref(x.Pos(), ptrPkg, "Deref")
			dur, ok2 := p.ref(x.Pos(), "time", "Duration")
			second, ok3 := p.ref(x.Pos(), "time", "Second")
			if !ok1 || !ok2 || !ok3 {
				u.block("cannot name ptr.Deref or time here")
				return
			}
			text := dur + "(" + deref + "(" + u.n + ", 0)) * " + second
			switch u.grand().(type) {
			case *ast.AssignStmt, *ast.ReturnStmt, *ast.ValueSpec, *ast.KeyValueExpr, *ast.CallExpr, *ast.ExprStmt:
			default:
				text = "(" + text + ")"
			}
			p.edit(x.Pos(), x.End(), text)
			return
		}
	case *ast.BinaryExpr:
		if _, isNil, _ := p.pointee(x.X); isPtr && isNil || isPtr && func() bool { _, n, _ := p.pointee(x.Y); return n }() {
			p.edit(sel.Pos(), sel.End(), u.n) // nil exactly when the seconds are
			return
		}
	case *ast.StarExpr:
		if from, ok := conv("ConvertFromSeconds"); ok {
			p.edit(x.Pos(), x.End(), "*"+from+"("+u.n+")")
			return
		}
	}
	from, ok := conv("ConvertFromSeconds")
	if !ok {
		u.block("cannot name ConvertFromSeconds here")
		return
	}
	if isPtr {
		p.edit(sel.Pos(), sel.End(), from+"("+u.n+")")
		return
	}
	deref, ok1 := p.ref(sel.Pos(), ptrPkg, "Deref")
	dur, ok2 := p.ref(sel.Pos(), metaV1, "Duration")
	if !ok1 || !ok2 {
		u.block("cannot name ptr.Deref or metav1.Duration here")
		return
	}
	p.edit(sel.Pos(), sel.End(), deref+"("+from+"("+u.n+"), "+dur+"{})")
}

func contains(list []ast.Expr, n ast.Node) bool {
	for _, e := range list {
		if ast.Unparen(e) == n {
			return true
		}
	}
	return false
}

// core names member of the v1beta2 core package at pos: through the
// file's own import of core v1beta1 when the move swaps it, which then
// names v1beta2.
func (p *planner) core(pos token.Pos, member string) (string, bool) {
	return p.successorRef(pos, coreV1Beta2, member)
}

// literal rewrites the fields a composite literal of a mapped struct
// sets whose successor changed shape.
func (p *planner) literal(lit *ast.CompositeLit) {
	t := p.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	key, ok := p.structKey(t)
	if !ok {
		return
	}
	for kv, id := range keyed(lit) {
		changes, rootPath, ok := contract.GoAPIFieldsAt(key, id.Name)
		if !ok || p.refLiteral(t, kv) {
			continue
		}
		full := id.Name
		if rootPath != "" {
			full = rootPath + "." + full
		}
		subject := shortKey(key) + "." + id.Name
		var leaf *contract.GoFieldChange
		for i := range changes {
			if changes[i].Old == full {
				leaf = &changes[i]
			}
		}
		if leaf == nil {
			p.literalValue(t, kv)
			if !p.literalRetype(kv, key, full, subject, changes) {
				p.literalStruct(kv, key, full, subject, changes)
			}
			continue
		}
		if leaf.Moved && p.literalMove(lit, t, key, kv, rootPath, *leaf) {
			continue
		}
		p.literalLeaf(kv, subject, *leaf)
	}
}

// literalRetype rewrites a literal of a type outside the moved API (a
// Kubernetes type), set to a field v1beta2 gives a Cluster API struct of
// the same fields (an IPAddressClaim's PoolRef, a
// corev1.TypedLocalObjectReference that becomes an IPPoolReference): the
// literal takes the successor type and its keys the fixes their fields'
// changes take. It reports false, planning nothing, unless every key is
// a field of full that stays at its path.
func (p *planner) literalRetype(kv *ast.KeyValueExpr, key, full, subject string, changes []contract.GoFieldChange) bool {
	lit, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
	if !ok || lit.Type == nil {
		return false
	}
	if _, mapped := p.structKey(p.pass.TypesInfo.TypeOf(lit)); mapped {
		return false
	}
	succ, ok := contract.GoAPIValueType(structs[key].Root, full)
	dot := strings.LastIndexByte(succ, '.')
	if !ok || dot < 0 || strings.ContainsAny(succ[:1], "*[]") {
		return false
	}
	named, ok := types.Unalias(p.pass.TypesInfo.TypeOf(lit)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path()+"."+named.Obj().Name() == succ {
		return false
	}
	leaves := map[string]contract.GoFieldChange{}
	for _, ch := range changes {
		name, direct := strings.CutPrefix(ch.Old, full+".")
		if !direct || strings.ContainsAny(name, ".[{") {
			return false // a deeper struct: not one literal's keys
		}
		if ch.Moved {
			return false
		}
		leaves[name] = ch
	}
	var keyed []*ast.KeyValueExpr
	for _, elt := range lit.Elts {
		ekv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		id, ok := ekv.Key.(*ast.Ident)
		if !ok {
			return false
		}
		if _, known := leaves[id.Name]; !known {
			return false
		}
		keyed = append(keyed, ekv)
	}
	typ, ok := p.successorRef(lit.Type.Pos(), succ[:dot], succ[dot+1:])
	if !ok {
		return false
	}
	p.edit(lit.Type.Pos(), lit.Type.End(), typ)
	p.retyped(lit.Type)
	for _, ekv := range keyed {
		p.literalLeaf(ekv, subject+"."+ekv.Key.(*ast.Ident).Name, leaves[ekv.Key.(*ast.Ident).Name])
	}
	return true
}

// successorRef names member of the v1beta2 package path: through the
// import the move gives it when the file has one, else a new import.
func (p *planner) successorRef(pos token.Pos, path, member string) (string, bool) {
	for pn, sw := range p.swaps {
		if sw.new == path && sw.spec != nil && !sw.beside {
			return pn.Name() + "." + member, true
		}
	}
	return p.ref(pos, path, member)
}

// literalStruct passes a struct-valued key whose value is a literal of
// the mapped struct (its own fields are judged there) or whose fields
// stay.
func (p *planner) literalStruct(kv *ast.KeyValueExpr, key, full, subject string, changes []contract.GoFieldChange) {
	v := ast.Unparen(kv.Value)
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = ast.Unparen(u.X)
	}
	nested := false
	if lit, ok := v.(*ast.CompositeLit); ok {
		_, nested = p.structKey(p.pass.TypesInfo.TypeOf(lit))
	}
	for _, ch := range changes {
		if ch.Class == contract.ChangeSame && !ch.Moved {
			continue
		}
		movesWithin := len(ch.New) > 0 && (strings.HasPrefix(ch.New[0], full+".") || strings.HasPrefix(ch.New[0], full+"["))
		if nested && (!ch.Moved || movesWithin) {
			continue // the nested literal's own keys are judged there
		}
		p.block(kv.Key.Pos(), fmt.Sprintf("%s is set in a literal, and v1beta2 changes %s (%s)", subject, ch.Old, ch.Class), instruction(ch))
		return
	}
}

func (p *planner) literalLeaf(kv *ast.KeyValueExpr, subject string, ch contract.GoFieldChange) {
	if (ch.Class == contract.ChangeSame || ch.Class == contract.ChangeReference) && !ch.Moved {
		return
	}
	blockIt := func(why string) {
		p.block(kv.Key.Pos(), fmt.Sprintf("%s (%s, now %s %s) %s", subject, ch.Class, strings.Join(ch.New, " and "), ch.NewType, why), "rewrite it by hand")
	}
	if ch.Moved {
		blockIt("is set in a literal and moves")
		return
	}
	v := kv.Value
	vt := p.pass.TypesInfo.TypeOf(v)
	switch ch.Class {
	case contract.ChangeStringPointer, contract.ChangePointerToValue:
		elem := vt
		if ptr, ok := vt.(*types.Pointer); ok {
			elem = ptr.Elem()
		}
		text, isNil, ok := p.pointee(v)
		if !ok {
			if deref, isCall := p.derefCall(v, zero(elem)); isCall {
				p.edit(v.Pos(), v.End(), deref)
				return
			}
		}
		switch {
		case !ok:
			blockIt("is set to a pointer that is not &v, ptr.To(v), nil or a call's result")
		case isNil && zero(elem) == "":
			blockIt("is set to nil")
		case isNil:
			p.edit(v.Pos(), v.End(), zero(elem))
		default:
			p.edit(v.Pos(), v.End(), text)
		}
	case contract.ChangeValueToPointer:
		isConst, isZero := p.constZero(v)
		switch {
		case !isConst || zero(vt) == "":
			blockIt("is set to a value that is not a constant (the conversion writes nil for the zero value)")
		case isZero:
			p.edit(v.Pos(), v.End(), "nil")
		default:
			if to, ok := p.ref(v.Pos(), ptrPkg, "To"); ok {
				p.edit(v.Pos(), v.End(), to+"("+p.text(v)+")")
			} else {
				blockIt("cannot name ptr.To here")
			}
		}
	case contract.ChangeRetyped:
		if _, ok := numberToPointer(vt, ch); ok {
			if text, ok := p.numberPointer(v, ch); ok {
				p.edit(v.Pos(), v.End(), text)
				return
			}
		}
		blockIt("is set in a literal")
	case contract.ChangeDurationToSeconds:
		to, ok := p.core(v.Pos(), "ConvertToSeconds")
		if !ok {
			blockIt("cannot name ConvertToSeconds here")
			return
		}
		arg := p.text(v)
		if _, isPtr := vt.(*types.Pointer); !isPtr {
			if _, lit := ast.Unparen(v).(*ast.CompositeLit); lit {
				arg = "&" + arg
			} else if ptrTo, ok := p.ref(v.Pos(), ptrPkg, "To"); ok {
				arg = ptrTo + "(" + arg + ")"
			}
		}
		p.edit(v.Pos(), v.End(), to+"("+arg+")")
	default:
		blockIt("is set in a literal")
	}
}

// externalGet rewrites external.Get(ctx, c, obj.Spec.SomeRef) on a
// reference a v1beta2 object holds as a ContractVersionedObjectReference
// to external.GetObjectFromContractVersionedRef(ctx, c, ref, namespace),
// the namespace the referring object's (the conversion gives a v1beta1
// reference that namespace).
func (p *planner) externalGet(call *ast.CallExpr) {
	if _, ok := p.isCall(call, externalPkg, "Get"); !ok || len(call.Args) != 3 {
		return
	}
	arg := ast.Unparen(call.Args[2])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	sel, ok := arg.(*ast.SelectorExpr)
	if !ok {
		return
	}
	c, ok := p.chainOf(sel)
	if !ok {
		return
	}
	changes, rootPath, ok := contract.GoAPIFieldsAt(c.key, c.path)
	if !ok {
		return
	}
	isRef := false
	for _, ch := range changes {
		isRef = isRef || ch.Class == contract.ChangeReference && ch.Old == c.path+".Name" && !ch.Moved
	}
	fun, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isRef {
		return
	}
	p.done[sel] = true
	if rootPath != "" || c.indexed || c.promote || !isSel || !plain(c.base) {
		p.block(sel.Pos(), shortKey(c.key)+"."+c.path+" is read with external.Get", "v1beta2 holds a ContractVersionedObjectReference: read it with external.GetObjectFromContractVersionedRef(ctx, c, ref, namespace)")
		return
	}
	p.edit(fun.Sel.Pos(), fun.Sel.End(), "GetObjectFromContractVersionedRef")
	p.edit(call.Args[2].Pos(), call.Args[2].End(), p.text(sel))
	p.edit(call.Args[2].End(), call.Args[2].End(), ", "+p.text(c.base)+".Namespace")
}

// plain reports whether e is a name or a chain of field selections on
// one: repeating it has no effect.
func plain(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plain(x.X)
	}
	return false
}

// literalValue drops the & of a literal set to a pointer field that
// v1beta2 holds as a struct value (ClusterNetwork: &clusterv1.ClusterNetwork{…}).
func (p *planner) literalValue(t types.Type, kv *ast.KeyValueExpr) {
	u, ok := ast.Unparen(kv.Value).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return
	}
	if _, lit := ast.Unparen(u.X).(*ast.CompositeLit); !lit {
		return
	}
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	id, isID := kv.Key.(*ast.Ident)
	if !ok || !isID || named.Obj().Pkg() == nil {
		return
	}
	for _, sw := range p.swaps {
		if sw.old != named.Obj().Pkg().Path() {
			continue
		}
		if next, pointer, ok := contract.GoAPIV1Beta2Field(sw.new, named.Obj().Name(), id.Name, p.to); ok && !pointer && next != "" {
			p.edit(u.Pos(), u.X.Pos(), "")
		}
		return
	}
}

// literalMove rewrites a key that v1beta2 moves one struct down (the
// literal of ClusterStatus setting InfrastructureReady: true sets
// Initialization: ClusterInitializationStatus{InfrastructureProvisioned:
// ptr.To(true)}), when the literal sets nothing else under that struct.
// It reports whether kv is settled.
func (p *planner) literalMove(lit *ast.CompositeLit, t types.Type, key string, kv *ast.KeyValueExpr, rootPath string, ch contract.GoFieldChange) bool {
	if len(ch.New) != 1 || ch.Class != contract.ChangeSame && ch.Class != contract.ChangeValueToPointer {
		return false
	}
	rel := ch.New[0]
	if rootPath != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(rel, rootPath+"."); !ok {
			return false
		}
	}
	seg, leaf, ok := strings.Cut(rel, ".")
	if !ok || strings.ContainsAny(leaf, ".[{") {
		return false
	}
	if ptr, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	var pkgName, pkgPath string
	for pn, sw := range p.swaps {
		if sw.old == named.Obj().Pkg().Path() {
			pkgName, pkgPath = pn.Name(), sw.new
		}
	}
	next, pointer, ok := contract.GoAPIV1Beta2Field(pkgPath, named.Obj().Name(), seg, p.to)
	if pkgPath == "" || !ok || next == "" {
		return false
	}
	if _, _, ok := contract.GoAPIV1Beta2Field(pkgPath, next, leaf, p.to); !ok {
		return false
	}
	// Another key of the literal that lands in, or is, the same struct.
	for _, elt := range lit.Elts {
		other, ok := elt.(*ast.KeyValueExpr)
		if !ok || other == kv {
			continue
		}
		id, ok := other.Key.(*ast.Ident)
		if !ok || id.Name == seg {
			return false
		}
		changes, _, _ := contract.GoAPIFieldsAt(key, id.Name)
		for _, c := range changes {
			if c.Moved && len(c.New) > 0 && strings.HasPrefix(strings.TrimPrefix(c.New[0], rootPath+"."), seg+".") {
				return false
			}
		}
	}
	value := p.text(kv.Value)
	if ch.Class == contract.ChangeValueToPointer {
		isConst, isZero := p.constZero(kv.Value)
		switch {
		case !isConst || zero(p.pass.TypesInfo.TypeOf(kv.Value)) == "":
			return false
		case isZero:
			value = "nil"
		default:
			to, ok := p.ref(kv.Value.Pos(), ptrPkg, "To")
			if !ok {
				return false
			}
			value = to + "(" + value + ")"
		}
	}
	amp := ""
	if pointer {
		amp = "&"
	}
	p.edit(kv.Pos(), kv.End(), seg+": "+amp+pkgName+"."+next+"{"+leaf+": "+value+"}")
	return true
}
