package goapifix

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// The package's flows of values into kept fields. A value a helper builds
// and returns, which its caller stores in a field keeping a v1beta1 type
// (addrs, err := buildAddrs(...); m.Status.Addresses = addrs), keeps its
// v1beta1 type in the helper too, though no assignment there names the
// field. Locals, parameters and the results of unexported functions are
// joined by the assignments, returns, calls and appends that pass values
// between them; a group that takes from or gives to a kept field, and
// whose every use is one of those or does not depend on the type's
// version (len, a string field), keeps v1beta1 whole: its literals,
// declared types and compared constants stay on the v1beta1 import.

// flowEnd is one side of a flow: a variable of a group, a kept field
// (anchor), a use the analysis cannot follow (taint), and the nodes that
// keep v1beta1 when the group does.
type flowEnd struct {
	objs          []types.Object
	anchor, taint bool
	marks         []ast.Node
}

func (e flowEnd) join(o flowEnd) flowEnd {
	return flowEnd{objs: append(e.objs, o.objs...), anchor: e.anchor || o.anchor, taint: e.taint || o.taint, marks: append(e.marks, o.marks...)}
}

type flowGraph struct {
	p      *planner
	info   *types.Info
	parent map[types.Object]types.Object
	anchor map[types.Object]bool // by root
	taint  map[types.Object]bool // by root
	marks  map[types.Object][]ast.Node
	seen   map[*ast.Ident]bool // candidate uses a flow accounts for
	// funcs are the unexported functions of the package whose parameters
	// and results join groups, each with its parameter and result vars.
	funcs map[*types.Func]*types.Signature
	calls map[*ast.Ident]bool // uses of funcs as the callee of a call
	// called are the calls of funcs, true once a flow takes their results.
	called  map[*ast.CallExpr]bool
	parents map[ast.Node]ast.Node
}

// keptFlows returns the variables of the package whose group keeps
// v1beta1, and the nodes of all its files that stay on the v1beta1 import.
func (p *planner) keptFlows() (map[types.Object]bool, map[ast.Node]bool) {
	g := &flowGraph{p: p, info: p.pass.TypesInfo, parent: map[types.Object]types.Object{}, anchor: map[types.Object]bool{}, taint: map[types.Object]bool{},
		marks: map[types.Object][]ast.Node{}, seen: map[*ast.Ident]bool{}, funcs: map[*types.Func]*types.Signature{}, calls: map[*ast.Ident]bool{}, called: map[*ast.CallExpr]bool{}, parents: map[ast.Node]ast.Node{}}
	for _, f := range p.pass.Files {
		g.declare(f)
	}
	for _, f := range p.pass.Files {
		g.walk(f)
	}
	g.unaccounted()
	objs := map[types.Object]bool{}
	nodes := map[ast.Node]bool{}
	for obj := range g.parent {
		root := g.find(obj)
		if !g.anchor[root] || g.taint[root] {
			continue
		}
		objs[obj] = true
		for _, n := range g.marks[obj] {
			nodes[n] = true
		}
	}
	return objs, nodes
}

// candidate reports whether obj is a variable a group may hold: a local,
// parameter or result of the package whose type names a swapped type.
func (g *flowGraph) candidate(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() != g.p.pass.Pkg || v.Parent() == v.Pkg().Scope() || !g.p.mentionsSwapped(v.Type()) {
		return false
	}
	if _, ok := g.parent[v]; !ok {
		g.parent[v] = v
	}
	return true
}

func (g *flowGraph) find(obj types.Object) types.Object {
	for g.parent[obj] != obj {
		g.parent[obj] = g.parent[g.parent[obj]]
		obj = g.parent[obj]
	}
	return obj
}

