package poolusage

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/analyzers/internal/imports"
	"github.com/mpaudit/mpaudit/analyzers/internal/lvalue"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
)

// fixesFor returns the suggested fixes for one access: the companion
// write a finding of its own offers, the use-site rewrites that follow a
// type fix, and the message suffix of a use they leave to a person.
// needsProvisioned marks a status.ready write whose function never sets
// provisioned.
func fixesFor(pass *analysis.Pass, a access, needsProvisioned bool) (fixes, migrate []analysis.SuggestedFix, note string) {
	note = manualNote(pass, a)
	if needsProvisioned {
		companion, manual := companionFix(pass, []access{a})
		fixes = append(fixes, companion...)
		if manual != "" {
			note = manual
		}
	}
	// Use sites of the type-side migrations (a *string made a string,
	// failure fields moved), where the type fix changes the field
	// (kindtypes.Changed); a use they cannot rewrite gets no fix and a
	// "(needs a person)" message.
	shapeRule, failureRule := "", ""
	if k := a.pool.Ref.Catalog(); k != nil {
		shapeRule, failureRule = shapeRuleOf(k, contract.AspectProviderID), failureRulesOf(k)
	}
	migrate = append(migrate, providerIDMigration(pass, a).fix("rewrite for "+a.path+" as a string (the "+shapeRule+" type fix)")...)
	migrate = append(migrate, pointerMigration(pass, a).fix("rewrite for "+a.path+" as a pointer (the "+shapeRule+" type fix: a written zero is now sent)")...)
	migrate = append(migrate, failureMigration(pass, a).fix("use the "+contract.PathDeprecatedV1B1+" accessors (the "+failureRule+" type fix)")...)
	return fixes, migrate, note
}

// changes reports whether kindtypes' fix changes the field v
// (kindtypes.Changed): only then do its uses change.
func changes(pass *analysis.Pass, v *types.Var) bool {
	for _, r := range pass.ResultOf {
		if k, ok := r.(*kindtypes.Result); ok {
			return k.Changes(v)
		}
	}
	return false
}

