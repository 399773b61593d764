package goapifix

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/internal/params"
)

// The split of a file's uses: the provider's own API types may keep core
// v1beta1 types in their fields (status.failureDomains, status.addresses)
// while the file's core objects move. The values the file builds for such
// fields keep their v1beta1 type names, under a second import of the
// v1beta1 package (clusterv1beta1, as the guide names it).

// findKept marks the expressions that build a value for a field that
// keeps a v1beta1 type: the right-hand side of an assignment to it (a
// composite literal, make, new or a conversion), the type of a function
// parameter whose only uses are such assignments, the value and elements
// of a local whose only uses are such assignments and setting its
// elements, and a constant compared with what such a field holds
// (addr.Type == clusterv1.MachineInternalIP over a kept list of
// addresses, keptLocals).
func (p *planner) findKept() {
	uses := map[types.Object]int{} // a parameter or local → its uses
	into := map[types.Object]int{} // a parameter or local → its uses assigned to a kept field
	params := map[types.Object]ast.Expr{}
	built := map[types.Object]ast.Expr{}   // a local → the value it is defined with
	elems := map[types.Object][]ast.Expr{} // a local → the values set as its elements
	ranged := p.keptLocals()
	flowing, nodes := p.cachedFlows()
	for obj := range flowing {
		ranged[obj] = true
	}
	for n := range nodes {
		if p.file.Pos() <= n.Pos() && n.End() <= p.file.End() {
			p.kept[n] = true
		}
	}
	ast.Inspect(p.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				return true
			}
			for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if c, ok := p.swappedConst(side[1]); ok && p.readsKept(side[0], ranged) {
					p.kept[c] = true
				}
			}
		case *ast.FuncDecl:
			if n.Body == nil {
				return true
			}
			for _, fl := range n.Type.Params.List {
				for _, name := range fl.Names {
					if obj := p.pass.TypesInfo.Defs[name]; obj != nil && len(fl.Names) == 1 {
						params[obj] = fl.Type
					}
				}
			}
		case *ast.Ident:
			if obj := p.pass.TypesInfo.Uses[n]; obj != nil {
				uses[obj]++
			}
		case *ast.CompositeLit:
			// A literal of another package's struct: a key whose field
			// keeps a v1beta1 type keeps the value built for it.
			for _, v := range p.keptKeyValues(n) {
				p.keepValue(v)
			}
		case *ast.ExprStmt:
			p.keepCompared(n)
		case *ast.IfStmt:
			p.keepCompared(n.Cond) // if !reflect.DeepEqual(got, want)
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				// A local built in place for a kept field (below).
				if id, ok := n.Lhs[0].(*ast.Ident); ok && p.pass.TypesInfo.Defs[id] != nil && p.mentionsSwapped(p.pass.TypesInfo.TypeOf(n.Rhs[0])) {
					built[p.pass.TypesInfo.Defs[id]] = n.Rhs[0]
				}
				return true
			}
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, lhs := range n.Lhs {
				if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
					// local[k] = v: v is an element of the local's value.
					if id, ok := ast.Unparen(ix.X).(*ast.Ident); ok && p.pass.TypesInfo.Uses[id] != nil {
						obj := p.pass.TypesInfo.Uses[id]
						elems[obj] = append(elems[obj], n.Rhs[i])
						continue
					}
				}
				if !p.keepsV1Beta1(lhs) {
					continue
				}
				if id, ok := ast.Unparen(n.Rhs[i]).(*ast.Ident); ok {
					if obj := p.pass.TypesInfo.Uses[id]; obj != nil {
						into[obj]++
					}
					continue
				}
				p.keepValue(n.Rhs[i])
			}
		}
		return true
	})
	for obj, typ := range params {
		if into[obj] > 0 && into[obj] == uses[obj] && p.mentionsSwapped(p.pass.TypesInfo.TypeOf(typ)) {
			p.kept[typ] = true
		}
	}
	// A local whose every use sets a kept field to it or an element of it
	// holds a value built for that field: its value and elements are kept.
	for obj, rhs := range built {
		if into[obj] == 0 || into[obj]+len(elems[obj]) != uses[obj] {
			continue
		}
		p.keepValue(rhs)
		for _, v := range elems[obj] {
			p.keepValue(v)
		}
	}
}

// keptKeyValues are the values lit sets for keys whose fields keep a
// v1beta1 type.
func (p *planner) keptKeyValues(lit *ast.CompositeLit) []ast.Expr {
	var out []ast.Expr
	for kv, id := range keyed(lit) {
		if field, ok := p.pass.TypesInfo.Uses[id].(*types.Var); ok && field.IsField() && p.keptField(field) {
			out = append(out, kv.Value)
		}
	}
	return out
}

