package goapifix

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
)

// refType is the v1beta2 value type (in package pkg) of a field that
// v1beta1 holds as a pointer: a reference (*corev1.ObjectReference) or a
// struct (ClusterNetwork, NetworkRanges).
type refType struct {
	pkg, name string
	// defined: the type has IsDefined, the nil check's successor.
	defined bool
	// ns is the referring object's namespace, the reference's own in
	// v1beta1 as the conversion gives it ("" when not a plain root).
	ns string
}

// refTypeOf is the v1beta2 type of the pointer field sel selects when
// v1beta2 holds it as a struct value (ContractVersionedObjectReference,
// MachineNodeReference, ClusterNetwork), whose fields v1beta2's table
// lists.
func (p *planner) refTypeOf(sel *ast.SelectorExpr) (refType, bool) {
	s, ok := p.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return refType{}, false
	}
	ft := s.Type()
	if ptr, ok := types.Unalias(ft).(*types.Pointer); ok {
		ft = ptr.Elem()
	} else if named, ok := types.Unalias(ft).(*types.Named); !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "k8s.io/api/core/v1" {
		return refType{}, false // a value: only a corev1 reference becomes another type
	}
	if _, ok := ft.Underlying().(*types.Struct); !ok {
		return refType{}, false
	}
	recv := s.Recv()
	if ptr, ok := types.Unalias(recv).(*types.Pointer); ok {
		recv = ptr.Elem()
	}
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return refType{}, false
	}
	for _, sw := range p.swaps {
		if sw.old != named.Obj().Pkg().Path() {
			continue
		}
		next, pointer, ok := contract.GoAPIV1Beta2Field(sw.new, named.Obj().Name(), sel.Sel.Name, p.to)
		if !ok || pointer || next == "" {
			return refType{}, false
		}
		has, _ := contract.GoAPIV1Beta2Method(sw.new, next, "IsDefined", p.to)
		return refType{pkg: sw.new, name: next, defined: has}, true
	}
	return refType{}, false
}

// reference rewrites a reference field used whole that v1beta2 holds as a
// value: compared with nil it becomes IsDefined, copied to a local the
// local's uses are judged (refUse), set to a reference literal the literal
// is retyped (refValue). It reports whether the use is settled
// (rewritten or blocked); false leaves it to the caller's block.
func (p *planner) reference(sel *ast.SelectorExpr, parents []ast.Node) bool {
	rt, ok := p.refTypeOf(sel)
	if !ok {
		return false
	}
	switch x := parentOf(parents, sel).(type) {
	case *ast.BinaryExpr:
		return p.definedCheck(x, sel, rt) || p.dropGuard(x, sel, parents) || p.dropIf(x, sel, parents)
	case *ast.AssignStmt:
		if x.Tok == token.ASSIGN && len(x.Lhs) == 1 && len(x.Rhs) == 1 && ast.Unparen(x.Lhs[0]) == ast.Expr(sel) {
			// Set to a reference literal: the literal takes v1beta2's type.
			return p.refValue(p.pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name, x.Rhs[0])
		}
		if x.Tok != token.DEFINE || len(x.Lhs) != 1 || len(x.Rhs) != 1 || ast.Unparen(x.Rhs[0]) != ast.Expr(sel) {
			return false
		}
		id, ok := x.Lhs[0].(*ast.Ident)
		if !ok {
			return false
		}
		if obj := p.pass.TypesInfo.Defs[id]; obj != nil {
			rt.ns = p.namespaceOf(sel)
			p.refs[obj] = rt
			return true
		}
	}
	return false
}

// definedCheck rewrites e == nil to !e.IsDefined() and e != nil to
// e.IsDefined(); false for another comparison.
func (p *planner) definedCheck(x *ast.BinaryExpr, e ast.Expr, rt refType) bool {
	if !rt.defined {
		return false
	}
	other := x.Y
	if ast.Unparen(x.Y) == e {
		other = x.X
	}
	if _, isNil, _ := p.pointee(other); !isNil || x.Op != token.EQL && x.Op != token.NEQ {
		return false
	}
	text := p.text(e) + ".IsDefined()"
	if x.Op == token.EQL {
		text = "!" + text
	}
	p.edit(x.Pos(), x.End(), text)
	return true
}