// flow joins the groups of both ends.
func (g *flowGraph) flow(dst, src flowEnd) {
	e := dst.join(src)
	if len(e.objs) == 0 {
		return
	}
	root := g.find(e.objs[0])
	for _, o := range e.objs[1:] {
		if r := g.find(o); r != root {
			g.parent[r] = root
			g.anchor[root] = g.anchor[root] || g.anchor[r]
			g.taint[root] = g.taint[root] || g.taint[r]
		}
	}
	g.anchor[root] = g.anchor[root] || e.anchor
	g.taint[root] = g.taint[root] || e.taint
	g.marks[e.objs[0]] = append(g.marks[e.objs[0]], e.marks...)
}

// declare registers the file's unexported functions and the declared
// types of their parameters and results.
func (g *flowGraph) declare(f *ast.File) {
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil || fd.Name.IsExported() || fd.Name.Name == "init" {
			continue
		}
		fn, ok := g.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Signature()
		g.funcs[fn] = sig
		for _, list := range []*ast.FieldList{fd.Type.Params, fd.Type.Results} {
			g.declareFields(list, list == fd.Type.Results, sig)
		}
	}
}

// declareFields joins the variables that share a type expression and
// marks it; unnamed results are the signature's.
func (g *flowGraph) declareFields(list *ast.FieldList, results bool, sig *types.Signature) {
	if list == nil {
		return
	}
	i := 0
	for _, field := range list.List {
		var vars []types.Object
		if len(field.Names) == 0 {
			if results {
				vars = append(vars, sig.Results().At(i))
			}
			i++
		}
		for _, name := range field.Names {
			if obj := g.info.Defs[name]; obj != nil {
				vars = append(vars, obj)
			}
			i++
		}
		var end flowEnd
		for _, v := range vars {
			if g.candidate(v) {
				end.objs = append(end.objs, v)
			}
		}
		if len(end.objs) > 0 {
			end.marks = []ast.Node{field.Type}
			if _, variadic := field.Type.(*ast.Ellipsis); variadic {
				end.taint = true
			}
			g.flow(end, flowEnd{})
		}
	}
}

func (g *flowGraph) walk(f *ast.File) {
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			g.parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			g.assign(n)
		case *ast.ValueSpec:
			g.valueSpec(n)
		case *ast.ReturnStmt:
			g.ret(n, g.enclosing(stack))
		case *ast.RangeStmt:
			g.rangeStmt(n)
		case *ast.CallExpr:
			g.call(n)
		case *ast.CompositeLit:
			g.literal(n)
		case *ast.BinaryExpr:
			g.compare(n)
		case *ast.FuncLit:
			// Its parameters and results are not followed.
			for _, v := range g.fieldVars(n.Type.Results) {
				if g.candidate(v) {
					g.flow(flowEnd{objs: []types.Object{v}, taint: true}, flowEnd{})
				}
			}
			g.taintFields(n.Type.Params)
		}
		return true
	})
}

func (g *flowGraph) fieldVars(list *ast.FieldList) []types.Object {
	var out []types.Object
	if list == nil {
		return out
	}
	for _, field := range list.List {
		for _, name := range field.Names {
			if obj := g.info.Defs[name]; obj != nil {
				out = append(out, obj)
			}
		}
	}
	return out
}

func (g *flowGraph) taintFields(list *ast.FieldList) {
	for _, v := range g.fieldVars(list) {
		if g.candidate(v) {
			g.flow(flowEnd{objs: []types.Object{v}, taint: true}, flowEnd{})
		}
	}
}

// enclosing is the function declaration a return on the stack returns
// from (nil inside a function literal).
func (g *flowGraph) enclosing(stack []ast.Node) *types.Func {
	for _, n := range slices.Backward(stack) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return nil
		case *ast.FuncDecl:
			fn, _ := g.info.Defs[n.Name].(*types.Func)
			return fn
		}
	}
	return nil
}

func (g *flowGraph) swappedType(e ast.Expr) bool {
	t := g.info.TypeOf(e)
	return t != nil && g.p.mentionsSwapped(t)
}

