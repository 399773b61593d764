package goapifix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/params"
	"github.com/mpaudit/mpaudit/contract"
)

// The v1beta1 condition utilities (util/conditions before v1.11,
// util/deprecated/v1beta1/conditions from it) read and write a v1beta1
// object's status.conditions, which the conversion keeps as the v1beta2
// object's status.deprecated.v1beta1.conditions, where their namesakes in
// util/conditions/deprecated/v1beta1 read and write them (contract's
// goapi_conditions.go). On the objects a file's move makes v1beta2 the
// import moves there, the condition types, reasons and severities passed
// to them take the names v1beta2 keeps for the v1beta1 conditions, and the
// API server sees the same conditions. A use on anything else (the
// provider's own objects, which move with their own API) keeps the file.

// v1beta1ConditionImport reports whether the import of path is of the
// v1beta1 condition utilities whose move v1beta1ConditionMoves judges:
// from v1.11, or before it when go.mod is raised past it.
func v1beta1ConditionImport(path string, built contract.Release, raising bool) bool {
	s, ok := contract.GoAPIPackage(path, built)
	return ok && contract.GoAPIV1Beta1ConditionPackage(path, built) && (s.Keep == "" || raising)
}

// keepV1Beta1ConditionImports blocks the file at each import of specs.
func (p *planner) keepV1Beta1ConditionImports(specs []*ast.ImportSpec) {
	for _, spec := range specs {
		path, _ := strconv.Unquote(spec.Path.Value)
		p.block(spec.Pos(), fmt.Sprintf("the file uses %s (%s)", keptImports[deprecatedConditions], path), keepConditions)
	}
}

// condCall is a call of a v1beta1 condition utility the move can follow.
type condCall struct {
	call *ast.CallExpr
	fn   *types.Func
}

// v1beta1ConditionMoves moves each import of specs to
// util/conditions/deprecated/v1beta1 when every use in the file is a call
// the map follows there on objects the move makes v1beta2, with arguments
// it can name in v1beta2; else it blocks the file at each other use.
func (p *planner) v1beta1ConditionMoves(specs []*ast.ImportSpec) {
	if len(specs) == 0 {
		return
	}
	p.findKept()
	typed := p.typedLocals()
	parents := p.parentMap()
	for _, spec := range specs {
		path, _ := strconv.Unquote(spec.Path.Value)
		pn := p.pass.TypesInfo.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			p.block(spec.Pos(), "a blank or dot import of "+path, "import it under a name, then run the rewrite again")
			continue
		}
		m := condMove{p: p, pn: pn, path: path, typed: typed, parents: parents, calls: map[*ast.CallExpr]bool{}, done: map[ast.Node]bool{},
			own: map[*ast.CallExpr]bool{}, defs: map[types.Object]*ast.CallExpr{}}
		var uses []*ast.SelectorExpr
		ast.Inspect(p.file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && p.pass.TypesInfo.Uses[x] == pn {
					uses = append(uses, sel)
					if call, ok := parents[sel].(*ast.CallExpr); ok && call.Fun == ast.Expr(sel) {
						m.calls[call] = true
					}
				}
			}
			return true
		})
		home, homeOK := contract.GoAPIStage1Home(path, p.built)
		for call := range m.calls {
			if homeOK && p.onOwnObject(call, "GetConditions") {
				m.own[call] = true
			}
		}
		// A call on a value of the utilities' own Getter or Setter (a
		// helper's parameter) takes what its callers pass: it goes with
		// the calls on the provider's own objects when none is on another
		// object (a caller passing one then no longer builds).
		if homeOK {
			var neutral []*ast.CallExpr
			other := false
			for call := range m.calls {
				args := p.objectArgs(call)
				switch {
				case m.own[call] || len(args) == 0:
				case !slices.ContainsFunc(args, func(a ast.Expr) bool { return !p.ofInterfaceIn(a, path) }):
					neutral = append(neutral, call)
				default:
					other = true
				}
			}
			if !other {
				for _, call := range neutral {
					m.own[call] = true
				}
			}
		}
		type why struct {
			pos token.Pos
			msg string
		}
		var whys []why
		for _, sel := range uses {
			if msg := m.use(sel); msg != "" {
				whys = append(whys, why{sel.Pos(), msg})
			}
		}
		if len(whys) > 0 {
			for _, w := range whys {
				p.block(w.pos, w.msg, keepConditions)
			}
			continue
		}
		p.plan.Edits = append(p.plan.Edits, m.edits...)
		for n := range m.done {
			p.done[n] = true
		}
		for _, n := range m.keep {
			p.kept[n] = true
		}
		switch {
		case len(m.ownSels) == 0:
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: m.successorPath})
		case len(m.ownSels)+len(m.free) == len(uses):
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: home})
		case len(m.free) > 0:
			for _, sel := range m.free {
				p.block(sel.Pos(), p.text(sel)+" is used outside a call, in a file that calls the utilities on both the provider's own stage-1 objects and objects the move makes v1beta2", "name it from util/conditions/deprecated/v1beta1 or util/deprecated/v1beta1/conditions by hand, then run the rewrite again")
			}
		default:
			// Both: the core objects' calls take the import's path, the
			// provider's own objects' calls a second import of the home.
			name, edits := p.spell.Beside(home, "v1beta1conditions")
			p.plan.Edits = append(p.plan.Edits, edits...)
			for _, sel := range m.ownSels {
				p.edit(sel.X.Pos(), sel.X.End(), name)
			}
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: m.successorPath})
		}
	}
}