// refUse judges a use of a local holding a reference that becomes the
// value type rt: compared with nil, or a field or method v1beta2's type
// has, it moves; anything else (a dropped field, a write, the value
// passed on as a pointer) keeps the file on v1beta1.
func (p *planner) refUse(id *ast.Ident, rt refType, parents []ast.Node) {
	switch x := parentOf(parents, id).(type) {
	case *ast.BinaryExpr:
		if p.definedCheck(x, id, rt) || p.dropIf(x, id, parents) {
			return
		}
	case *ast.SelectorExpr:
		if ast.Unparen(x.X) == ast.Expr(id) {
			name := x.Sel.Name
			if _, _, ok := contract.GoAPIV1Beta2Field(rt.pkg, rt.name, name, p.to); ok && !isWritten(parents, x) {
				return
			}
			if has, _ := contract.GoAPIV1Beta2Method(rt.pkg, rt.name, name, p.to); has {
				return
			}
			if p.groupKind(x, parents, rt) {
				return
			}
			if name == "Namespace" && rt.ns != "" && !isWritten(parents, x) {
				p.edit(x.Pos(), x.End(), rt.ns)
				return
			}
			p.block(x.Sel.Pos(), fmt.Sprintf("%s.%s: v1beta2 holds the reference as a %s, which has no %s", id.Name, name, rt.name, name),
				"read the referred object with external.GetObjectFromContractVersionedRef and the referring object's namespace, then run the rewrite again")
			return
		}
	}
	p.block(id.Pos(), fmt.Sprintf("%s holds a reference that v1beta2 makes a %s value, and is used other than by its fields or a nil check", id.Name, rt.name), "rewrite it by hand")
}

// isWritten reports whether sel, whose parents are given up to the
// selector's own parent, is assigned to.
func isWritten(parents []ast.Node, sel *ast.SelectorExpr) bool {
	for i, n := range slices.Backward(parents) {
		if n == ast.Node(sel) && i > 0 {
			if as, ok := parents[i-1].(*ast.AssignStmt); ok {
				return contains(as.Lhs, sel)
			}
			return false
		}
	}
	return false
}

// namespaceOf is the namespace of the object whose reference field ref
// selects, as source, when that object is the root of a plain chain
// (cluster.Spec.InfrastructureRef → cluster.Namespace): the conversion
// gives a v1beta1 reference that namespace. "" otherwise.
func (p *planner) namespaceOf(ref *ast.SelectorExpr) string {
	c, ok := p.chainOf(ref)
	if !ok || c.indexed || c.promote || !plain(c.base) {
		return ""
	}
	if _, rootPath, ok := contract.GoAPIFieldsAt(c.key, c.path); !ok || rootPath != "" {
		return ""
	}
	return p.text(c.base) + ".Namespace"
}