// fieldOf is the field an access selects or keys.
func fieldOf(pass *analysis.Pass, a access) *types.Var {
	var id *ast.Ident
	switch n := a.node.(type) {
	case *ast.SelectorExpr:
		id = n.Sel
	case *ast.KeyValueExpr:
		id, _ = n.Key.(*ast.Ident)
	}
	if id == nil {
		return nil
	}
	v, _ := pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// companionMessage is the message of the fix that adds the v1beta2 write
// beside a's write of the v1beta1 field.
func companionMessage(a access) string {
	pair, _, _ := readinessOf(a.pool.Ref, a.path)
	paths := pairPaths(a.pool.Ref.ContractKind, pair)
	if pair != 0 {
		return "also write " + paths[provisioned] + " (the v1beta2 name) from " + paths[ready]
	}
	return "also set " + paths[provisioned] + " (one-way: only ever set to true)"
}

// companionFix sets provisioned beside every ready write in ready, or
// declines: then note says the writes need a person. It is all or nothing,
// so a fixed function never keeps a ready write without its companion.
func companionFix(pass *analysis.Pass, ready []access) (fixes []analysis.SuggestedFix, note string) {
	var edits []analysis.TextEdit
	if len(ready) == 0 {
		return nil, manualSuffix
	}
	spell := imports.New(pass.Fset, pass.TypesInfo, pass.Pkg, ready[0].file)
	for _, a := range ready {
		e, why, ok := provisionedCompanion(pass, spell, a)
		if !ok {
			if why != "" {
				return nil, " (needs a person: " + why + ")"
			}
			return nil, manualSuffix
		}
		edits = append(edits, e...)
	}
	if len(edits) == 0 {
		return nil, manualSuffix
	}
	return []analysis.SuggestedFix{{Message: companionMessage(ready[0]), TextEdits: edits}}, ""
}

// provisionedCompanion sets Status.Initialization.Provisioned next to a
// write of Status.Ready: unconditionally when ready is set to a constant
// true, else guarded by the value just written, so provisioned is never
// reset. The status expression is evaluated once, as before the fix.
// why says, when it declines, what a person must do.
func provisionedCompanion(pass *analysis.Pass, spell *imports.File, a access) (edits []analysis.TextEdit, why string, ok bool) {
	cur, ok := cursorOf(pass, a.node)
	if !ok {
		return nil, "", false
	}
	pair, side, ok := readinessOf(a.pool.Ref, a.path)
	if !ok || side != ready {
		return nil, "", false
	}
	switch n := a.node.(type) {
	case *ast.SelectorExpr:
		edits, ok := companionStatement(pass, spell, a, cur, n, pair)
		return edits, "", ok
	case *ast.KeyValueExpr:
		if pair != 0 {
			return companionCopyKey(pass, spell, a, cur, n)
		}
		edits, ok := companionKey(pass, spell, a, cur, n)
		return edits, "", ok
	}
	return nil, "", false
}

// companionCopyKey adds the v1beta2 name of a copied counter beside its
// v1beta1 key in a literal (Status{UpdatedReplicas: n, UpToDateReplicas:
// ptr.To(n)}). The value is written twice, so only a value whose second
// evaluation reads the same (a constant, variables, fields) in a literal
// whose other elements call nothing qualifies; else why says what to do.
func companionCopyKey(pass *analysis.Pass, spell *imports.File, a access, cur inspector.Cursor, kv *ast.KeyValueExpr) ([]analysis.TextEdit, string, bool) {
	lit, ok := cur.Parent().Node().(*ast.CompositeLit)
	if !ok {
		return nil, "", false
	}
	key, ok := kv.Key.(*ast.Ident)
	if !ok {
		return nil, "", false
	}
	next, ok := kindtypes.CopiedBy(a.pool.Ref.Catalog(), a.path)
	if !ok {
		return nil, "", false
	}
	info := pass.TypesInfo
	oldType := info.TypeOf(key)
	old, _ := info.Uses[key].(*types.Var)
	newName, newType, ok := copyTarget(pass, info.TypeOf(lit), next, old, oldType)
	if !ok {
		return nil, "", false
	}
	for _, elt := range lit.Elts {
		k, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, "", false
		}
		if id, ok := k.Key.(*ast.Ident); ok && id.Name == newName {
			return nil, "", false // spelled out already
		}
		if k != kv && calls(info, k.Value) {
			return nil, fmt.Sprintf("another element of the literal calls a function, which could change %s's value before it is read again for %s; set %s after the literal", types.ExprString(kv.Value), next.Path, next.Path), false
		}
	}
	value, ok := constOrReadOnly(info, kv.Value)
	if !ok {
		return nil, fmt.Sprintf("%s is not a variable or constant, and a literal cannot evaluate it once for both names; bind it to a variable, or set %s after the literal", types.ExprString(kv.Value), next.Path), false
	}
	var edits []analysis.TextEdit
	switch {
	case types.Identical(newType, oldType):
	case types.Identical(newType, types.NewPointer(oldType)):
		to, more, ok := spell.Ref(kv.Pos(), ptrPath, "To")
		if !ok {
			return nil, "", false
		}
		var fun ast.Expr = to
		if tv := info.Types[kv.Value]; tv.Value != nil {
			// ptr.To would give the constant's default type.
			t, more2, ok := spell.TypeExpr(kv.Pos(), oldType)
			if !ok {
				return nil, "", false
			}
			fun, more = &ast.IndexExpr{X: to, Index: t}, append(more, more2...)
		}
		value, edits = &ast.CallExpr{Fun: fun, Args: []ast.Expr{value}}, more
	default:
		return nil, "", false
	}
	text, ok := render(token.NewFileSet(), &ast.KeyValueExpr{Key: ast.NewIdent(newName), Value: value})
	if !ok {
		return nil, "", false
	}
	return append(edits, keyAfter(pass.Fset, lit, kv, text)), "", true
}

