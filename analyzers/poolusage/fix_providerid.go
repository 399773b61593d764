package poolusage

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mpaudit/mpaudit/analyzers/internal/imports"
	"github.com/mpaudit/mpaudit/analyzers/internal/params"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
)

// manualSuffix ends the message of a use the migration fixes cannot
// rewrite: after the type-side fix the module does not compile (or may mean
// something else) until a person changes it.
const manualSuffix = " (needs a person)"

// migration is the outcome of a type-migration rewrite for one access.
type migration struct {
	// relevant: the access is of a field a type-side fix changes.
	relevant bool
	// manual: the use cannot be rewritten safely.
	manual bool
	edits  []analysis.TextEdit
}

func (m migration) fix(message string) []analysis.SuggestedFix {
	if !m.relevant || m.manual || len(m.edits) == 0 {
		return nil
	}
	return []analysis.SuggestedFix{{Message: message, TextEdits: m.edits}}
}

// manualNote is the message suffix of an access the migration fixes leave
// to a person ("" otherwise).
func manualNote(pass *analysis.Pass, a access) string {
	for _, m := range []migration{providerIDMigration(pass, a), pointerMigration(pass, a), failureMigration(pass, a)} {
		if m.relevant && m.manual {
			return manualSuffix
		}
	}
	return ""
}

// migratingProviderID reports whether e (parentheses aside) reads the
// spec.providerID of a storage pool type where it is a *string-like
// pointer, which the MPA107 type fix turns into its element type.
func migratingProviderID(pass *analysis.Pass, e ast.Expr) (types.Type, bool) {
	node, path, v, ok := selectedField(pass, e)
	if !ok || !reshaped(node, path) {
		return nil, false
	}
	return providerIDField(pass, node, v)
}

// migratingProviderIDKey is migratingProviderID for the element kv of the
// literal lit.
func migratingProviderIDKey(pass *analysis.Pass, lit *ast.CompositeLit, kv *ast.KeyValueExpr) (types.Type, bool) {
	node, path, v, ok := keyedField(pass, lit, kv)
	if !ok || !reshaped(node, path) {
		return nil, false
	}
	return providerIDField(pass, node, v)
}

// selectedField resolves e (parentheses aside) to the field of a provider
// type it selects: the type's node, the field's contract path and the field.
func selectedField(pass *analysis.Pass, e ast.Expr) (*kindfinder.NodeFact, string, *types.Var, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, "", nil, false
	}
	res, ok := kindfinder.ResultOf(pass)
	if !ok {
		return nil, "", nil, false
	}
	node, path, ok := selectorPath(pass, res.Node, sel)
	if !ok {
		return nil, "", nil, false
	}
	v, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return node, path, v, ok
}

// keyedField is selectedField for the element kv of the literal lit
// (T{F: v}).
func keyedField(pass *analysis.Pass, lit *ast.CompositeLit, kv *ast.KeyValueExpr) (*kindfinder.NodeFact, string, *types.Var, bool) {
	key, ok := kv.Key.(*ast.Ident)
	if !ok {
		return nil, "", nil, false
	}
	res, ok := kindfinder.ResultOf(pass)
	if !ok {
		return nil, "", nil, false
	}
	named, ok := types.Unalias(kindfinder.Deref(pass.TypesInfo.TypeOf(lit))).(*types.Named)
	if !ok {
		return nil, "", nil, false
	}
	node, ok := res.Node(named.Obj())
	st := kindfinder.StructOf(named)
	v, isVar := pass.TypesInfo.Uses[key].(*types.Var)
	if !ok || st == nil || !isVar {
		return nil, "", nil, false
	}
	name, ok := kindfinder.JSONNameOf(st, v)
	if !ok {
		return nil, "", nil, false
	}
	return node, join(node.Path, name), v, true
}

// reshaped reports whether path, on a type of node's kind, is a field the
// v1beta2 contract made a string where it was a *string (a pool's or an
// InfraMachine's spec.providerID, a BootstrapConfig's status.dataSecretName).
func reshaped(node *kindfinder.NodeFact, path string) bool {
	k := node.Ref.Catalog()
	if k == nil {
		return false
	}
	_, ok := kindtypes.StringShape(k, path)
	return ok
}