func (g *flowGraph) assign(n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
		return
	}
	if len(n.Lhs) == len(n.Rhs) {
		for i, lhs := range n.Lhs {
			if g.swappedType(lhs) || g.swappedType(n.Rhs[i]) {
				g.flow(g.dest(lhs), g.source(n.Rhs[i]))
			}
		}
		return
	}
	results := g.calledResults(n.Rhs[0])
	for k, lhs := range n.Lhs {
		if !g.swappedType(lhs) {
			continue
		}
		src := flowEnd{taint: true}
		if results != nil && g.candidate(results.At(k)) {
			src = flowEnd{objs: []types.Object{results.At(k)}}
		}
		g.flow(g.dest(lhs), src)
	}
}

// calledResults are the results of the followed function e calls.
func (g *flowGraph) calledResults(e ast.Expr) *types.Tuple {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	fn, ok := g.info.Uses[id].(*types.Func)
	if !ok || g.funcs[fn] == nil {
		return nil
	}
	g.called[call] = true
	return g.funcs[fn].Results()
}

func (g *flowGraph) valueSpec(n *ast.ValueSpec) {
	for i, name := range n.Names {
		obj := g.info.Defs[name]
		if obj == nil || !g.candidate(obj) {
			continue
		}
		end := flowEnd{objs: []types.Object{obj}}
		if n.Type != nil {
			end.marks = []ast.Node{n.Type}
		}
		src := flowEnd{}
		switch {
		case len(n.Values) == len(n.Names):
			src = g.source(n.Values[i])
		case len(n.Values) > 0:
			src.taint = true
		}
		g.flow(end, src)
	}
}

func (g *flowGraph) ret(n *ast.ReturnStmt, fn *types.Func) {
	var results *types.Tuple
	if fn != nil && g.funcs[fn] != nil {
		results = g.funcs[fn].Results()
	}
	if len(n.Results) == 1 && results != nil && results.Len() > 1 {
		called := g.calledResults(n.Results[0])
		for k := range results.Len() {
			if !g.candidate(results.At(k)) {
				continue
			}
			src := flowEnd{taint: true}
			if called != nil && g.candidate(called.At(k)) {
				src = flowEnd{objs: []types.Object{called.At(k)}}
			}
			g.flow(flowEnd{objs: []types.Object{results.At(k)}}, src)
		}
		return
	}
	for i, e := range n.Results {
		if !g.swappedType(e) {
			continue
		}
		dst := flowEnd{taint: true}
		if results != nil && i < results.Len() && g.candidate(results.At(i)) {
			dst = flowEnd{objs: []types.Object{results.At(i)}}
		}
		g.flow(dst, g.source(e))
	}
}

func (g *flowGraph) rangeStmt(n *ast.RangeStmt) {
	if n.Value == nil || !g.swappedType(n.Value) {
		return
	}
	src := flowEnd{taint: true}
	if r := g.reads(n.X); r != nil {
		src = *r
	} else if g.p.readsKept(n.X, nil) {
		src = flowEnd{anchor: true}
	}
	g.flow(g.dest(n.Value), src)
	if n.Key != nil && g.swappedType(n.Key) {
		g.flow(g.dest(n.Key), src) // a map's key
	}
}

// call follows the arguments of a call of a followed function into its
// parameters. append and the other calls are read where their value goes.
func (g *flowGraph) call(n *ast.CallExpr) {
	id, ok := ast.Unparen(n.Fun).(*ast.Ident)
	if !ok {
		return
	}
	fn, ok := g.info.Uses[id].(*types.Func)
	if !ok || g.funcs[fn] == nil {
		return
	}
	g.calls[id] = true
	if _, taken := g.called[n]; !taken {
		g.called[n] = false
	}
	params := g.funcs[fn].Params()
	if n.Ellipsis.IsValid() || len(n.Args) != params.Len() {
		for v := range params.Variables() {
			if g.candidate(v) {
				g.flow(flowEnd{objs: []types.Object{v}, taint: true}, flowEnd{})
			}
		}
		return
	}
	for i, arg := range n.Args {
		if g.candidate(params.At(i)) {
			g.flow(flowEnd{objs: []types.Object{params.At(i)}}, g.source(arg))
		}
	}
}