// keyAfter inserts the element text after kv in lit: on a line of its own
// below kv's when kv ends its line inside a literal of one element per
// line (kv's trailing comma and comment stay where they are), else on
// kv's line.
func keyAfter(fset *token.FileSet, lit *ast.CompositeLit, kv *ast.KeyValueExpr, text string) analysis.TextEdit {
	tf := fset.File(kv.Pos())
	line := tf.Line(kv.End())
	own := line < tf.Line(lit.Rbrace)
	if i := slices.Index(lit.Elts, ast.Expr(kv)); i >= 0 && i+1 < len(lit.Elts) && tf.Line(lit.Elts[i+1].Pos()) == line {
		own = false
	}
	if own {
		at := tf.LineStart(line + 1)
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text + ",\n")}
	}
	return analysis.TextEdit{Pos: kv.End(), End: kv.End(), NewText: []byte(", " + text)}
}

// constOrReadOnly copies a constant literal or a read-only expression.
func constOrReadOnly(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok {
		return &ast.BasicLit{Kind: lit.Kind, Value: lit.Value}, true
	}
	return readOnlyCopy(info, e)
}

// calls reports whether evaluating e may call a function or receive
// (conversions aside).
func calls(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// A conversion or ptr.To calls nothing of the provider's.
			if tv, ok := info.Types[n.Fun]; (!ok || !tv.IsType()) && !isHelper(info, n, ptrPath, "To") {
				found = true
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

// companionStatement follows `x.Ready = v` with the provisioned write on
// the same x. A receiver that only reads variables (p.Status, s.Pool.Status,
// pools[0].Status) is written again as it is; any other (a call, a
// receive, an index that is not a constant) is bound once to a fresh
// variable in a new block:
//
//	{
//		status := &r.next().Status
//		status.Ready = v
//		if ptr.Deref(status.Ready, false) { status.Initialization.Provisioned = ptr.To(true) }
//	}
func companionStatement(pass *analysis.Pass, spell *imports.File, a access, cur inspector.Cursor, ready *ast.SelectorExpr, pair int) ([]analysis.TextEdit, bool) {
	stmt, ok := enclosingAssign(cur, ready)
	if !ok {
		return nil, false
	}
	statusType := pass.TypesInfo.TypeOf(ready.X)
	at := stmt.Pos()
	var edits []analysis.TextEdit
	status, pure := readOnlyCopy(pass.TypesInfo, ready.X)
	bound := ""
	if !pure {
		x := ready.X
		amp := "&"
		if _, isPtr := types.Unalias(statusType).Underlying().(*types.Pointer); isPtr {
			amp = ""
		} else if !pass.TypesInfo.Types[x].Addressable() {
			return nil, false
		}
		xText, ok := render(pass.Fset, x)
		if !ok {
			return nil, false
		}
		bound = spell.FreshName(at, "status", map[string]bool{"ptr": true})
		status = ast.NewIdent(bound)
		edits = append(edits,
			analysis.TextEdit{Pos: at, End: at, NewText: []byte("{\n" + bound + " := " + amp + xText + "\n")},
			analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(bound)})
	}
	set := setProvisioned
	if pair != 0 {
		set = setCopy
	}
	stmts, more, ok := set(pass, spell, a, at, status, statusType, ready.Sel.Name)
	if !ok {
		return nil, false
	}
	var text strings.Builder
	for _, s := range stmts {
		t, ok := render(token.NewFileSet(), s)
		if !ok {
			return nil, false
		}
		text.WriteString("\n" + t)
	}
	if bound != "" {
		text.WriteString("\n}")
	}
	end := lineEnd(pass.Fset, a.file, stmt.End())
	edits = append(edits, more...)
	return append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(text.String())}), true
}