// keyed yields lit's elements keyed by a name (a struct's fields).
func keyed(lit *ast.CompositeLit) iter.Seq2[*ast.KeyValueExpr, *ast.Ident] {
	return func(yield func(*ast.KeyValueExpr, *ast.Ident) bool) {
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok && !yield(kv, id) {
				return
			}
		}
	}
}

// keptLocals are the file's variables that hold what a field keeping a
// v1beta1 type holds: range values over such a field, and the parameters
// of an unexported function of the file that every call (all in this
// file) passes such a value, whose type expressions are marked kept.
func (p *planner) keptLocals() map[types.Object]bool {
	kept := map[types.Object]bool{}
	ranges := func() {
		ast.Inspect(p.file, func(n ast.Node) bool {
			if r, ok := n.(*ast.RangeStmt); ok && r.Tok == token.DEFINE && p.readsKept(r.X, kept) {
				if id, ok := r.Value.(*ast.Ident); ok && p.pass.TypesInfo.Defs[id] != nil {
					kept[p.pass.TypesInfo.Defs[id]] = true
				}
			}
			return true
		})
	}
	ranges()
	found := false
	for _, decl := range p.file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Name.IsExported() || fd.Body == nil {
			continue
		}
		fn, ok := p.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok || !p.takesSwapped(fd) || p.usedElsewhere(fn) {
			continue
		}
		i := 0
		for _, fl := range fd.Type.Params.List {
			for _, name := range fl.Names {
				if len(fl.Names) == 1 && p.mentionsSwapped(p.pass.TypesInfo.TypeOf(fl.Type)) && p.alwaysPassedKept(fn, i, kept) {
					p.kept[fl.Type] = true
					kept[p.pass.TypesInfo.Defs[name]] = true
					found = true
				}
				i++
			}
		}
	}
	if found {
		ranges()
	}
	return kept
}

// takesSwapped reports whether a parameter of fd has a type naming a
// swapped package's type; only those can keep v1beta1, and the check is
// cheaper than walking the package's other files.
func (p *planner) takesSwapped(fd *ast.FuncDecl) bool {
	for _, fl := range fd.Type.Params.List {
		if p.mentionsSwapped(p.pass.TypesInfo.TypeOf(fl.Type)) {
			return true
		}
	}
	return false
}

// usedElsewhere reports whether fn is used in another file of the package.
func (p *planner) usedElsewhere(fn *types.Func) bool {
	for _, f := range p.pass.Files {
		if f == p.file {
			continue
		}
		used := false
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && p.pass.TypesInfo.Uses[id] == fn {
				used = true
			}
			return !used
		})
		if used {
			return true
		}
	}
	return false
}

// alwaysPassedKept reports whether fn is used in the file only as called,
// at least once, each call passing as argument i what a field keeping a
// v1beta1 type holds.
func (p *planner) alwaysPassedKept(fn *types.Func, i int, kept map[types.Object]bool) bool {
	calls, uses := 0, 0
	ast.Inspect(p.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if p.pass.TypesInfo.Uses[n] == fn {
				uses++
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && p.pass.TypesInfo.Uses[id] == fn && i < len(n.Args) && !n.Ellipsis.IsValid() && p.readsKept(n.Args[i], kept) {
				calls++
			}
		}
		return true
	})
	return calls > 0 && calls == uses
}

// readsKept reports whether e reads a field that keeps a v1beta1 type, or
// what such a field holds (an element, a field of it, a range value over
// it, ranged says which).
func (p *planner) readsKept(e ast.Expr, ranged map[types.Object]bool) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.Ident:
			return ranged[p.pass.TypesInfo.Uses[x]]
		case *ast.SelectorExpr:
			if p.keepsV1Beta1(x) {
				return true
			}
			s, ok := p.pass.TypesInfo.Selections[x]
			if !ok || s.Kind() != types.FieldVal || !p.mentionsSwapped(s.Recv()) {
				return false
			}
			e = x.X
			continue
		}
		return false
	}
}

// swappedConst is e when it names a constant of a swapped package.
func (p *planner) swappedConst(e ast.Expr) (*ast.SelectorExpr, bool) {
	sel, _, ok := p.swappedSelector(ast.Unparen(e))
	if !ok {
		return nil, false
	}
	_, isConst := p.pass.TypesInfo.Uses[sel.Sel].(*types.Const)
	return sel, isConst
}

