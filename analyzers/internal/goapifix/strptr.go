package goapifix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The conversion of a field that was *T and is a T in v1beta2 makes the
// zero value nil and back: from v1.11 the v1beta1 view of an object the
// core stores as v1beta2 has nil wherever the v1beta2 one has the zero
// value (the core's conversion drops empty strings), so the forms below
// give the code what it read on the target core.

// derefCall is the v1beta2 value of a field written with the result of a
// call that returns a pointer (a helper such as scw.Int32Ptr(443)):
// ptr.Deref(call, zero), nil being the zero value. Only a call: its fresh
// pointer is not one the code writes through later, which the field, a
// value now, would not see.
func (p *planner) derefCall(rhs ast.Expr, z string) (string, bool) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || z == "" {
		return "", false
	}
	if tv, ok := p.pass.TypesInfo.Types[call.Fun]; !ok || tv.IsType() {
		return "", false // a conversion of another pointer
	}
	if _, ok := types.Unalias(p.pass.TypesInfo.TypeOf(call)).(*types.Pointer); !ok {
		return "", false
	}
	deref, ok := p.ref(call.Pos(), ptrPkg, "Deref")
	if !ok {
		return "", false
	}
	return deref + "(" + p.text(call) + ", " + z + ")", true
}

// nilWhenEmpty rewrites a string or number field v1beta2 makes a value,
// used where the pointer is still wanted (passed on, returned, held in a
// local), to the pointer the v1beta1 object had on the target core: nil
// for "" or 0, the field's address otherwise (a write through it still
// reaches the object). The value is held in a local declared before the statement:
//
//	var failureDomain *string
//	if m.Spec.FailureDomain != "" {
//		failureDomain = &m.Spec.FailureDomain
//	}
//
// or, for `v := field` and `v = field`, v itself. It reports false, changing nothing,
// where that is not the same program: the field not addressable, the use
// under a condition or a function literal (hoisted, the read would run
// where it did not), after a call in the same statement.
func (u use) nilWhenEmpty() bool {
	p, sel := u.p, u.sel
	t, ok := types.Unalias(p.pass.TypesInfo.TypeOf(sel)).(*types.Pointer)
	if !ok || !p.addressable(sel.X) {
		return false
	}
	elem, ok := types.Unalias(t.Elem()).(*types.Basic)
	z := zero(t.Elem())
	if !ok || z == "" || elem.Info()&types.IsBoolean != 0 {
		return false // a bool's false is a value the code may mean
	}
	stmt, block := u.statement()
	if stmt == nil {
		return false
	}
	// A call before the use in the statement could change the field
	// the hoisted read sees first.
	early := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.End() <= sel.Pos() {
			if tv, ok := p.pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
				early = true
			}
		}
		return !early
	})
	if early {
		return false
	}
	indent := indentOf(p.src, p.tf.Offset(stmt.Pos()))
	decl := func(name string) string {
		return "var " + name + " *" + elem.Name() + "\n" + indent + "if " + u.n + " != " + z + " {\n" + indent + "\t" + name + " = &" + u.n + "\n" + indent + "}"
	}
	if as, ok := stmt.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == ast.Expr(sel) {
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name != "_" && types.Identical(p.pass.TypesInfo.TypeOf(id), t) {
			_, defines := p.pass.TypesInfo.Defs[id]
			_, local := p.pass.TypesInfo.Uses[id].(*types.Var)
			switch {
			case as.Tok == token.DEFINE && defines:
				p.edit(as.Pos(), as.End(), decl(id.Name))
				return true
			case as.Tok == token.ASSIGN && local:
				// v = field: nil, then the field's address when set.
				p.edit(as.Pos(), as.End(), id.Name+" = nil\n"+indent+"if "+u.n+" != "+z+" {\n"+indent+"\t"+id.Name+" = &"+u.n+"\n"+indent+"}")
				return true
			}
		}
	}
	name := p.freeName(lowerFirst(sel.Sel.Name), stmt.Pos(), block)
	if name == "" {
		return false
	}
	p.edit(stmt.Pos(), stmt.Pos(), decl(name)+"\n"+indent)
	p.edit(sel.Pos(), sel.End(), name)
	return true
}

// statement is the statement of a block that holds the use, reached
// only through nodes evaluated unconditionally and once with the
// statement (call arguments, literals, a return, an assignment's values,
// an if's init and condition without && or ||), and that block.
func (u use) statement() (ast.Stmt, ast.Node) {
	var child ast.Node = u.sel
	for i := len(u.parents) - 1; i > 0; i-- {
		n := u.parents[i]
		switch x := n.(type) {
		case *ast.ParenExpr, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ReturnStmt, *ast.ExprStmt, *ast.ValueSpec, *ast.GenDecl, *ast.DeclStmt:
		case *ast.CallExpr:
			if ast.Unparen(x.Fun) == child {
				return nil, nil
			}
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil, nil
			}
		case *ast.AssignStmt:
			if !slices.ContainsFunc(x.Rhs, func(e ast.Expr) bool { return e == child }) {
				return nil, nil
			}
		case *ast.IfStmt:
			if child != x.Init && child != x.Cond {
				return nil, nil
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				return nil, nil
			}
		default:
			return nil, nil
		}
		if s, ok := n.(ast.Stmt); ok {
			switch b := u.parents[i-1].(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				return s, b
			}
		}
		child = n
	}
	return nil, nil
}

// freeName is base, or base with a suffix (a function may hold several
// such reads of one field), when no declaration in scope
// at pos and no identifier of block has that name (a later use of an
// outer one would be shadowed) and the plan declares none yet.
func (p *planner) freeName(base string, pos token.Pos, block ast.Node) string {
	if base == "" || token.Lookup(base).IsKeyword() {
		return ""
	}
	used := map[string]bool{}
	ast.Inspect(block, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	scope := p.pass.Pkg.Scope().Innermost(pos)
	names := []string{base, base + "Ptr", base + "Ref"}
	for i := 2; i <= 9; i++ {
		names = append(names, base+"Ptr"+strconv.Itoa(i))
	}
	for _, name := range names {
		if used[name] || p.declared[name] || scope != nil && func() bool { _, obj := scope.LookupParent(name, pos); return obj != nil }() {
			continue
		}
		if p.declared == nil {
			p.declared = map[string]bool{}
		}
		p.declared[name] = true
		return name
	}
	return ""
}

// addressable reports whether &e compiles in v1beta1 and in v1beta2: a
// chain of fields and slice or array elements from a variable or a
// pointer's target (v1beta2 holds some pointers as values, so a hop
// through a pointer alone does not make a call's result addressable).
func (p *planner) addressable(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := p.pass.TypesInfo.Uses[x].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if s, ok := p.pass.TypesInfo.Selections[x]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		return p.addressable(x.X)
	case *ast.StarExpr:
		return true
	case *ast.IndexExpr:
		switch types.Unalias(p.pass.TypesInfo.TypeOf(x.X)).Underlying().(type) {
		case *types.Slice:
			return true
		case *types.Array:
			return p.addressable(x.X)
		}
	}
	return false
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return ""
	}
	out := string(unicode.ToLower(r)) + s[n:]
	if strings.ToUpper(s) == s {
		out = strings.ToLower(s) // ID → id
	}
	return out
}
