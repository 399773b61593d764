package goapifix

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"github.com/mpaudit/mpaudit/analyzers/internal/params"
	"github.com/mpaudit/mpaudit/contract"
)

// The v1beta1 objects' v1beta2 condition utilities (util/conditions/v1beta2
// before v1.11, util/deprecated/v1beta1/conditions/v1beta2 from it) read
// and write status.v1beta2.conditions, which the conversion makes the
// v1beta2 object's status.conditions, where the namesakes in v1.11's
// util/conditions read and write them: on the objects a file's move makes
// v1beta2 the import moves to util/conditions and the API server sees the
// same conditions. The v1beta1 utilities (MarkTrue, …) write
// status.conditions, which v1beta2 keeps under status.deprecated.v1beta1:
// moving them to util/conditions would write other conditions, so they go
// to util/conditions/deprecated/v1beta1 instead (v1conditions.go).
const (
	conditionsPkg         = "sigs.k8s.io/cluster-api/util/conditions"
	conditionsV1Beta2Pkg  = conditionsPkg + "/v1beta2"
	deprecatedConditions2 = "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2"
	deprecatedConditions  = "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions"
)

// conditionImport reports whether the import of path is of the v1beta2
// condition utilities of v1beta1 objects, whose move conditionMoves judges:
// from v1.11, or before it when go.mod is raised past it.
func conditionImport(path string, raising bool) bool {
	return path == deprecatedConditions2 || raising && path == conditionsV1Beta2Pkg
}

// keepConditionImports blocks the file at each import of specs, as for
// the other condition utilities (a file whose types stay, a scheme).
func (p *planner) keepConditionImports(specs []*ast.ImportSpec) {
	for _, spec := range specs {
		path, _ := strconv.Unquote(spec.Path.Value)
		p.block(spec.Pos(), fmt.Sprintf("the file uses %s (%s)", keptImports[deprecatedConditions2], path), keepConditions)
	}
}

// conditionMoves moves each import of specs to util/conditions when every
// use in the file is a namesake of the same shape there and every object
// passed to it is one the move makes v1beta2; else it blocks the file at
// each other use (an object of the provider's own API keeps its
// GetV1Beta2Conditions until its own migration).
func (p *planner) conditionMoves(specs []*ast.ImportSpec) {
	if len(specs) == 0 {
		return
	}
	calls := map[ast.Expr]*ast.CallExpr{}
	ast.Inspect(p.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			calls[ast.Unparen(c.Fun)] = c
		}
		return true
	})
	typed := p.typedLocals()
	for _, spec := range specs {
		path, _ := strconv.Unquote(spec.Path.Value)
		pn := p.pass.TypesInfo.PkgNameOf(spec)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			p.block(spec.Pos(), "a blank or dot import of "+path, "import it under a name, then run the rewrite again")
			continue
		}
		var uses []*ast.SelectorExpr
		ofImport := map[*ast.CallExpr]bool{}
		ast.Inspect(p.file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && p.pass.TypesInfo.Uses[x] == pn {
					uses = append(uses, sel)
					if c := calls[sel]; c != nil {
						ofImport[c] = true
					}
				}
			}
			return true
		})
		// The calls on the provider's own stage-1 objects (stage1.go) go to
		// the deprecated copy, with what is written inside them.
		home, homeOK := contract.GoAPIStage1Home(path, p.built)
		own := map[*ast.CallExpr]bool{}
		for c := range ofImport {
			if homeOK && p.onOwnObject(c, "GetV1Beta2Conditions") {
				own[c] = true
			}
		}
		parents := p.parentMap()
		root := func(n ast.Node) *ast.CallExpr {
			var r *ast.CallExpr
			for ; n != nil; n = parents[n] {
				if c, ok := n.(*ast.CallExpr); ok && ofImport[c] {
					r = c
				}
			}
			return r
		}
		blocked := false
		var ownSels, free []*ast.SelectorExpr
		core := 0
		for _, sel := range uses {
			r := root(sel)
			why := ""
			switch {
			case r != nil && own[r]:
				ownSels = append(ownSels, sel)
				why = p.ownConditionUse(sel, calls[sel])
			case r == nil && len(own) > 0:
				free = append(free, sel) // a type or value outside the calls: it goes with them
			default:
				core++
				why = p.conditionUse(sel, calls[sel], typed)
			}
			if why != "" {
				p.block(sel.Pos(), why, keepConditions)
				blocked = true
			}
		}
		if blocked {
			continue
		}
		switch {
		case len(ownSels) == 0:
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: conditionsPkg})
		case core == 0:
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: home})
		case len(free) > 0:
			for _, sel := range free {
				p.block(sel.Pos(), p.text(sel)+" is used outside a call, in a file that calls the utilities on both the provider's own stage-1 objects and objects the move makes v1beta2", "name it from util/conditions or its deprecated copy by hand, then run the rewrite again")
			}
		default:
			// Both: the core objects' calls take util/conditions, the
			// provider's own objects' calls a second import of the home.
			name, edits := p.spell.Beside(home, "v1beta2conditions")
			p.plan.Edits = append(p.plan.Edits, edits...)
			for _, sel := range ownSels {
				p.edit(sel.X.Pos(), sel.X.End(), name)
			}
			p.condSwaps = append(p.condSwaps, &swap{spec: spec, old: path, new: conditionsPkg})
		}
	}
}