// providerIDField accepts the providerID field v of a storage pool declared
// in the pool's own package, when the type fix changes it.
func providerIDField(pass *analysis.Pass, node *kindfinder.NodeFact, v *types.Var) (types.Type, bool) {
	if !node.Ref.Storage || v.Pkg() == nil || v.Pkg().Path()+"."+node.Ref.Kind != node.Ref.Type || !changes(pass, v) {
		return nil, false
	}
	return kindtypes.StringPointerElem(v.Type())
}

// providerIDMigration rewrites one use of a storage pool's pointer
// spec.providerID for the string field the MPA107 type fix declares.
func providerIDMigration(pass *analysis.Pass, a access) migration {
	if !reshaped(a.pool, a.path) {
		return migration{}
	}
	r := &rewriter{pass: pass, file: a.file, spell: imports.New(pass.Fset, pass.TypesInfo, pass.Pkg, a.file)}
	switch n := a.node.(type) {
	case *ast.KeyValueExpr: // Spec{ProviderID: v}
		return r.keyed(n, migratingProviderIDKey, func(v ast.Expr) bool { return r.newStringValue(v, v.Pos()) })
	case *ast.SelectorExpr:
		return r.selected(n, migratingProviderID, func(cur inspector.Cursor) bool { return r.providerIDUse(n, cur) })
	}
	return migration{}
}

// rewriter collects the edits of one access.
type rewriter struct {
	pass  *analysis.Pass
	file  *ast.File
	spell *imports.File
	elem  types.Type // the providerID element type (string)
	edits []analysis.TextEdit
}

// keyed rewrites the value the literal element kv (T{F: v}) stores, when
// field (migratingPointerKey, migratingProviderIDKey) says a type fix
// changes F: store rewrites v for the field's new type.
func (r *rewriter) keyed(kv *ast.KeyValueExpr, field func(*analysis.Pass, *ast.CompositeLit, *ast.KeyValueExpr) (types.Type, bool), store func(ast.Expr) bool) migration {
	cur, ok := cursorOf(r.pass, kv)
	if !ok {
		return migration{}
	}
	lit, ok := cur.Parent().Node().(*ast.CompositeLit)
	if !ok {
		return migration{}
	}
	elem, ok := field(r.pass, lit, kv)
	if !ok {
		return migration{}
	}
	r.elem = elem
	return r.done(store(kv.Value))
}

// selected rewrites the use around sel (x.F), when field
// (migratingPointer, migratingProviderID) says a type fix changes F.
func (r *rewriter) selected(sel *ast.SelectorExpr, field func(*analysis.Pass, ast.Expr) (types.Type, bool), use func(inspector.Cursor) bool) migration {
	elem, ok := field(r.pass, sel)
	if !ok {
		return migration{}
	}
	r.elem = elem
	cur, ok := cursorOf(r.pass, sel)
	if !ok {
		return migration{}
	}
	return r.done(use(cur))
}

func (r *rewriter) done(ok bool) migration {
	if !ok {
		return migration{relevant: true, manual: true}
	}
	return migration{relevant: true, edits: r.edits}
}

func (r *rewriter) replace(from, to token.Pos, text string) {
	r.edits = append(r.edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte(text)})
}

// parentOf returns the nearest ancestor of cur's node that is not a
// parenthesis, and the child of it the node is (the node, or its outermost
// parenthesis).
func parentOf(cur inspector.Cursor) (parent inspector.Cursor, child ast.Expr) {
	child, _ = cur.Node().(ast.Expr)
	parent = cur.Parent()
	for {
		p, ok := parent.Node().(*ast.ParenExpr)
		if !ok {
			return parent, child
		}
		child, parent = p, parent.Parent()
	}
}

// providerIDUse rewrites x.Spec.ProviderID by the expression around it.
func (r *rewriter) providerIDUse(sel *ast.SelectorExpr, cur inspector.Cursor) bool {
	parentCur, child := parentOf(cur)
	switch p := parentCur.Node().(type) {
	case *ast.StarExpr: // *x.Spec.ProviderID -> x.Spec.ProviderID
		r.replace(p.Star, p.Star+1, "")
		return true
	case *ast.BinaryExpr:
		if p.Op != token.EQL && p.Op != token.NEQ {
			return false
		}
		other := p.X
		if other == child {
			other = p.Y
		}
		if !r.pass.TypesInfo.Types[other].IsNil() {
			return false // a pointer comparison: identity, not value
		}
		r.replace(other.Pos(), other.End(), `""`)
		return true
	case *ast.AssignStmt:
		for j, lhs := range p.Lhs {
			if lhs != child {
				continue
			}
			if p.Tok != token.ASSIGN || len(p.Lhs) != len(p.Rhs) {
				return false
			}
			return r.newStringValue(p.Rhs[j], sel.Pos())
		}
	case *ast.UnaryExpr:
		return false // &x.Spec.ProviderID: a **string
	case *ast.CallExpr:
		if len(p.Args) == 2 && p.Args[0] == child && r.isDeref(p) {
			return r.deref(p, child)
		}
	}
	return r.pointerValue(child, parentCur)
}