// condMove judges the uses of one import of the v1beta1 utilities.
type condMove struct {
	p             *planner
	pn            *types.PkgName
	path          string
	typed         map[types.Object]bool
	parents       map[ast.Node]ast.Node
	calls         map[*ast.CallExpr]bool // the calls of the import's functions
	edits         []analysis.TextEdit
	done          map[ast.Node]bool // selectors the move names itself
	successorPath string

	// own are the calls on the provider's own stage-1 objects (stage1.go),
	// which go to the utilities' deprecated copy; ownSels the uses they
	// make, keep the constants passed to them, spelled as v1beta1's.
	own     map[*ast.CallExpr]bool
	ownSels []*ast.SelectorExpr
	free    []*ast.SelectorExpr // uses outside any call, in a file with calls on own objects
	keep    []ast.Node
	defs    map[types.Object]*ast.CallExpr // condLocal's locals → the call defining them
}

// root is the outermost call of the utilities that n is in (or is).
func (m *condMove) root(n ast.Node) *ast.CallExpr {
	var root *ast.CallExpr
	for ; n != nil; n = m.parents[n] {
		if c, ok := n.(*ast.CallExpr); ok && m.calls[c] {
			root = c
		}
	}
	return root
}

// isOwn reports whether n is in a call on the provider's own object.
func (m *condMove) isOwn(n ast.Node) bool {
	r := m.root(n)
	return r != nil && m.own[r]
}

// ownUse says why sel, in a call on the provider's own stage-1 object,
// keeps the file, "" when the call goes to the deprecated copy as it is.
func (m *condMove) ownUse(sel *ast.SelectorExpr) string {
	p := m.p
	subject := p.text(sel)
	m.ownSels = append(m.ownSels, sel)
	return m.judgeCall(sel, subject, m.keptList, " other than a local list of condition types written in place", m.ownArg)
}

// ownArg says why arg, passed as a parameter of type pt of fn on the
// provider's own object, keeps the file; else it keeps arg's v1beta1
// names when it is a constant (a condition type, severity or reason).
func (m *condMove) ownArg(subject string, fn *types.Func, pt types.Type, arg ast.Expr) string {
	p := m.p
	if p.objectParam(pt, fn.Pkg()) {
		// A list of the import's own Getters moves with the import, and
		// so does a value of its own interfaces.
		_, isSlice := types.Unalias(pt).(*types.Slice)
		if isSlice && !types.Identical(p.pass.TypesInfo.TypeOf(arg), pt) || !isSlice && !p.ownStage1(arg, "GetConditions") && !p.ofInterfaceIn(arg, m.path) {
			return fmt.Sprintf("%s on %s, which is neither an object the move makes v1beta2 nor one of the provider's own still at the guide's stage 1 (util/deprecated/v1beta1/conditions serves those)", subject, p.text(arg))
		}
		return ""
	}
	if ptr, isPtr := types.Unalias(pt).(*types.Pointer); isPtr {
		if named, ok := types.Unalias(ptr.Elem()).(*types.Named); ok && p.apiType(named) {
			if c, isCall := ast.Unparen(arg).(*ast.CallExpr); isCall && m.calls[c] {
				return ""
			}
			if id, isID := ast.Unparen(arg).(*ast.Ident); isID && m.condLocal(id) && m.isOwn(m.defs[p.pass.TypesInfo.ObjectOf(id)]) {
				return ""
			}
			return fmt.Sprintf("%s takes %s, not a condition another call of the utilities on the provider's own objects builds", subject, p.text(arg))
		}
	}
	if tv, ok := p.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
		m.keep = append(m.keep, arg)
		return ""
	}
	if named, ok := types.Unalias(pt).(*types.Named); ok && p.apiType(named) {
		if typ := m.ownParamType(arg); typ != nil {
			m.keep = append(m.keep, typ)
			return ""
		}
		return fmt.Sprintf("%s takes %s, which the move cannot keep a v1beta1 %s", subject, p.text(arg), named.Obj().Name())
	}
	return ""
}