// dropGuard drops the guard x != nil of "x != nil && x.F != nil" where x
// becomes a struct value and F a pointer v1beta2 makes a value (whose nil
// check becomes a comparison with the zero value): the conversion gives
// the zero struct for nil, where the rest is false as the guard was.
func (p *planner) dropGuard(cmp *ast.BinaryExpr, sel *ast.SelectorExpr, parents []ast.Node) bool {
	if cmp.Op != token.NEQ || ast.Unparen(cmp.X) != ast.Expr(sel) {
		return false
	}
	if _, isNil, _ := p.pointee(cmp.Y); !isNil {
		return false
	}
	if p.dropChainGuard(cmp, sel, parents) {
		return true
	}
	var and *ast.BinaryExpr
	for i, n := range slices.Backward(parents) {
		if n == ast.Node(cmp) && i > 0 {
			and, _ = parents[i-1].(*ast.BinaryExpr)
			break
		}
	}
	if and == nil || and.Op != token.LAND || ast.Unparen(and.X) != ast.Expr(cmp) {
		return false
	}
	if p.lenAbove(and.Y, sel) {
		// x != nil && len(x.F) > 0: the zero struct's F is empty.
		p.edit(and.X.Pos(), and.Y.Pos(), "")
		return true
	}
	rest, ok := ast.Unparen(and.Y).(*ast.BinaryExpr)
	if !ok || rest.Op != token.NEQ {
		return false
	}
	if _, isNil, _ := p.pointee(rest.Y); !isNil {
		return false
	}
	inner, ok := ast.Unparen(rest.X).(*ast.SelectorExpr)
	if !ok || ast.Unparen(inner.X) == nil || p.text(inner.X) != p.text(sel) {
		return false
	}
	c, ok := p.chainOf(inner)
	if !ok {
		return false
	}
	changes, rootPath, ok := contract.GoAPIFieldsAt(c.key, c.path)
	if !ok {
		return false
	}
	full := c.path
	if rootPath != "" {
		full = rootPath + "." + c.path
	}
	for _, ch := range changes {
		if ch.Old == full && !ch.Moved && (ch.Class == contract.ChangeStringPointer || ch.Class == contract.ChangePointerToValue) {
			if t, ok := p.pass.TypesInfo.TypeOf(inner).(*types.Pointer); ok && zero(t.Elem()) != "" {
				p.edit(and.X.Pos(), and.Y.Pos(), "")
				return true
			}
		}
	}
	return false
}

// dropChainGuard drops the guard cmp (x != nil) from the && chain it is
// an operand of when a later operand is false on the zero struct the
// conversion gives for a nil x (falseOnZero) and every operand between
// is a nil check of a field below x (dropped the same way):
//
//	c.Spec.ClusterNetwork != nil && c.Spec.ClusterNetwork.Pods != nil && len(c.Spec.ClusterNetwork.Pods.CIDRBlocks) > 0
//	→ len(c.Spec.ClusterNetwork.Pods.CIDRBlocks) > 0
func (p *planner) dropChainGuard(cmp *ast.BinaryExpr, x ast.Expr, parents []ast.Node) bool {
	var top ast.Expr
walk:
	for _, n := range slices.Backward(parents) {
		switch n := n.(type) {
		case *ast.ParenExpr:
		case *ast.BinaryExpr:
			if n == cmp {
				continue
			}
			if n.Op != token.LAND {
				break walk
			}
			top = n
		default:
			break walk
		}
	}
	if top == nil {
		return false
	}
	ops := andOperands(top)
	at := slices.Index(ops, ast.Expr(cmp))
	if at < 0 {
		return false
	}
	under := p.text(x) + "."
	for _, op := range ops[at+1:] {
		if p.falseOnZero(op, x) {
			p.edit(ops[at].Pos(), ops[at+1].Pos(), "")
			return true
		}
		nilCheck, ok := op.(*ast.BinaryExpr)
		if !ok || nilCheck.Op != token.NEQ {
			return false
		}
		if _, isNil, _ := p.pointee(nilCheck.Y); !isNil || !p.pure(nilCheck.X) || !strings.HasPrefix(p.text(nilCheck.X), under) {
			return false
		}
	}
	return false
}

