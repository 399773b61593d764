package poolusage

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
	"github.com/mpaudit/mpaudit/analyzers/pooltypes"
)

// fixesFor returns the suggested fixes for one access. needsProvisioned
// marks a status.ready write whose function never sets provisioned.
func fixesFor(pass *analysis.Pass, a access, needsProvisioned bool) []analysis.SuggestedFix {
	var fixes []analysis.SuggestedFix
	if needsProvisioned {
		if edits := provisionedCompanion(pass, a); len(edits) > 0 {
			fixes = append(fixes, analysis.SuggestedFix{
				Message:   "also set status.initialization.provisioned (one-way: only ever set to true)",
				TextEdits: edits,
			})
		}
	}
	// Use sites of the type-side migrations (MPA107, MPA105/MPA106); a use
	// they cannot rewrite gets no fix and a "(needs a person)" message.
	fixes = append(fixes, providerIDMigration(pass, a).fix("rewrite for spec.providerID as a string (the MPA107 type fix)")...)
	fixes = append(fixes, failureMigration(pass, a).fix("use the status.deprecated.v1beta1 accessors (the MPA105/MPA106 type fix)")...)
	return fixes
}

// provisionedCompanion sets Status.Initialization.Provisioned next to a
// write of Status.Ready: unconditionally when ready is set to the constant
// true, else guarded by the value just written, so provisioned is never reset.
func provisionedCompanion(pass *analysis.Pass, a access) []analysis.TextEdit {
	ptrName, importEdits := ptrHelper(a.file)
	switch n := a.node.(type) {
	case *ast.SelectorExpr:
		stmt, ok := enclosingAssign(a.stack, n)
		if !ok {
			return nil
		}
		statusExpr, err := parser.ParseExpr(types.ExprString(n.X))
		if err != nil {
			return nil
		}
		tv := pass.TypesInfo.Types[n.X]
		initName, provName := initializationNames(tv.Type)
		target := &ast.SelectorExpr{X: &ast.SelectorExpr{X: statusExpr, Sel: ast.NewIdent(initName)}, Sel: ast.NewIdent(provName)}
		set := &ast.AssignStmt{Lhs: []ast.Expr{target}, Tok: token.ASSIGN, Rhs: []ast.Expr{trueValue(ptrName)}}
		var out ast.Stmt = set
		if !isConstTrue(pass, a.rhs) {
			readyExpr, _ := parser.ParseExpr(types.ExprString(n))
			var cond ast.Expr = readyExpr
			if _, isPtr := pass.TypesInfo.TypeOf(n).(*types.Pointer); isPtr {
				cond = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(ptrName), Sel: ast.NewIdent("Deref")},
					Args: []ast.Expr{readyExpr, ast.NewIdent("false")}}
			}
			out = &ast.IfStmt{Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{set}}}
		}
		text, ok := render(out)
		if !ok {
			return nil
		}
		at := lineEnd(pass.Fset, a.file, stmt.End())
		return append(importEdits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + text)})
	case *ast.KeyValueExpr:
		if !isConstTrue(pass, a.rhs) {
			return nil // a computed value in a literal needs a person
		}
		lit, ok := parentLiteral(a.stack)
		if !ok {
			return nil
		}
		tv := pass.TypesInfo.Types[lit]
		initName, provName := initializationNames(tv.Type)
		initType := pooltypes.InitializationTypeName(a.pool.Pool.Kind)
		if f, ok := poolfinder.FieldByJSON(tv.Type, "initialization"); ok {
			initType = types.TypeString(f.Var.Type(), types.RelativeTo(pass.Pkg))
		}
		typeExpr, err := parser.ParseExpr(qualify(initType, pass, tv.Type))
		if err != nil {
			return nil
		}
		kv := &ast.KeyValueExpr{Key: ast.NewIdent(initName), Value: &ast.CompositeLit{Type: typeExpr, Elts: []ast.Expr{
			&ast.KeyValueExpr{Key: ast.NewIdent(provName), Value: trueValue(ptrName)},
		}}}
		text, ok := render(kv)
		if !ok {
			return nil
		}
		return append(importEdits, analysis.TextEdit{Pos: n.End(), End: n.End(), NewText: []byte(", " + text)})
	}
	return nil
}