// newStringValue rewrites a *string value stored into the field so it is
// the string to store.
func (r *rewriter) newStringValue(e ast.Expr, at token.Pos) bool {
	info := r.pass.TypesInfo
	e = ast.Unparen(e)
	switch {
	case info.Types[e].IsNil(): // = nil -> = ""
		r.replace(e.Pos(), e.End(), `""`)
		return true
	case r.isMigrating(e): // another pool's providerID: a string too after the fix
		return true
	}
	switch x := e.(type) {
	case *ast.CallExpr: // ptr.To(v), pointer.String(v), pointer.StringPtr(v) -> v
		if len(x.Args) == 1 && x.Ellipsis == token.NoPos && r.isPtrTo(x) {
			r.replace(x.Pos(), x.Args[0].Pos(), "")
			r.replace(x.Args[0].End(), x.End(), "")
			return true
		}
	case *ast.UnaryExpr: // &v -> v (a copy now, not an alias)
		if x.Op == token.AND {
			r.replace(x.OpPos, x.X.Pos(), "")
			return true
		}
	}
	if t := info.TypeOf(e); t != nil && types.Identical(t, types.NewPointer(r.elem)) {
		// Another *string: its value, "" for nil.
		prefix, ok := r.qualify(at, ptrPath, "Deref")
		if !ok {
			return false
		}
		r.replace(e.Pos(), e.Pos(), prefix+"Deref(")
		r.replace(e.End(), e.End(), `, "")`)
		return true
	}
	return false
}

func (r *rewriter) isMigrating(e ast.Expr) bool {
	_, ok := migratingProviderID(r.pass, e)
	return ok
}

// deref rewrites ptr.Deref(x.Spec.ProviderID, d) and
// pointer.StringDeref(x.Spec.ProviderID, d).
func (r *rewriter) deref(call *ast.CallExpr, child ast.Expr) bool {
	d := call.Args[1]
	if v := r.pass.TypesInfo.Types[d].Value; v != nil && v.Kind() == constant.String && constant.StringVal(v) == "" {
		// Deref(p, "") is the string itself.
		r.replace(call.Pos(), child.Pos(), "")
		r.replace(child.End(), call.End(), "")
		return true
	}
	// Deref(p, d) gave d only for a nil pointer. With a string field the
	// empty string is the unset value (what omitempty drops and what a nil
	// pointer became), so cmp.Or(s, d) gives d when s is unset: the same
	// answer, except for a pointer to "" that was set on purpose, which a
	// string field cannot tell from unset anyway.
	if v := r.pass.TypesInfo.FileVersions[r.file]; v != "" && version.Compare(v, "go1.22") < 0 {
		return false // cmp.Or is newer than the file
	}
	prefix, ok := r.qualify(call.Pos(), "cmp", "Or")
	if !ok {
		return false
	}
	r.replace(call.Fun.Pos(), call.Fun.End(), prefix+"Or")
	return true
}

// pointerValue wraps a read that flows into a *string (an argument, a
// variable, a return value, a literal element) in ptr.To, so the receiver
// keeps its type. ptr.To never gives nil: an unset ID now arrives as a
// pointer to "".
func (r *rewriter) pointerValue(child ast.Expr, parent inspector.Cursor) bool {
	want, noop, ok := r.expectedType(child, parent)
	switch {
	case !ok:
		return false
	case noop:
		return true
	case !types.Identical(want, types.NewPointer(r.elem)):
		return false // an interface (fmt, logging) or a type we cannot follow
	}
	prefix, ok := r.qualify(child.Pos(), ptrPath, "To")
	if !ok {
		return false
	}
	r.replace(child.Pos(), child.Pos(), prefix+"To(")
	r.replace(child.End(), child.End(), ")")
	return true
}