// ownParamType is the type written for arg when arg is a parameter of
// its own field used only as an argument of calls on the provider's own
// objects (a helper's condition type), or of interface parameters: it
// keeps its v1beta1 spelling, and the helper's callers their values.
// nil otherwise.
func (m *condMove) ownParamType(arg ast.Expr) ast.Expr {
	p := m.p
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return nil
	}
	obj, ok := p.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	var typ ast.Expr
	uses, own := 0, 0
	ast.Inspect(p.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType:
			if n.Params != nil {
				for _, fl := range n.Params.List {
					if len(fl.Names) == 1 && p.pass.TypesInfo.Defs[fl.Names[0]] == obj {
						typ = fl.Type
					}
				}
			}
		case *ast.CallExpr:
			// An own call's argument, or one passed as an interface (a
			// message's format argument) whose value is the same.
			sig, _ := types.Unalias(p.pass.TypesInfo.TypeOf(n.Fun)).(*types.Signature)
			for i, a := range n.Args {
				x, ok := ast.Unparen(a).(*ast.Ident)
				if !ok || p.pass.TypesInfo.Uses[x] != obj {
					continue
				}
				if m.own[n] {
					own++
				} else if sig != nil {
					if pt := params.TypeOf(sig, i, n.Ellipsis.IsValid()); pt != nil && types.IsInterface(pt) {
						own++
					}
				}
			}
		case *ast.Ident:
			if p.pass.TypesInfo.Uses[n] == obj {
				uses++
			}
		}
		return true
	})
	if typ == nil || uses != own {
		return nil
	}
	return typ
}

func (m *condMove) edit(n ast.Node, text string) {
	m.edits = append(m.edits, analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte(text)})
}

func (m *condMove) insert(pos token.Pos, text string) {
	m.edits = append(m.edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
}

// use says why sel keeps the file, "" when the move follows it.
func (m *condMove) use(sel *ast.SelectorExpr) string {
	if m.isOwn(sel) {
		return m.ownUse(sel)
	}
	if m.root(sel) == nil && len(m.own) > 0 {
		// A type or value outside the calls (a list of Getters): it goes
		// with the calls on the provider's own objects when all are.
		m.free = append(m.free, sel)
		return ""
	}
	p := m.p
	subject := p.text(sel)
	succ, ok := contract.GoAPIV1Beta1ConditionCall(m.path, sel.Sel.Name, p.built)
	if !ok {
		return subject + ": util/conditions/deprecated/v1beta1 has no namesake of the same shape"
	}
	succPath, _ := splitLast(succ)
	m.successorPath = succPath
	return m.judgeCall(sel, subject, nil, "", m.arg)
}

// judgeCall says why the call sel makes keeps the file, "" when the move
// follows it: each argument as judge says (the last, spread, as spread
// says: nil takes none), and a result of the API's types as result does.
func (m *condMove) judgeCall(sel *ast.SelectorExpr, subject string, spread func(ast.Expr) bool, spreadWhy string,
	judge func(subject string, fn *types.Func, pt types.Type, arg ast.Expr) string) string {
	p := m.p
	fn, ok := p.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	call, isCall := m.parents[sel].(*ast.CallExpr)
	if !ok || !isCall || call.Fun != ast.Expr(sel) {
		return subject + " is used as a value"
	}
	sig := fn.Signature()
	for i, arg := range call.Args {
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			if spread == nil || !spread(arg) {
				return subject + " is called with a spread list" + spreadWhy
			}
			continue
		}
		pt := params.TypeOf(sig, i, false)
		if pt == nil {
			return subject + " is called with more arguments than it takes"
		}
		if why := judge(subject, fn, pt, arg); why != "" {
			return why
		}
	}
	for r := range sig.Results().Variables() {
		if p.mentionsAPI(r.Type()) {
			if why := m.result(subject, call); why != "" {
				return why
			}
		}
	}
	return ""
}