// keepCompared marks the values stmt (a statement or an if's condition)
// builds in place and passes as an interface (a matcher's expected value,
// reflect.DeepEqual's argument) whose type is that of a field stmt reads
// that keeps a v1beta1 type: they are compared with it, and equal only
// while the types are.
func (p *planner) keepCompared(stmt ast.Node) {
	var kept []types.Type
	ast.Inspect(stmt, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && p.keepsV1Beta1(sel) {
			if t := p.pass.TypesInfo.TypeOf(sel); t != nil {
				kept = append(kept, t)
			}
		}
		return true
	})
	if len(kept) == 0 {
		return
	}
	ast.Inspect(stmt, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sig, ok := types.Unalias(p.pass.TypesInfo.TypeOf(call.Fun)).(*types.Signature)
		if !ok {
			return true // a conversion or a builtin
		}
		for i, arg := range call.Args {
			if pt := params.TypeOf(sig, i, call.Ellipsis.IsValid()); pt == nil || !types.IsInterface(pt) {
				continue
			}
			at := p.pass.TypesInfo.TypeOf(arg)
			for _, t := range kept {
				if at != nil && types.Identical(at, t) {
					p.keepValue(arg)
				}
			}
		}
		return true
	})
}

// keepValue marks e, a value built for a field that keeps a v1beta1
// type, when it is built in place: a composite literal (or its address),
// make, new or a conversion.
func (p *planner) keepValue(e ast.Expr) {
	switch v := ast.Unparen(e).(type) {
	case *ast.CompositeLit, *ast.CallExpr:
		p.kept[v] = true
	case *ast.UnaryExpr:
		if _, lit := ast.Unparen(v.X).(*ast.CompositeLit); lit && v.Op == token.AND {
			p.kept[v] = true
		}
	}
}

// keepsV1Beta1 reports whether e, assigned to, is a field (or an element
// of one) that another package declares with a type of a swapped v1beta1
// package: the move does not change its type.
func (p *planner) keepsV1Beta1(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
			continue
		case *ast.SelectorExpr:
			s, ok := p.pass.TypesInfo.Selections[x]
			if !ok || s.Kind() != types.FieldVal || s.Obj().Pkg() == nil {
				return false
			}
			field, ok := s.Obj().(*types.Var)
			return ok && p.keptField(field)
		}
		return false
	}
}

// mentionsSwapped reports whether t is, or is built of, a named type of a
// swapped package.
func (p *planner) mentionsSwapped(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Pkg() != nil && p.swapped(t.Obj().Pkg().Path())
	case *types.Pointer:
		return p.mentionsSwapped(t.Elem())
	case *types.Slice:
		return p.mentionsSwapped(t.Elem())
	case *types.Array:
		return p.mentionsSwapped(t.Elem())
	case *types.Map:
		return p.mentionsSwapped(t.Key()) || p.mentionsSwapped(t.Elem())
	}
	return false
}

// keep spells the swapped package's names in n through the second import
// of the v1beta1 package.
func (p *planner) keep(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		sel, pn, ok := p.swappedSelector(n)
		if !ok {
			return true
		}
		x := sel.X.(*ast.Ident)
		if p.swaps[pn].beside {
			p.swaps[pn].keptUses++ // already the import kept values use
			return false
		}
		name, edits := p.spell.Beside(p.swaps[pn].old, keptName(pn.Name()))
		p.plan.Edits = append(p.plan.Edits, edits...)
		p.edit(x.Pos(), x.End(), name)
		return false
	})
}

// keptName names the second import of the v1beta1 package the file
// imports as name: clusterv1 → clusterv1beta1.
func keptName(name string) string {
	if strings.Contains(name, "v1beta1") {
		return name + "kept"
	}
	return strings.TrimSuffix(name, "v1") + "v1beta1"
}

// keptField reports whether field, of a type of a swapped package, keeps
// that type when the file moves: it is declared in a package of API types
// (one that declares Kubernetes objects, embedding metav1.TypeMeta) other
// than this one. Such fields are CRD schema, which the move leaves to the
// provider's own API migration; another package's plain structs (a scope)
// move with their files.
func (p *planner) keptField(field *types.Var) bool {
	pkg := field.Pkg()
	if pkg == nil || pkg == p.pass.Pkg || p.swapped(pkg.Path()) || !p.mentionsSwapped(field.Type()) || p.moves(field) {
		return false
	}
	return DeclaresObjects(pkg)
}

// DeclaresObjects reports whether pkg declares a struct type that embeds
// metav1.TypeMeta: its fields are CRD schema, contract kind or not.
func DeclaresObjects(pkg *types.Package) bool {
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for f := range st.Fields() {
			if named, ok := types.Unalias(f.Type()).(*types.Named); ok && f.Embedded() &&
				named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metaV1 && named.Obj().Name() == "TypeMeta" {
				return true
			}
		}
	}
	return false
}