// setProvisioned is the statements that set provisioned on status (an
// expression of statusType, the type holding ready).
func setProvisioned(pass *analysis.Pass, spell *imports.File, a access, at token.Pos, status ast.Expr, statusType types.Type, readyName string) ([]ast.Stmt, []analysis.TextEdit, bool) {
	initField, provType, ok := initialization(pass, statusType, a.pool.Ref, fieldOf(pass, a))
	if !ok {
		return nil, nil, false
	}
	if _, isPtr := types.Unalias(initField.typ).(*types.Pointer); isPtr {
		return nil, nil, false // writing through a nil initialization would panic
	}
	value, edits, ok := trueValue(pass, spell, at, provType)
	if !ok {
		return nil, nil, false
	}
	sel := func(x ast.Expr, names ...string) ast.Expr {
		for _, n := range names {
			x = &ast.SelectorExpr{X: x, Sel: ast.NewIdent(n)}
		}
		return x
	}
	set := &ast.AssignStmt{Lhs: []ast.Expr{sel(status, initField.name, initField.provisioned)}, Tok: token.ASSIGN, Rhs: []ast.Expr{value}}
	if isConstTrue(pass, a.rhs) {
		return []ast.Stmt{set}, edits, true
	}
	cond := sel(status, readyName)
	switch readyType := pass.TypesInfo.TypeOf(a.node.(ast.Expr)); {
	case isBool(readyType):
	case isBoolPointer(readyType):
		deref, more, ok := spell.Ref(at, ptrPath, "Deref")
		if !ok {
			return nil, nil, false
		}
		edits = append(edits, more...)
		cond = &ast.CallExpr{Fun: deref, Args: []ast.Expr{cond, ast.NewIdent("false")}}
	default:
		return nil, nil, false
	}
	if !spell.Predeclared(at, "false") {
		return nil, nil, false
	}
	return []ast.Stmt{&ast.IfStmt{Cond: cond, Body: &ast.BlockStmt{List: []ast.Stmt{set}}}}, edits, true
}

// setCopy is the statement that writes a renamed field's v1beta2 name
// from the v1beta1 one just written (status.UpToDateReplicas =
// ptr.To(status.UpdatedReplicas)), for pairs the catalog marks as copies.
func setCopy(pass *analysis.Pass, spell *imports.File, a access, at token.Pos, status ast.Expr, statusType types.Type, oldName string) ([]ast.Stmt, []analysis.TextEdit, bool) {
	next, ok := kindtypes.CopiedBy(a.pool.Ref.Catalog(), a.path)
	if !ok {
		return nil, nil, false
	}
	oldType := pass.TypesInfo.TypeOf(a.node.(ast.Expr))
	newName, newType, ok := copyTarget(pass, statusType, next, fieldOf(pass, a), oldType)
	if !ok {
		return nil, nil, false
	}
	sel := func(name string) ast.Expr { return &ast.SelectorExpr{X: status, Sel: ast.NewIdent(name)} }
	var value ast.Expr = sel(oldName)
	var edits []analysis.TextEdit
	switch {
	case types.Identical(newType, oldType):
	case types.Identical(newType, types.NewPointer(oldType)):
		to, more, ok := spell.Ref(at, ptrPath, "To")
		if !ok {
			return nil, nil, false
		}
		value, edits = &ast.CallExpr{Fun: to, Args: []ast.Expr{value}}, more
	default:
		return nil, nil, false
	}
	return []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{sel(newName)}, Tok: token.ASSIGN, Rhs: []ast.Expr{value}}}, edits, true
}

// copyTarget is the field of statusType that holds the copy next of the
// counter old (of type oldType): declared already, or as the type fix
// that changes old declares it (none when no fix does).
func copyTarget(pass *analysis.Pass, statusType types.Type, next contract.Point, old *types.Var, oldType types.Type) (string, types.Type, bool) {
	if f, ok := kindfinder.FieldByJSON(statusType, contract.Leaf(next.Path)); ok {
		return f.Var.Name(), f.Var.Type(), true
	}
	if !changes(pass, old) {
		return "", nil, false // no type fix adds it
	}
	name := kindtypes.GoName(contract.Leaf(next.Path))
	if next.Type.Pointer {
		return name, types.NewPointer(oldType), true
	}
	return name, oldType, true
}