// groupKind rewrites ref.GroupVersionKind().GroupKind() to ref.GroupKind(),
// and its .Kind and .Group to the fields Kind and APIGroup, where v1beta2's
// reference type has them: the group and kind are the reference's own in
// both.
func (p *planner) groupKind(gvk *ast.SelectorExpr, parents []ast.Node, rt refType) bool {
	if gvk.Sel.Name != "GroupVersionKind" {
		return false
	}
	for i := len(parents) - 1; i >= 2; i-- {
		if parents[i] != ast.Node(gvk) {
			continue
		}
		call, ok := parents[i-1].(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		gk, ok := parents[i-2].(*ast.SelectorExpr)
		if !ok || ast.Unparen(gk.X) != ast.Expr(call) {
			return false
		}
		to := ""
		switch gk.Sel.Name {
		case "GroupKind":
			if has, _ := contract.GoAPIV1Beta2Method(rt.pkg, rt.name, "GroupKind", p.to); has {
				to = "GroupKind"
			}
		case "Kind", "Group":
			field := map[string]string{"Kind": "Kind", "Group": "APIGroup"}[gk.Sel.Name]
			if _, pointer, ok := contract.GoAPIV1Beta2Field(rt.pkg, rt.name, field, p.to); ok && !pointer {
				to = field
			}
		}
		if to == "" {
			return false
		}
		// GroupKind() stays a call: the edit ends before its parentheses.
		p.edit(gvk.Sel.Pos(), gk.Sel.End(), to)
		return true
	}
	return false
}

// refLiteral rewrites a reference set in a literal as &corev1.ObjectReference{…}
// (or a value corev1.ObjectReference{…}) to v1beta2's value type when every key it sets is a field of that type
// (NodeRef: &corev1.ObjectReference{Name: n} → MachineNodeReference{Name: n}).
// It reports whether kv is settled.
func (p *planner) refLiteral(t types.Type, kv *ast.KeyValueExpr) bool {
	key, isID := kv.Key.(*ast.Ident)
	return isID && p.refValue(t, key.Name, kv.Value)
}

// refValue rewrites value, a reference literal set to the field of the
// struct type t (a pointer to it) as refLiteral says; it reports whether
// it did.
func (p *planner) refValue(t types.Type, field string, value ast.Expr) bool {
	if p.pass.TypesInfo.Types[value].IsNil() {
		return p.nilRef(t, field, value)
	}
	v := ast.Unparen(value)
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = ast.Unparen(u.X) // v1beta1 holds it as a pointer
	}
	inner, ok := v.(*ast.CompositeLit)
	if !ok || inner.Type == nil {
		return false
	}
	it, ok := types.Unalias(p.pass.TypesInfo.TypeOf(inner)).(*types.Named)
	if !ok || it.Obj().Pkg() == nil || it.Obj().Pkg().Path() != "k8s.io/api/core/v1" || it.Obj().Name() != "ObjectReference" {
		return false
	}
	pn, next, sw, _, ok := p.refSuccessor(t, field)
	if !ok {
		return false
	}
	type change struct {
		pos, end token.Pos
		text     string
	}
	var changes []change
	for i, elt := range inner.Elts {
		k, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		id, ok := k.Key.(*ast.Ident)
		if !ok {
			return false
		}
		if ft := p.pass.TypesInfo.TypeOf(k.Value); ft == nil || !types.Identical(ft.Underlying(), types.Typ[types.String]) && !types.Identical(ft.Underlying(), types.Typ[types.UntypedString]) {
			return false
		}
		if _, ptr, ok := contract.GoAPIV1Beta2Field(sw.new, next, id.Name, p.to); ok && !ptr {
			continue
		}
		switch {
		case id.Name == "Namespace" && len(inner.Elts) > 1 && p.pure(k.Value):
			// v1beta2 refers within the referring object's namespace;
			// the conversion drops the reference's own.
			if i+1 < len(inner.Elts) {
				changes = append(changes, change{elt.Pos(), inner.Elts[i+1].Pos(), ""})
			} else {
				changes = append(changes, change{inner.Elts[i-1].End(), elt.End(), ""})
			}
		case id.Name == "APIVersion":
			// The conversion keeps the group of apiVersion.
			if _, ptr, ok := contract.GoAPIV1Beta2Field(sw.new, next, "APIGroup", p.to); !ok || ptr {
				return false
			}
			group, ok := p.groupOf(k.Value)
			if !ok {
				return false
			}
			changes = append(changes, change{k.Key.Pos(), k.Key.End(), "APIGroup"}, change{k.Value.Pos(), k.Value.End(), group})
		default:
			return false
		}
	}
	p.edit(value.Pos(), inner.Lbrace, pn.Name()+"."+next)
	for _, c := range changes {
		p.edit(c.pos, c.end, c.text)
	}
	return true
}