// expectedType is the type the value child flows into (parent is child's
// parent); noop is set when it flows into another migrating providerID (no
// edit needed).
func (r *rewriter) expectedType(child ast.Expr, parent inspector.Cursor) (want types.Type, noop, ok bool) {
	info := r.pass.TypesInfo
	switch p := parent.Node().(type) {
	case *ast.CallExpr:
		if tv, ok := info.Types[p.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
			return nil, false, false // conversions and builtins need a person
		}
		sig, ok := info.TypeOf(p.Fun).Underlying().(*types.Signature)
		if !ok {
			return nil, false, false
		}
		for j, arg := range p.Args {
			if arg != child {
				continue
			}
			if pt := params.TypeOf(sig, j, p.Ellipsis.IsValid()); pt != nil {
				return pt, false, true
			}
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return nil, false, false
		}
		for j, rhs := range p.Rhs {
			if rhs != child {
				continue
			}
			lhs := p.Lhs[j]
			if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
				return nil, true, true
			}
			switch p.Tok {
			case token.DEFINE:
				id, ok := lhs.(*ast.Ident)
				if !ok {
					return nil, false, false
				}
				if obj := info.ObjectOf(id); obj != nil {
					return obj.Type(), false, true
				}
			case token.ASSIGN:
				if r.isMigrating(lhs) {
					return nil, true, true
				}
				if t := info.TypeOf(lhs); t != nil {
					return t, false, true
				}
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) != len(p.Values) {
			return nil, false, false
		}
		for j, v := range p.Values {
			if v == child {
				if obj := info.ObjectOf(p.Names[j]); obj != nil {
					return obj.Type(), false, true
				}
			}
		}
	case *ast.ReturnStmt:
		sig := enclosingSignature(info, parent)
		if sig == nil || sig.Results().Len() != len(p.Results) {
			return nil, false, false
		}
		for j, res := range p.Results {
			if res == child {
				return sig.Results().At(j).Type(), false, true
			}
		}
	case *ast.KeyValueExpr:
		if p.Value != child {
			return nil, false, false
		}
		lit, ok := parent.Parent().Node().(*ast.CompositeLit)
		if !ok {
			return nil, false, false
		}
		switch u := info.TypeOf(lit).Underlying().(type) {
		case *types.Struct:
			key, _ := p.Key.(*ast.Ident)
			if key == nil {
				return nil, false, false
			}
			v, ok := info.Uses[key].(*types.Var)
			if !ok {
				return nil, false, false
			}
			if _, ok := migratingProviderIDKey(r.pass, lit, p); ok {
				return nil, true, true // Spec{ProviderID: other.Spec.ProviderID}
			}
			return v.Type(), false, true
		case *types.Map:
			return u.Elem(), false, true
		case *types.Slice:
			return u.Elem(), false, true
		case *types.Array:
			return u.Elem(), false, true
		}
	case *ast.CompositeLit:
		switch u := info.TypeOf(p).Underlying().(type) {
		case *types.Slice:
			return u.Elem(), false, true
		case *types.Array:
			return u.Elem(), false, true
		}
	case *ast.SendStmt:
		if p.Value == child {
			if ch, ok := info.TypeOf(p.Chan).Underlying().(*types.Chan); ok {
				return ch.Elem(), false, true
			}
		}
	}
	return nil, false, false
}

// enclosingSignature is the signature of the innermost function around cur.
func enclosingSignature(info *types.Info, cur inspector.Cursor) *types.Signature {
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch f := c.Node().(type) {
		case *ast.FuncLit:
			sig, _ := info.TypeOf(f).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if obj := info.Defs[f.Name]; obj != nil {
				sig, _ := obj.Type().(*types.Signature)
				return sig
			}
		}
		return nil
	}
	return nil
}

func (r *rewriter) isPtrTo(call *ast.CallExpr) bool {
	return isHelper(r.pass.TypesInfo, call, ptrPath, "To") || isHelper(r.pass.TypesInfo, call, pointerPath, "String", "StringPtr")
}

func (r *rewriter) isDeref(call *ast.CallExpr) bool {
	return isHelper(r.pass.TypesInfo, call, ptrPath, "Deref") || isHelper(r.pass.TypesInfo, call, pointerPath, "StringDeref")
}

// qualify is the prefix under which the file refers to path.member at pos,
// importing path when needed.
func (r *rewriter) qualify(pos token.Pos, path, member string) (string, bool) {
	prefix, edits, ok := r.spell.Qualify(pos, path, member)
	r.edits = append(r.edits, edits...)
	return prefix, ok
}