// arg says why arg, passed as a parameter of type pt of fn, keeps the
// file; else it plans its v1beta2 name.
func (m *condMove) arg(subject string, fn *types.Func, pt types.Type, arg ast.Expr) string {
	p := m.p
	if p.objectParam(pt, fn.Pkg()) {
		if _, isSlice := types.Unalias(pt).(*types.Slice); isSlice || !p.becomesV1Beta2Object(arg, m.typed, contract.GoAPIV1Beta1ConditionGetter, contract.GoAPIV1Beta1ConditionSetter) {
			return fmt.Sprintf("%s on %s, which the move does not make a v1beta2 object of Cluster API (util/conditions/deprecated/v1beta1 reads and writes the v1beta1 conditions only there)", subject, p.text(arg))
		}
		return ""
	}
	named, ok := types.Unalias(pt).(*types.Named)
	if ptr, isPtr := types.Unalias(pt).(*types.Pointer); isPtr {
		named, ok = types.Unalias(ptr.Elem()).(*types.Named)
		if ok && p.apiType(named) {
			// A v1beta1 condition: one the file's other calls build.
			if c, isCall := ast.Unparen(arg).(*ast.CallExpr); isCall && m.calls[c] {
				return ""
			}
			if id, isID := ast.Unparen(arg).(*ast.Ident); isID && m.condLocal(id) && !m.isOwn(m.defs[p.pass.TypesInfo.ObjectOf(id)]) {
				return ""
			}
			return fmt.Sprintf("%s takes %s, not a condition another call of the utilities builds", subject, p.text(arg))
		}
		m.names(arg)
		return ""
	}
	if !ok || !p.apiType(named) {
		m.names(arg) // a string, a time, …: the same type
		return ""
	}
	// A condition type or severity: named as v1beta2 keeps it for the
	// v1beta1 conditions, a literal as it is, a constant of the
	// provider's own converted.
	e := ast.Unparen(arg)
	if lit, isLit := e.(*ast.BasicLit); isLit && lit.Kind == token.STRING {
		return ""
	}
	if sel, isSel := e.(*ast.SelectorExpr); isSel {
		if x, isID := sel.X.(*ast.Ident); isID {
			if pkg, isPkg := p.pass.TypesInfo.Uses[x].(*types.PkgName); isPkg {
				if p.swaps[pkg] != nil {
					if m.rename(sel, pkg) {
						return ""
					}
					return fmt.Sprintf("%s: v1beta2 keeps no %s of the same type and value for the v1beta1 conditions", subject, p.text(sel))
				}
				if at := p.pass.TypesInfo.TypeOf(arg); at != nil && types.Identical(at, pt) && p.coreType(named) {
					conv, ok := p.core(arg.Pos(), named.Obj().Name())
					if !ok {
						return subject + ": the file cannot name v1beta2's " + named.Obj().Name()
					}
					m.insert(arg.Pos(), conv+"(")
					m.insert(arg.End(), ")")
					return ""
				}
			}
		}
	}
	return fmt.Sprintf("%s takes %s, which the move cannot name as a v1beta2 %s of the same value", subject, p.text(arg), named.Obj().Name())
}

// names plans the v1beta2 names of the swapped packages' constants in
// arg, an argument whose type the move keeps (a reason): those v1beta2
// keeps for the v1beta1 conditions; the others the walk judges.
func (m *condMove) names(arg ast.Expr) {
	ast.Inspect(arg, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok {
			if pkg, ok := m.p.pass.TypesInfo.Uses[x].(*types.PkgName); ok && m.p.swaps[pkg] != nil {
				m.rename(sel, pkg)
				return false
			}
		}
		return true
	})
}

// rename names sel, a constant of the swapped package pkg, as v1beta2
// keeps it for the v1beta1 conditions; false when v1beta2 keeps none.
func (m *condMove) rename(sel *ast.SelectorExpr, pkg *types.PkgName) bool {
	sw := m.p.swaps[pkg]
	to, ok := contract.GoAPIV1Beta1ConditionName(sw.old, sel.Sel.Name, m.p.built)
	if !ok {
		return false
	}
	path, name := splitLast(to)
	if path != sw.new {
		return false
	}
	if name != sel.Sel.Name {
		m.edit(sel.Sel, name)
	}
	m.done[sel] = true
	return true
}