// literal follows the values of a struct literal's keys that are kept
// fields into them.
func (g *flowGraph) literal(n *ast.CompositeLit) {
	for _, v := range g.p.keptKeyValues(n) {
		g.flow(flowEnd{anchor: true}, g.source(v))
	}
}

// compare keeps a swapped constant compared with what a group holds, and
// accounts for comparisons with nil.
func (g *flowGraph) compare(n *ast.BinaryExpr) {
	if n.Op != token.EQL && n.Op != token.NEQ {
		return
	}
	for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
		root, rid := g.rooted(side[0])
		if root == nil {
			continue
		}
		if id, ok := ast.Unparen(side[1]).(*ast.Ident); ok && g.info.Uses[id] == types.Universe.Lookup("nil") {
			g.seen[rid] = true
			continue
		}
		if c, ok := g.swappedConst(side[1]); ok {
			g.seen[rid] = true
			g.flow(flowEnd{objs: []types.Object{root}}, flowEnd{marks: []ast.Node{c}})
		}
	}
}

// rooted is the candidate e reads (itself, an element, a field of it:
// addrs[0].Type) and its ident.
func (g *flowGraph) rooted(e ast.Expr) (types.Object, *ast.Ident) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			if s, ok := g.info.Selections[x]; !ok || s.Kind() != types.FieldVal {
				return nil, nil
			}
			e = x.X
			continue
		case *ast.Ident:
			obj := g.info.Uses[x]
			if obj == nil || !g.candidate(obj) {
				return nil, nil
			}
			return obj, x
		}
		return nil, nil
	}
}

// reads is the group end of what e reads, its use accounted for (nil:
// e reads no candidate).
func (g *flowGraph) reads(e ast.Expr) *flowEnd {
	obj, id := g.rooted(e)
	if obj == nil {
		return nil
	}
	g.seen[id] = true
	return &flowEnd{objs: []types.Object{obj}}
}

// dest is where an assignment to e puts the value.
func (g *flowGraph) dest(e ast.Expr) flowEnd {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if id.Name == "_" {
			return flowEnd{}
		}
		obj := g.info.Defs[id]
		if obj == nil {
			obj = g.info.Uses[id]
		}
		if obj == nil || !g.candidate(obj) {
			return flowEnd{taint: true}
		}
		g.seen[id] = true
		return flowEnd{objs: []types.Object{obj}}
	}
	if g.p.keepsV1Beta1(e) {
		return flowEnd{anchor: true}
	}
	if r := g.reads(e); r != nil {
		return *r // an element or a field of it
	}
	return flowEnd{taint: true}
}

// source is the value e gives.
func (g *flowGraph) source(e ast.Expr) flowEnd {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		obj := g.info.Uses[x]
		if obj == types.Universe.Lookup("nil") {
			return flowEnd{}
		}
		if obj != nil && g.candidate(obj) {
			g.seen[x] = true
			return flowEnd{objs: []types.Object{obj}}
		}
	case *ast.CompositeLit:
		return flowEnd{marks: []ast.Node{x}}
	case *ast.UnaryExpr:
		if _, lit := ast.Unparen(x.X).(*ast.CompositeLit); lit && x.Op == token.AND {
			return flowEnd{marks: []ast.Node{x}}
		}
	case *ast.CallExpr:
		return g.callSource(x)
	}
	if c, ok := g.swappedConst(e); ok {
		return flowEnd{marks: []ast.Node{c}}
	}
	if g.p.readsKept(e, nil) {
		return flowEnd{anchor: true}
	}
	if r := g.reads(e); r != nil {
		return *r
	}
	if !g.swappedType(e) {
		return flowEnd{}
	}
	return flowEnd{taint: true}
}