// qualify prefixes a type name declared in the pool's API package with the
// import name the file uses for that package.
func qualify(name string, pass *analysis.Pass, statusType types.Type) string {
	named, ok := poolfinder.Deref(statusType).(*types.Named)
	if !ok || named.Obj().Pkg() == pass.Pkg || containsDot(name) {
		return name
	}
	pkg := named.Obj().Pkg()
	for _, imp := range pass.Pkg.Imports() {
		if imp == pkg {
			for _, f := range pass.Files {
				for _, spec := range f.Imports {
					if p, _ := strconv.Unquote(spec.Path.Value); p == pkg.Path() && spec.Name != nil {
						return spec.Name.Name + "." + name
					}
				}
			}
		}
	}
	return pkg.Name() + "." + name
}

func containsDot(s string) bool { return bytes.ContainsRune([]byte(s), '.') }

// initializationNames are the Go names of the initialization and
// provisioned fields: the type's own when present, else the ones the
// initialization fix adds.
func initializationNames(statusType types.Type) (string, string) {
	initName, provName := "Initialization", "Provisioned"
	if f, ok := poolfinder.FieldByJSON(statusType, "initialization"); ok {
		initName = f.Var.Name()
		if p, ok := poolfinder.FieldByJSON(f.Var.Type(), "provisioned"); ok {
			provName = p.Var.Name()
		}
	}
	return initName, provName
}

func trueValue(ptrName string) ast.Expr {
	if ptrName == "pointer" {
		return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("pointer"), Sel: ast.NewIdent("Bool")}, Args: []ast.Expr{ast.NewIdent("true")}}
	}
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(ptrName), Sel: ast.NewIdent("To")}, Args: []ast.Expr{ast.NewIdent("true")}}
}

// isConstTrue recognises true, ptr.To(true) and pointer.Bool(true).
func isConstTrue(pass *analysis.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	if tv, ok := pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value)
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "To", "Bool", "BoolPtr":
				return isConstTrue(pass, call.Args[0])
			}
		}
	}
	return false
}

// ptrHelper returns the name to call for a *bool and, when the file has no
// pointer helper yet, the edit importing k8s.io/utils/ptr.
func ptrHelper(f *ast.File) (string, []analysis.TextEdit) {
	name := ""
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		switch path {
		case "k8s.io/utils/ptr":
			if spec.Name != nil {
				return spec.Name.Name, nil
			}
			return "ptr", nil
		case "k8s.io/utils/pointer":
			if spec.Name == nil {
				name = "pointer"
			}
		}
	}
	if name != "" {
		return name, nil
	}
	const imp = `"k8s.io/utils/ptr"`
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return "ptr", []analysis.TextEdit{{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + imp + "\n")}}
		}
		return "ptr", []analysis.TextEdit{{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + imp)}}
	}
	return "ptr", []analysis.TextEdit{{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + imp)}}
}

// enclosingAssign finds the assignment statement that writes sel, when it
// sits where a statement may follow it.
func enclosingAssign(stack []ast.Node, sel ast.Expr) (*ast.AssignStmt, bool) {
	for i := len(stack) - 1; i > 0; i-- {
		as, ok := stack[i].(*ast.AssignStmt)
		if !ok {
			continue
		}
		written := false
		for _, lhs := range as.Lhs {
			if target(lhs) == sel {
				written = true
			}
		}
		if !written {
			return nil, false
		}
		switch stack[i-1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return as, true
		}
		return nil, false
	}
	return nil, false
}

// lineEnd moves pos past a comment that trails it on the same line, so an
// inserted statement does not take the comment with it.
func lineEnd(fset *token.FileSet, f *ast.File, pos token.Pos) token.Pos {
	line := fset.Position(pos).Line
	for _, cg := range f.Comments {
		if cg.Pos() >= pos && fset.Position(cg.Pos()).Line == line {
			return cg.End()
		}
	}
	return pos
}

func parentLiteral(stack []ast.Node) (*ast.CompositeLit, bool) {
	for i := len(stack) - 1; i >= 0; i-- {
		if cl, ok := stack[i].(*ast.CompositeLit); ok {
			return cl, true
		}
	}
	return nil, false
}

func render(n ast.Node) (string, bool) {
	var buf bytes.Buffer
	if err := format.Node(&buf, token.NewFileSet(), n); err != nil {
		return "", false
	}
	return buf.String(), true
}