// result says why the value call returns (a v1beta1 condition, whose
// type becomes v1beta2's deprecated one of the same fields) keeps the
// file: it may only be read, compared with nil, or passed to another
// call of the utilities, in place or through a local defined from it.
func (m *condMove) result(subject string, call *ast.CallExpr) string {
	switch par := m.parents[call].(type) {
	case *ast.CallExpr:
		if m.calls[par] {
			return ""
		}
	case *ast.SelectorExpr:
		m.done[par] = true
		return ""
	case *ast.BinaryExpr:
		if m.nilCompare(par) {
			return ""
		}
	case *ast.AssignStmt:
		if par.Tok == token.DEFINE && len(par.Lhs) == 1 && len(par.Rhs) == 1 {
			if id, ok := par.Lhs[0].(*ast.Ident); ok && m.condLocal(id) {
				return ""
			}
		}
	}
	return fmt.Sprintf("%s: its v1beta1 condition is used as more than a value to read", subject)
}

// condLocal reports whether id names a local defined (only) from a call
// of the utilities whose every use is a read, a nil check or an argument
// of another call of them; it marks the reads.
func (m *condMove) condLocal(id *ast.Ident) bool {
	p := m.p
	obj := p.pass.TypesInfo.ObjectOf(id)
	v, ok := obj.(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == p.pass.Pkg.Scope() {
		return false
	}
	defined := false
	var def *ast.CallExpr
	ok = true
	var reads []ast.Node
	ast.Inspect(p.file, func(n ast.Node) bool {
		x, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		if p.pass.TypesInfo.Defs[x] == obj {
			if as, isAs := m.parents[x].(*ast.AssignStmt); isAs && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				c, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				defined = isCall && m.calls[c]
				def = c
			}
			ok = defined
			return false
		}
		if p.pass.TypesInfo.Uses[x] != obj {
			return true
		}
		switch par := m.parents[x].(type) {
		case *ast.SelectorExpr:
			if par.X == ast.Expr(x) && !m.assignedTo(par) {
				reads = append(reads, par)
				return false
			}
		case *ast.BinaryExpr:
			if m.nilCompare(par) {
				return false
			}
		case *ast.CallExpr:
			// An argument of another call: one on the same kind of object.
			if m.calls[par] && par.Fun != ast.Expr(x) && m.isOwn(par) == m.isOwn(def) {
				return false
			}
		}
		ok = false
		return false
	})
	if !ok || !defined {
		return false
	}
	for _, r := range reads {
		m.done[r] = true
	}
	m.defs[obj] = def
	return true
}

// assignedTo reports whether sel is written (assigned, incremented or
// its address taken).
func (m *condMove) assignedTo(sel *ast.SelectorExpr) bool {
	switch par := m.parents[sel].(type) {
	case *ast.AssignStmt:
		return slices.Contains(par.Lhs, ast.Expr(sel))
	case *ast.IncDecStmt:
		return true
	case *ast.UnaryExpr:
		return par.Op == token.AND
	}
	return false
}

func (m *condMove) nilCompare(b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && m.p.pass.TypesInfo.Types[id].IsNil()
	}
	return isNil(b.X) || isNil(b.Y)
}

// apiType reports whether named is a type of a v1beta1 API package (the
// utilities' condition types, severities and conditions).
func (p *planner) apiType(named *types.Named) bool {
	return named.Obj().Pkg() != nil && contract.IsV1Beta1APIPackage(named.Obj().Pkg().Path(), p.built)
}

// mentionsAPI reports whether t is, or is built of, a type of a v1beta1
// API package.
func (p *planner) mentionsAPI(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return p.apiType(t)
	case *types.Pointer:
		return p.mentionsAPI(t.Elem())
	case *types.Slice:
		return p.mentionsAPI(t.Elem())
	}
	return false
}

// coreType reports whether named is a type of the core v1beta1 package,
// whose v1beta2 namesake p.core names.
func (p *planner) coreType(named *types.Named) bool {
	s, ok := contract.GoAPIPackage(named.Obj().Pkg().Path(), p.built)
	return ok && s.Successor == coreV1Beta2
}

// becomesV1Beta2Object reports whether arg is an object the move makes a
// v1beta2 one (movesWithFile) whose type has the condition accessors
// getter and setter in the release the code builds against.
func (p *planner) becomesV1Beta2Object(arg ast.Expr, typed map[types.Object]bool, getter, setter string) bool {
	if !p.movesWithFile(arg, typed) {
		return false
	}
	t := p.pass.TypesInfo.TypeOf(arg)
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	for _, sw := range p.swaps {
		if sw.old == named.Obj().Pkg().Path() {
			get, _ := contract.GoAPIV1Beta2Method(sw.new, named.Obj().Name(), getter, p.to)
			set, _ := contract.GoAPIV1Beta2Method(sw.new, named.Obj().Name(), setter, p.to)
			return get && set
		}
	}
	return false
}