// ownConditionUse says why sel, in a call on the provider's own stage-1
// object, keeps the file: another object passed to it is not one.
func (p *planner) ownConditionUse(sel *ast.SelectorExpr, call *ast.CallExpr) string {
	fn, ok := p.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || call == nil {
		return "" // a type or an option inside the call: the same in the copy
	}
	for i, arg := range call.Args {
		pt := params.TypeOf(fn.Signature(), i, call.Ellipsis.IsValid())
		if pt == nil || !p.objectParam(pt, fn.Pkg()) {
			continue
		}
		objs := []ast.Expr{arg}
		if _, isSlice := types.Unalias(pt).(*types.Slice); isSlice {
			lit, isLit := ast.Unparen(arg).(*ast.CompositeLit)
			if !isLit || call.Ellipsis.IsValid() {
				return fmt.Sprintf("%s takes %s, a list the move cannot see into", p.text(sel), p.text(arg))
			}
			objs = lit.Elts
		}
		if slices.ContainsFunc(objs, func(e ast.Expr) bool { return !p.ownStage1(e, "GetV1Beta2Conditions") }) {
			return fmt.Sprintf("%s on %s, which is neither an object the move makes v1beta2 nor one of the provider's own still at the guide's stage 1 (util/deprecated/v1beta1/conditions/v1beta2 serves those)", p.text(sel), p.text(arg))
		}
	}
	return ""
}

// conditionUse says why the use sel (call its call, if any) keeps the
// file on the v1beta1 objects' utilities, "" when its move is mechanical.
func (p *planner) conditionUse(sel *ast.SelectorExpr, call *ast.CallExpr, typed map[types.Object]bool) string {
	subject := p.text(sel)
	s, ok := contract.GoAPISymbol(deprecatedConditions2, sel.Sel.Name, contract.ReleaseV1Beta2)
	if !ok || s.Class != contract.ChangeSame || s.Successor != conditionsPkg+"."+sel.Sel.Name {
		return subject + ": util/conditions has no namesake of the same shape"
	}
	if since := contract.GoAPIV1Beta2Later(s.Successor, p.to); since != "" {
		return fmt.Sprintf("%s: util/conditions has %s from Cluster API %s, and the code builds against %s", subject, sel.Sel.Name, since, p.to)
	}
	fn, ok := p.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok {
		return "" // a type or option of the same shape
	}
	if call == nil {
		return subject + " is used as a value"
	}
	sig := fn.Signature()
	for i, arg := range call.Args {
		pt := params.TypeOf(sig, i, call.Ellipsis.IsValid())
		if pt == nil || !p.objectParam(pt, fn.Pkg()) {
			continue
		}
		if !p.becomesV1Beta2Object(arg, typed, "GetConditions", "SetConditions") {
			return fmt.Sprintf("%s on %s, which the move does not make a v1beta2 object (util/conditions reads GetConditions, the v1beta2 conditions, only there)", subject, p.text(arg))
		}
	}
	return ""
}

// objectParam reports whether t, a parameter type of a function of pkg,
// takes the object whose conditions it reads or writes: the package's
// Getter or Setter, or a list of them.
func (p *planner) objectParam(t types.Type, pkg *types.Package) bool {
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		t = s.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != pkg || !types.IsInterface(named) {
		return false
	}
	// Not an option interface (SummaryOption): one with a condition accessor.
	iface := named.Underlying().(*types.Interface)
	for m := range iface.Methods() {
		if slices.Contains(contract.PatchHelperConditionAccessors, m.Name()) {
			return true
		}
	}
	return false
}

// typedLocals are the parameters and variables of the file declared with
// a written type (a struct of a swapped package, or a pointer to one) that
// the move rewrites: their type is the v1beta2 one after it.
func (p *planner) typedLocals() map[types.Object]bool {
	out := map[types.Object]bool{}
	written := func(typ ast.Expr) bool {
		if a, ok := typ.(*ast.ArrayType); ok {
			typ = a.Elt // a list of them: its elements move with it
		}
		if u, ok := typ.(*ast.StarExpr); ok {
			typ = u.X
		}
		sel, ok := typ.(*ast.SelectorExpr)
		if !ok || p.kept[typ] {
			return false
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return false
		}
		pn, ok := p.pass.TypesInfo.Uses[x].(*types.PkgName)
		return ok && p.swaps[pn] != nil
	}
	ast.Inspect(p.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType:
			if n.Params == nil {
				return true
			}
			for _, fl := range n.Params.List {
				if written(fl.Type) && !p.kept[fl.Type] {
					for _, name := range fl.Names {
						out[p.pass.TypesInfo.Defs[name]] = true
					}
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && written(n.Type) {
				for _, name := range n.Names {
					out[p.pass.TypesInfo.Defs[name]] = true
				}
			}
		case *ast.RangeStmt:
			// for _, m := range machines: m's type is their element's.
			if id, ok := n.Value.(*ast.Ident); ok && n.Tok == token.DEFINE && p.movesWithFile(n.X, out) {
				if obj := p.pass.TypesInfo.Defs[id]; obj != nil {
					out[obj] = true
				}
			}
		case *ast.AssignStmt:
			// x := &clusterv1.Machine{…}: the literal names the type.
			if n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, rhs := range n.Rhs {
				e := ast.Unparen(rhs)
				if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
					e = ast.Unparen(u.X)
				}
				if lit, ok := e.(*ast.CompositeLit); ok && lit.Type != nil && written(lit.Type) && !p.kept[lit] && !p.kept[rhs] {
					if id, ok := n.Lhs[i].(*ast.Ident); ok && p.pass.TypesInfo.Defs[id] != nil {
						out[p.pass.TypesInfo.Defs[id]] = true
					}
				}
			}
		}
		return true
	})
	return out
}