// refSuccessor is the v1beta2 struct type (next, in the swapped package
// pn names) that holds as a value the field of the struct type t (a
// pointer to it); named is t's own type, sw its swap.
func (p *planner) refSuccessor(t types.Type, field string) (pn *types.PkgName, next string, sw *swap, named *types.Named, ok bool) {
	if ptr, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		t = ptr.Elem()
	}
	named, ok = types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, "", nil, nil, false
	}
	for pn, sw := range p.swaps {
		if sw.old != named.Obj().Pkg().Path() {
			continue
		}
		next, pointer, ok := contract.GoAPIV1Beta2Field(sw.new, named.Obj().Name(), field, p.to)
		if !ok || pointer || next == "" {
			return nil, "", nil, nil, false
		}
		return pn, next, sw, named, true
	}
	return nil, "", nil, nil, false
}

// nilRef rewrites nil set to a *corev1.ObjectReference field of the
// struct type t (a pointer to it) that v1beta2 holds as a struct value to
// that struct's zero value, which the conversion gives for nil.
func (p *planner) nilRef(t types.Type, field string, value ast.Expr) bool {
	pn, next, _, named, ok := p.refSuccessor(t, field)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(named, true, named.Obj().Pkg(), field)
	fv, ok := obj.(*types.Var)
	if !ok || !fv.IsField() {
		return false
	}
	ptr, ok := types.Unalias(fv.Type()).(*types.Pointer)
	if !ok {
		return false
	}
	if ref, ok := types.Unalias(ptr.Elem()).(*types.Named); !ok || ref.Obj().Pkg() == nil || ref.Obj().Pkg().Path() != "k8s.io/api/core/v1" || ref.Obj().Name() != "ObjectReference" {
		return false
	}
	p.edit(value.Pos(), value.End(), pn.Name()+"."+next+"{}")
	return true
}

// groupOf is the API group of an apiVersion expression: of a string
// constant "group/version", or of gv.String() for a schema.GroupVersion
// gv (gv.Group).
func (p *planner) groupOf(e ast.Expr) (string, bool) {
	if tv, ok := p.pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		gv, err := schema.ParseGroupVersion(constant.StringVal(tv.Value))
		if err != nil {
			return "", false
		}
		return strconv.Quote(gv.Group), true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" || !p.schemaType(sel.X, "GroupVersion") {
		return "", false
	}
	if p.pure(sel.X) {
		return p.text(sel.X) + ".Group", true
	}
	// gvk.GroupVersion().String(): the kind's own group.
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || len(inner.Args) != 0 {
		return "", false
	}
	gv, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
	if !ok || gv.Sel.Name != "GroupVersion" || !p.schemaType(gv.X, "GroupVersionKind") || !p.pure(gv.X) && !p.gvkGetter(gv.X) {
		return "", false
	}
	return p.text(gv.X) + ".Group", true
}

// gvkGetter reports whether e is obj.GroupVersionKind() on a pure obj: an
// object's TypeMeta read, without side effects.
func (p *planner) gvkGetter(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "GroupVersionKind" && p.pure(sel.X)
}

// schemaType reports whether e is of apimachinery's schema type name.
func (p *planner) schemaType(e ast.Expr, name string) bool {
	named, ok := types.Unalias(p.pass.TypesInfo.TypeOf(e)).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/runtime/schema" && named.Obj().Name() == name
}

// pure reports whether e reads without side effects: a constant, or an
// identifier with a chain of field selections.
func (p *planner) pure(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit, *ast.Ident:
		return true
	case *ast.SelectorExpr:
		if _, isPkg := p.pass.TypesInfo.Uses[identOf(e.X)].(*types.PkgName); isPkg {
			return true
		}
		if s, ok := p.pass.TypesInfo.Selections[e]; ok && s.Kind() == types.FieldVal {
			return p.pure(e.X)
		}
	}
	return false
}