// movesWithFile reports whether e's type is the v1beta2 one once the file
// moves: a local of typed, a field of this package (its file moves with
// this one, or neither does) or of another package whose move changes it
// (p.moved), or reached from one through fields, indexes, & and *.
func (p *planner) movesWithFile(e ast.Expr, typed map[types.Object]bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := p.pass.TypesInfo.Uses[x]
		return obj != nil && typed[obj]
	case *ast.SelectorExpr:
		s, ok := p.pass.TypesInfo.Selections[x]
		if !ok || s.Kind() != types.FieldVal {
			return false
		}
		if len(s.Index()) == 1 && (s.Obj().Pkg() == p.pass.Pkg || p.moved != nil && p.moved(s.Obj())) {
			return true
		}
		return s.Obj().Pkg() != nil && p.swapped(s.Obj().Pkg().Path()) && p.movesWithFile(x.X, typed)
	case *ast.IndexExpr:
		return p.movesWithFile(x.X, typed)
	case *ast.StarExpr:
		return p.movesWithFile(x.X, typed)
	case *ast.UnaryExpr:
		return x.Op == token.AND && p.movesWithFile(x.X, typed)
	}
	return false
}

// splitLast splits "path.Name" at its last dot.
func splitLast(s string) (path, name string) {
	i := strings.LastIndexByte(s, '.')
	if i < strings.LastIndexByte(s, '/') {
		return s, ""
	}
	return s[:i], s[i+1:]
}

// keptList reports whether arg, spread into a call on the provider's own
// object, is a local list of v1beta1 condition types written in place
// (conds := []clusterv1.ConditionType{…}) whose other uses only append
// constants to it or spread it into such calls: the literal keeps its
// v1beta1 spelling, and so its type.
func (m *condMove) keptList(arg ast.Expr) bool {
	p := m.p
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return false
	}
	obj, ok := p.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || obj.Parent() == nil || obj.Parent() == p.pass.Pkg.Scope() {
		return false
	}
	var lit *ast.CompositeLit
	var consts []ast.Node
	ok = true
	isAppend := func(e ast.Expr) (*ast.CallExpr, bool) {
		c, isCall := ast.Unparen(e).(*ast.CallExpr)
		if !isCall || len(c.Args) == 0 || c.Ellipsis.IsValid() {
			return nil, false
		}
		fid, isID := ast.Unparen(c.Fun).(*ast.Ident)
		if b, isB := p.pass.TypesInfo.Uses[fid].(*types.Builtin); !isID || !isB || b.Name() != "append" {
			return nil, false
		}
		first, isID := ast.Unparen(c.Args[0]).(*ast.Ident)
		return c, isID && p.pass.TypesInfo.Uses[first] == obj
	}
	ast.Inspect(p.file, func(n ast.Node) bool {
		x, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		if p.pass.TypesInfo.Defs[x] == obj {
			as, isAs := m.parents[x].(*ast.AssignStmt)
			if !isAs || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				ok = false
				return false
			}
			l, isLit := ast.Unparen(as.Rhs[0]).(*ast.CompositeLit)
			if !isLit || l.Type == nil {
				ok = false
				return false
			}
			lit = l
			return false
		}
		if p.pass.TypesInfo.Uses[x] != obj {
			return true
		}
		switch par := m.parents[x].(type) {
		case *ast.AssignStmt: // conds = append(conds, …)
			if par.Tok == token.ASSIGN && len(par.Lhs) == 1 && len(par.Rhs) == 1 && par.Lhs[0] == ast.Expr(x) {
				if c, isApp := isAppend(par.Rhs[0]); isApp {
					for _, a := range c.Args[1:] {
						if tv, known := p.pass.TypesInfo.Types[a]; !known || tv.Value == nil {
							ok = false
						}
						consts = append(consts, a)
					}
					return false
				}
			}
		case *ast.CallExpr:
			if _, isApp := isAppend(par); isApp && par.Args[0] == ast.Expr(x) {
				return false
			}
			if m.calls[par] && m.isOwn(par) && par.Ellipsis.IsValid() && par.Args[len(par.Args)-1] == ast.Expr(x) {
				return false
			}
		}
		ok = false
		return false
	})
	if !ok || lit == nil {
		return false
	}
	m.keep = append(m.keep, lit)
	m.keep = append(m.keep, consts...)
	return true
}