// companionKey adds Initialization: T{Provisioned: ptr.To(true)} to a
// status literal that sets Ready to a constant true, or, when Ready copies
// another object's readiness (Ready: src.Status.Ready), Initialization:
// T{Provisioned: src.Status.Initialization.Provisioned}: the source's own
// paired writes keep its successor one-way, so the copy is too (Cluster
// API v1.11 migrated CAPD's DevCluster and DevMachine so by hand).
func companionKey(pass *analysis.Pass, spell *imports.File, a access, cur inspector.Cursor, kv *ast.KeyValueExpr) ([]analysis.TextEdit, bool) {
	lit, ok := cur.Parent().Node().(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	litType := pass.TypesInfo.TypeOf(lit)
	initField, provType, ok := initialization(pass, litType, a.pool.Ref, fieldOf(pass, a))
	if !ok {
		return nil, false
	}
	for _, elt := range lit.Elts {
		if k, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := k.Key.(*ast.Ident); ok && id.Name == initField.name {
				return nil, false // an initialization is already spelled out
			}
		}
	}
	at := kv.Pos()
	var value ast.Expr
	var edits []analysis.TextEdit
	if isConstTrue(pass, a.rhs) {
		value, edits, ok = trueValue(pass, spell, at, provType)
	} else {
		value, ok = copiedSuccessor(pass, lit, kv, provType)
	}
	if !ok {
		return nil, false // another computed value in a literal needs a person
	}
	elemType, isPtr := initField.typ, false
	if p, ok := types.Unalias(elemType).(*types.Pointer); ok {
		elemType, isPtr = p.Elem(), true
	}
	var typeExpr ast.Expr
	if initField.declared {
		t, more, ok := spell.TypeExpr(at, elemType)
		if !ok {
			return nil, false
		}
		typeExpr, edits = t, append(edits, more...)
	} else {
		// The MPA101 type fix declares the type beside the status type.
		t, more, ok := spell.Ref(at, statusPackage(litType).Path(), initField.typeName)
		if !ok {
			return nil, false
		}
		typeExpr, edits = t, append(edits, more...)
	}
	var init ast.Expr = &ast.CompositeLit{Type: typeExpr, Elts: []ast.Expr{
		&ast.KeyValueExpr{Key: ast.NewIdent(initField.provisioned), Value: value},
	}}
	if isPtr {
		init = &ast.UnaryExpr{Op: token.AND, X: init}
	}
	text, ok := render(token.NewFileSet(), &ast.KeyValueExpr{Key: ast.NewIdent(initField.name), Value: init})
	if !ok {
		return nil, false
	}
	return append(edits, keyAfter(pass.Fset, lit, kv, text)), true
}

// copiedSuccessor is src.Status.Initialization.Provisioned when kv's value
// reads another object's v1beta1 readiness (src.Status.Ready) and src's
// status has, or is given by the type fix, a successor of type provType.
// It is read a second time, so src must be variables and fields only and
// no other element of lit may call anything.
func copiedSuccessor(pass *analysis.Pass, lit *ast.CompositeLit, kv *ast.KeyValueExpr, provType types.Type) (ast.Expr, bool) {
	info := pass.TypesInfo
	sel, ok := ast.Unparen(kv.Value).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	res, ok := kindfinder.ResultOf(pass)
	if !ok {
		return nil, false
	}
	node, path, ok := selectorPath(pass, res.Node, sel)
	if !ok {
		return nil, false
	}
	if pair, side, ok := readinessOf(node.Ref, path); !ok || side != ready || pair != 0 {
		return nil, false
	}
	readyVar, _ := info.Uses[sel.Sel].(*types.Var)
	src, srcType, ok := initialization(pass, info.TypeOf(sel.X), node.Ref, readyVar)
	if !ok || !types.Identical(srcType, provType) {
		return nil, false
	}
	if _, isPtr := types.Unalias(src.typ).(*types.Pointer); src.declared && isPtr {
		return nil, false // reading through a nil initialization would panic
	}
	status, ok := readOnlyCopy(info, sel.X)
	if !ok {
		return nil, false
	}
	for _, elt := range lit.Elts {
		if k, ok := elt.(*ast.KeyValueExpr); ok && k != kv && calls(info, k.Value) {
			return nil, false
		}
	}
	return &ast.SelectorExpr{X: &ast.SelectorExpr{X: status, Sel: ast.NewIdent(src.name)}, Sel: ast.NewIdent(src.provisioned)}, true
}

