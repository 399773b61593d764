package kindtypes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// The declarations of the failure move, built as AST nodes: the moved
// fields, the deprecated groups and the accessors.

// statusProposal is where Cluster API explains the deprecated groups.
const statusProposal = "See https://github.com/kubernetes-sigs/cluster-api/blob/main/docs/proposals/20240916-improve-status-in-CAPI-resources.md for more context."

// typeCopy copies a field's type expression without its positions, so it
// can be printed among generated nodes; false for shapes it does not copy.
func typeCopy(e ast.Expr) (func(token.Pos) ast.Expr, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return func(pos token.Pos) ast.Expr { return &ast.Ident{Name: e.Name, NamePos: pos} }, true
	case *ast.StarExpr:
		x, ok := typeCopy(e.X)
		return func(pos token.Pos) ast.Expr { return &ast.StarExpr{Star: pos, X: x(pos)} }, ok
	case *ast.SelectorExpr:
		id, ok := e.X.(*ast.Ident)
		return func(pos token.Pos) ast.Expr {
			return &ast.SelectorExpr{X: &ast.Ident{Name: id.Name, NamePos: pos}, Sel: &ast.Ident{Name: e.Sel.Name, NamePos: pos}}
		}, ok
	case *ast.ArrayType:
		if e.Len != nil {
			return nil, false
		}
		elt, ok := typeCopy(e.Elt)
		return func(pos token.Pos) ast.Expr { return &ast.ArrayType{Lbrack: pos, Elt: elt(pos)} }, ok
	case *ast.MapType:
		k, ok1 := typeCopy(e.Key)
		v, ok2 := typeCopy(e.Value)
		return func(pos token.Pos) ast.Expr { return &ast.MapType{Map: pos, Key: k(pos), Value: v(pos)} }, ok1 && ok2
	}
	return nil, false
}

// rawDoc is a comment group of comment texts as written ("// a", "//").
func (l *layout) rawDoc(texts []string) *ast.CommentGroup {
	if len(texts) == 0 {
		return nil
	}
	g := &ast.CommentGroup{}
	for _, t := range texts {
		g.List = append(g.List, &ast.Comment{Slash: l.next(), Text: t})
	}
	return g
}

// movedField is a failure field as the v1beta1 group holds it: its doc with
// the Deprecated paragraph in Cluster API's order (description, Deprecated,
// markers), the same name, type and tag, and its line comment.
func (l *layout) movedField(f *ast.Field, typ func(token.Pos) ast.Expr) *ast.Field {
	var text, markers []string
	if f.Doc != nil {
		for _, c := range f.Doc.List {
			text = append(text, c.Text)
		}
	}
	for len(text) > 0 {
		last := strings.TrimSpace(strings.TrimPrefix(text[len(text)-1], "//"))
		if !strings.HasPrefix(last, "+") && last != "" {
			break
		}
		markers = append([]string{text[len(text)-1]}, markers...)
		text = text[:len(text)-1]
	}
	if !strings.Contains(strings.Join(text, "\n"), "Deprecated:") {
		if len(text) > 0 {
			text = append(text, "//")
		}
		text = append(text, DeprecatedFieldDoc)
		if len(markers) > 0 && strings.TrimSpace(markers[0]) != "//" {
			text = append(text, "//")
		}
	}
	out := &ast.Field{Doc: l.rawDoc(append(text, markers...)), Names: []*ast.Ident{{Name: f.Names[0].Name, NamePos: l.next()}}, Type: typ(l.at(1))}
	if f.Tag != nil {
		out.Tag = &ast.BasicLit{ValuePos: l.at(2), Kind: token.STRING, Value: f.Tag.Value}
	}
	if f.Comment != nil {
		out.Comment = &ast.CommentGroup{}
		for i, c := range f.Comment.List {
			out.Comment.List = append(out.Comment.List, &ast.Comment{Slash: l.at(3 + i), Text: c.Text})
		}
	}
	return out
}

func pointerTo(name string) func(token.Pos) ast.Expr {
	return func(pos token.Pos) ast.Expr { return &ast.StarExpr{Star: pos, X: &ast.Ident{Name: name, NamePos: pos}} }
}

// groupTag is the json tag of status.deprecated (i=1) or its v1beta1 group (2).
func groupTag(i int) contract.JSONTag {
	return contract.JSONTag{Name: contract.Segment(contract.PathDeprecatedV1B1, i), OmitEmpty: true}
}

func v1Beta1Field(l *layout, m *FailureMove) *ast.Field {
	return l.field([]string{
		contract.Segment(contract.PathDeprecatedV1B1, 2) + " groups all the status fields that are deprecated and will be removed when support for v1beta1 will be dropped.",
		contract.Marker{Name: contract.MarkerOptional}.String(),
	}, m.V1Beta1Name, pointerTo(m.V1Beta1Type), groupTag(2))
}