// identOf is e as an identifier, nil when it is none.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// lenAbove reports whether e is len(x.F…) > 0 (or != 0), a chain of
// fields below x ending in a list, map or string that v1beta2 keeps
// there, whose intermediate pointers v1beta2 makes values: false on the
// zero struct the conversion gives for a nil x, with nothing to panic on.
func (p *planner) lenAbove(e, x ast.Expr) bool {
	cmp, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.GTR && cmp.Op != token.NEQ {
		return false
	}
	if isConst, isZero := p.constZero(cmp.Y); !isConst || !isZero {
		return false
	}
	call, ok := ast.Unparen(cmp.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || p.pass.TypesInfo.Uses[id] != types.Universe.Lookup("len") {
		return false
	}
	last := true
	for e := ast.Unparen(call.Args[0]); ; {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		s, ok := p.pass.TypesInfo.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			return false
		}
		if last {
			switch u := s.Type().Underlying().(type) {
			case *types.Slice, *types.Map:
			case *types.Basic:
				if u.Info()&types.IsString == 0 {
					return false
				}
			default:
				return false
			}
		} else if _, isPtr := types.Unalias(s.Type()).(*types.Pointer); isPtr {
			if _, ok := p.refTypeOf(sel); !ok {
				return false
			}
		}
		last = false
		if p.text(ast.Unparen(sel.X)) == p.text(x) {
			rt, ok := p.refTypeOf(asSelector(x))
			if !ok {
				rt, ok = p.refs[p.pass.TypesInfo.Uses[asIdent(x)]]
			}
			if !ok {
				return false
			}
			_, pointer, ok := contract.GoAPIV1Beta2Field(rt.pkg, rt.name, sel.Sel.Name, p.to)
			return ok && !pointer
		}
		e = ast.Unparen(sel.X)
	}
}

func asSelector(e ast.Expr) *ast.SelectorExpr {
	sel, _ := ast.Unparen(e).(*ast.SelectorExpr)
	return sel
}

func asIdent(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// dropIf drops the guard of "if x != nil { … }" where x becomes a struct
// value without IsDefined, when every statement of the body is an if
// (without else) whose condition is false on the zero struct the
// conversion gives for a nil x (falseOnZero): the body does nothing then,
// as it did not run before. The if becomes a block, its init kept.
func (p *planner) dropIf(cmp *ast.BinaryExpr, x ast.Expr, parents []ast.Node) bool {
	if cmp.Op != token.NEQ || ast.Unparen(cmp.X) != x {
		return false
	}
	if _, isNil, _ := p.pointee(cmp.Y); !isNil {
		return false
	}
	var ifs *ast.IfStmt
	for i, n := range slices.Backward(parents) {
		if n == ast.Node(cmp) || n == ast.Node(x) {
			continue
		}
		ifs, _ = parents[i].(*ast.IfStmt)
		break
	}
	if ifs == nil || ast.Unparen(ifs.Cond) != ast.Expr(cmp) || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	for _, st := range ifs.Body.List {
		inner, ok := st.(*ast.IfStmt)
		if !ok || inner.Init != nil || inner.Else != nil || !p.falseOnZero(inner.Cond, x) {
			return false
		}
	}
	if ifs.Init == nil {
		p.edit(ifs.Pos(), ifs.Body.Lbrace+1, "{")
		return true
	}
	p.edit(ifs.Pos(), ifs.Init.Pos(), "{\n")
	p.edit(ifs.Init.End(), ifs.Body.Lbrace+1, "")
	return true
}

// falseOnZero reports whether cond is false when x is the zero struct:
// len(x.F…) > 0, or a conjunction whose first such term comes after nil
// checks of x's fields only (which the move drops, dropGuard).
func (p *planner) falseOnZero(cond ast.Expr, x ast.Expr) bool {
	cond = ast.Unparen(cond)
	if p.lenAbove(cond, x) {
		return true
	}
	and, ok := cond.(*ast.BinaryExpr)
	if !ok || and.Op != token.LAND {
		return false
	}
	if p.falseOnZero(and.X, x) {
		return true
	}
	nilCheck, ok := ast.Unparen(and.X).(*ast.BinaryExpr)
	if !ok || nilCheck.Op != token.NEQ {
		return false
	}
	if _, isNil, _ := p.pointee(nilCheck.Y); !isNil {
		return false
	}
	field, ok := ast.Unparen(nilCheck.X).(*ast.SelectorExpr)
	if !ok || p.text(ast.Unparen(field.X)) != p.text(x) {
		return false
	}
	if _, ok := p.refTypeOf(field); !ok {
		return false
	}
	return p.lenAbove(and.Y, field)
}