// initField describes the initialization field of a status type: the
// type's own when it has one, else the one the MPA101 type fix adds.
type initField struct {
	name, provisioned string
	// typ is the field's type when declared; typeName the type the fix
	// declares otherwise.
	typ      types.Type
	typeName string
	declared bool
}

// initialization finds the initialization field of statusType, an object
// of ref's kind, and the type of its readiness field (*bool when the type
// fix adds it, which it does when it changes ready, the v1beta1 field),
// from the catalog.
func initialization(pass *analysis.Pass, statusType types.Type, ref kindfinder.TypeRef, ready *types.Var) (initField, types.Type, bool) {
	k := ref.Catalog()
	init, ok1 := k.PointOf(contract.V1Beta2, contract.AspectInitialization)
	inner, ok2 := k.Readiness(contract.V1Beta2)
	name, innerName, ok3 := kindtypes.Initialization(k)
	typeName, ok4 := kindtypes.InitializationTypeName(k, ref.Kind)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return initField{}, nil, false
	}
	f, ok := kindfinder.FieldByJSON(statusType, contract.Leaf(init.Path))
	if !ok {
		return initField{name: name, provisioned: innerName, typeName: typeName},
			types.NewPointer(types.Typ[types.Bool]), statusPackage(statusType) != nil && changes(pass, ready)
	}
	p, ok := kindfinder.FieldByJSON(f.Var.Type(), contract.Leaf(inner.Path))
	if !ok {
		return initField{}, nil, false
	}
	return initField{name: f.Var.Name(), provisioned: p.Var.Name(), typ: f.Var.Type(), declared: true}, p.Var.Type(), true
}

func statusPackage(statusType types.Type) *types.Package {
	if named, ok := types.Unalias(kindfinder.Deref(statusType)).(*types.Named); ok {
		return named.Obj().Pkg()
	}
	return nil
}

// ptrPath is the pointer helper package every fix calls.
const ptrPath = "k8s.io/utils/ptr"

// trueValue spells true for a provisioned field of type t: true for a
// bool, ptr.To(true) for a *bool.
func trueValue(pass *analysis.Pass, spell *imports.File, at token.Pos, t types.Type) (ast.Expr, []analysis.TextEdit, bool) {
	if !spell.Predeclared(at, "true") {
		return nil, nil, false
	}
	switch {
	case isBool(t):
		return ast.NewIdent("true"), nil, true
	case isBoolPointer(t):
		to, edits, ok := spell.Ref(at, ptrPath, "To")
		if !ok {
			return nil, nil, false
		}
		return &ast.CallExpr{Fun: to, Args: []ast.Expr{ast.NewIdent("true")}}, edits, true
	}
	return nil, nil, false
}

func isBool(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isBoolPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isBool(p.Elem())
}

// isConstTrue recognises true, and ptr.To(true), pointer.Bool(true) and
// pointer.BoolPtr(true) of k8s.io/utils, by the callee's object.
func isConstTrue(pass *analysis.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	e = ast.Unparen(e)
	if tv, ok := pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value)
	}
	if arg, ok := pointerHelperArg(pass.TypesInfo, e); ok {
		return isConstTrue(pass, arg)
	}
	return false
}

// pointerHelperArg returns the argument of a call of k8s.io/utils' ptr.To,
// pointer.Bool or pointer.BoolPtr, matched by the callee's object.
func pointerHelperArg(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil, false
	}
	if isHelper(info, call, ptrPath, "To") || isHelper(info, call, pointerPath, "Bool", "BoolPtr") {
		return call.Args[0], true
	}
	return nil, false
}

// pointerPath is the deprecated helper package some providers still use.
const pointerPath = "k8s.io/utils/pointer"