func deprecatedDecl(l *layout, m *FailureMove) ast.Decl {
	return l.structDecl([]string{
		m.DeprecatedType + " groups all the status fields that are deprecated and will be removed in a future version.",
		statusProposal,
	}, m.DeprecatedType, func() []*ast.Field { return []*ast.Field{v1Beta1Field(l, m)} })
}

func v1Beta1Doc(m *FailureMove) []string {
	return []string{
		m.V1Beta1Type + " groups all the status fields that are deprecated and will be removed when support for v1beta1 will be dropped.",
		statusProposal,
	}
}

// accessorDecls are the getter (zero value when a group is nil) and the
// setter (allocating the groups) of one moved field.
func accessorDecls(l *layout, m *FailureMove, v *types.Var, typ func(token.Pos) ast.Expr) []ast.Decl {
	json, _ := kindfinder.JSONNameOf(m.Status.Underlying().(*types.Struct), v)
	path := contract.PathDeprecatedV1B1 + "." + json
	recv := func() *ast.FieldList {
		return &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent("s")}, Type: pointerTo(m.Status.Obj().Name())(token.NoPos)}}}
	}
	sel := func(names ...string) ast.Expr {
		var x ast.Expr = ast.NewIdent("s")
		for _, n := range names {
			x = &ast.SelectorExpr{X: x, Sel: ast.NewIdent(n)}
		}
		return x
	}
	isNil := func(x ast.Expr) ast.Expr { return &ast.BinaryExpr{X: x, Op: token.EQL, Y: ast.NewIdent("nil")} }
	dep, group := []string{m.DeprecatedName}, []string{m.DeprecatedName, m.V1Beta1Name}

	var cond ast.Expr
	for _, c := range []struct {
		ptr   bool
		names []string
	}{{m.DeprecatedPtr, dep}, {m.V1Beta1Ptr, group}} {
		if !c.ptr {
			continue
		}
		if cond == nil {
			cond = isNil(sel(c.names...))
		} else {
			cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: isNil(sel(c.names...))}
		}
	}
	var get []ast.Stmt
	if cond != nil {
		get = append(get, &ast.IfStmt{Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{
			&ast.ReturnStmt{Results: []ast.Expr{zeroExpr(v.Type(), typ)}}}}})
	}
	get = append(get, &ast.ReturnStmt{Results: []ast.Expr{sel(append(group, v.Name())...)}})
	getter := &ast.FuncDecl{
		Doc:  l.doc([]string{fmt.Sprintf("%s returns %s, or the zero value when it is not set.", FailureGetter(v.Name()), path)}),
		Recv: recv(), Name: ast.NewIdent(FailureGetter(v.Name())),
		Type: &ast.FuncType{Func: l.next(), Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: typ(token.NoPos)}}}},
		Body: &ast.BlockStmt{List: get},
	}

	var set []ast.Stmt
	for _, c := range []struct {
		ptr      bool
		names    []string
		typeName string
	}{{m.DeprecatedPtr, dep, m.DeprecatedType}, {m.V1Beta1Ptr, group, m.V1Beta1Type}} {
		if !c.ptr {
			continue
		}
		set = append(set, &ast.IfStmt{Cond: isNil(sel(c.names...)), Body: &ast.BlockStmt{List: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{sel(c.names...)}, Tok: token.ASSIGN, Rhs: []ast.Expr{
				&ast.UnaryExpr{Op: token.AND, X: &ast.CompositeLit{Type: ast.NewIdent(c.typeName)}}}}}}})
	}
	set = append(set, &ast.AssignStmt{Lhs: []ast.Expr{sel(append(group, v.Name())...)}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("v")}})
	setter := &ast.FuncDecl{
		Doc:  l.doc([]string{fmt.Sprintf("%s sets %s, allocating the deprecated groups when they are nil.", FailureSetter(v.Name()), path)}),
		Recv: recv(), Name: ast.NewIdent(FailureSetter(v.Name())),
		Type: &ast.FuncType{Func: l.next(), Params: &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent("v")}, Type: typ(token.NoPos)}}}},
		Body: &ast.BlockStmt{List: set},
	}
	return []ast.Decl{getter, setter}
}

// zeroExpr is the zero value of t, whose type expression is typ.
func zeroExpr(t types.Type, typ func(token.Pos) ast.Expr) ast.Expr {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return ast.NewIdent("nil")
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return &ast.BasicLit{Kind: token.STRING, Value: `""`}
		case u.Info()&types.IsBoolean != 0:
			return ast.NewIdent("false")
		case u.Info()&types.IsNumeric != 0:
			return &ast.BasicLit{Kind: token.INT, Value: "0"}
		}
	}
	return &ast.StarExpr{X: &ast.CallExpr{Fun: ast.NewIdent("new"), Args: []ast.Expr{typ(token.NoPos)}}}
}