func (g *flowGraph) callSource(x *ast.CallExpr) flowEnd {
	if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
		if b, ok := g.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "make", "new":
				return flowEnd{marks: []ast.Node{x}}
			case "append":
				var end flowEnd
				for _, arg := range x.Args {
					end = end.join(g.source(arg))
				}
				return end
			}
		}
	}
	if results := g.calledResults(x); results != nil && results.Len() == 1 {
		if g.candidate(results.At(0)) {
			return flowEnd{objs: []types.Object{results.At(0)}}
		}
		return flowEnd{}
	}
	return flowEnd{taint: true}
}

// unaccounted taints the groups of the candidate uses no flow accounts
// for, unless the use reads what does not depend on the type's version
// (len(addrs), addrs[0].Address), of followed functions used other than
// called, and of the results of calls whose value no flow takes.
func (g *flowGraph) unaccounted() {
	for call, taken := range g.called {
		if _, discarded := g.parents[call].(*ast.ExprStmt); taken || discarded {
			continue
		}
		if results := g.calledResults(call); results != nil {
			for v := range results.Variables() {
				if g.candidate(v) {
					g.flow(flowEnd{objs: []types.Object{v}, taint: true}, flowEnd{})
				}
			}
		}
	}
	for id, obj := range g.info.Uses {
		if fn, ok := obj.(*types.Func); ok && g.funcs[fn] != nil && !g.calls[id] {
			params, results := g.funcs[fn].Params(), g.funcs[fn].Results()
			for _, t := range []*types.Tuple{params, results} {
				for v := range t.Variables() {
					if g.candidate(v) {
						g.flow(flowEnd{objs: []types.Object{v}, taint: true}, flowEnd{})
					}
				}
			}
			continue
		}
		if g.seen[id] || obj == nil || !g.candidate(obj) || g.versionFree(id) {
			continue
		}
		g.flow(flowEnd{objs: []types.Object{obj}, taint: true}, flowEnd{})
	}
}

// versionFree reports whether the use id reads only what is the same
// under either version: a string field of an element, a length.
func (g *flowGraph) versionFree(id *ast.Ident) bool {
	var e ast.Node = id
	for {
		parent := g.parents[e]
		switch x := parent.(type) {
		case *ast.IndexExpr:
			if x.X == e {
				e = x
				continue
			}
		case *ast.SelectorExpr:
			if s, ok := g.info.Selections[x]; ok && s.Kind() == types.FieldVal {
				e = x
				continue
			}
		case *ast.ParenExpr, *ast.StarExpr:
			e = x
			continue
		case *ast.CallExpr:
			if fid, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
				if b, ok := g.info.Uses[fid].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
					return true
				}
			}
		}
		expr, ok := e.(ast.Expr)
		return ok && e != id && !g.swappedType(expr)
	}
}

type keptFlow struct {
	objs  map[types.Object]bool
	nodes map[ast.Node]bool
}

// cachedFlows is keptFlows, once per package for the files that swap the
// same packages.
func (p *planner) cachedFlows() (map[types.Object]bool, map[ast.Node]bool) {
	if p.pkg == nil {
		return p.keptFlows()
	}
	var olds []string
	for _, sw := range p.swaps {
		olds = append(olds, sw.old)
	}
	slices.Sort(olds)
	key := strings.Join(olds, " ")
	if f, ok := p.pkg.flows[key]; ok {
		return f.objs, f.nodes
	}
	objs, nodes := p.keptFlows()
	if p.pkg.flows == nil {
		p.pkg.flows = map[string]keptFlow{}
	}
	p.pkg.flows[key] = keptFlow{objs, nodes}
	return objs, nodes
}

// swappedConst is e when it names a constant of a swapped package, in
// any file of the package (the planner's own swappedConst knows its
// file's imports only).
func (g *flowGraph) swappedConst(e ast.Expr) (*ast.SelectorExpr, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, false
	}
	pn, ok := g.info.Uses[x].(*types.PkgName)
	if !ok || !g.p.swapped(pn.Imported().Path()) {
		return nil, false
	}
	_, isConst := g.info.Uses[sel.Sel].(*types.Const)
	return sel, isConst
}