// isHelper reports whether call calls the package-level function (or
// function variable, as k8s.io/utils/pointer declares them) pkg.name.
func isHelper(info *types.Info, call *ast.CallExpr, pkg string, names ...string) bool {
	obj := typeutil.Callee(info, call)
	switch obj.(type) {
	case *types.Func, *types.Var:
	default:
		return false
	}
	if obj.Pkg() == nil || obj.Pkg().Path() != pkg || obj.Parent() != obj.Pkg().Scope() {
		return false
	}
	return slices.Contains(names, obj.Name())
}

// readOnlyCopy returns a copy of e, without positions, when evaluating e
// again reads the same variables and calls nothing: identifiers, field
// selections, qualified identifiers, dereferences and indexes by a
// constant.
func readOnlyCopy(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return ast.NewIdent(e.Name), true
	case *ast.ParenExpr:
		x, ok := readOnlyCopy(info, e.X)
		return &ast.ParenExpr{X: x}, ok
	case *ast.StarExpr:
		x, ok := readOnlyCopy(info, e.X)
		return &ast.StarExpr{X: x}, ok
	case *ast.SelectorExpr:
		if s := info.Selections[e]; s != nil && s.Kind() != types.FieldVal {
			return nil, false // a method value
		}
		x, ok := readOnlyCopy(info, e.X)
		return &ast.SelectorExpr{X: x, Sel: ast.NewIdent(e.Sel.Name)}, ok
	case *ast.IndexExpr:
		if tv := info.Types[e.Index]; tv.Value == nil {
			return nil, false
		}
		idx, ok := readOnlyCopy(info, e.Index)
		if lit, isLit := e.Index.(*ast.BasicLit); isLit {
			idx, ok = &ast.BasicLit{Kind: lit.Kind, Value: lit.Value}, true
		}
		if !ok {
			return nil, false
		}
		x, ok := readOnlyCopy(info, e.X)
		return &ast.IndexExpr{X: x, Index: idx}, ok
	}
	return nil, false
}

// lazyInspector builds the package's inspector when a fix first needs a
// cursor: most packages go vet visits need none (inspect.Analyzer would
// build one for every package).
type lazyInspector struct {
	once  sync.Once
	files []*ast.File
	in    *inspector.Inspector
}

func (l *lazyInspector) get() *inspector.Inspector {
	l.once.Do(func() { l.in = inspector.New(l.files) })
	return l.in
}

func newLazyInspect() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "poolinspect",
		Doc:              "an AST inspector built on first use (a shared helper; reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolusage",
		Run:              func(pass *analysis.Pass) (any, error) { return &lazyInspector{files: pass.Files}, nil },
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*lazyInspector](),
	}
}

// cursorOf is the cursor of n, a node of the package's files.
func cursorOf(pass *analysis.Pass, n ast.Node) (inspector.Cursor, bool) {
	var in *inspector.Inspector
	for _, r := range pass.ResultOf {
		if l, ok := r.(*lazyInspector); ok {
			in = l.get()
		}
	}
	if in == nil {
		return inspector.Cursor{}, false
	}
	cur, ok := in.Root().FindByPos(n.Pos(), n.End())
	for ok && cur.Node() != n {
		cur = cur.Parent()
		ok = cur.Node() != nil
	}
	return cur, ok
}

// enclosingAssign finds the assignment statement that writes sel, when it
// sits where a statement may follow it.
func enclosingAssign(cur inspector.Cursor, sel ast.Expr) (*ast.AssignStmt, bool) {
	for c := range cur.Enclosing((*ast.AssignStmt)(nil)) {
		as := c.Node().(*ast.AssignStmt)
		if !slices.ContainsFunc(as.Lhs, func(lhs ast.Expr) bool { return lvalue.Target(lhs) == sel }) {
			return nil, false
		}
		switch c.Parent().Node().(type) {
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

// render prints n, whose positions are those of fset.
func render(fset *token.FileSet, n ast.Node) (string, bool) {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, n); err != nil {
		return "", false
	}
	return buf.String(), true
}
