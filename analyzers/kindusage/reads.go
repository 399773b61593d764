package kindusage

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/lvalue"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// field is a selector resolved to a catalogued kind type and JSON path.
type field struct {
	ref  kindfinder.TypeRef
	path string
}

// resolve names the field a selector x.F selects on a label-driven kind's
// type (or a struct under one).
func resolve(pass *analysis.Pass, res *kindfinder.Result, sel *ast.SelectorExpr) (field, bool) {
	s, ok := pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return field{}, false
	}
	return fieldOf(res, s.Recv(), s.Obj().(*types.Var))
}

// checkReads reports, in one function, each read of a v1beta1 field the
// v1beta2 contract removed or moved, on a type that also has the successor.
// Writes are not reads, nor is a read that feeds the successor of the same
// type (`x.New = x.Old`, `if x.Old { x.New = … }`): that is the dual write;
// nor the fallback of the successor of the same object in one call
// (`ptr.Deref(x.New, x.Old)`): that reads what core reads when it is set.
func checkReads(pass *analysis.Pass, em *emit.Emitter, res *kindfinder.Result, fd *ast.FuncDecl) {
	written := map[ast.Expr]bool{}
	mirrored := map[*ast.SelectorExpr]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				written[lvalue.Target(lhs)] = true
			}
			markMirrors(pass, res, mirrored, n.Lhs, n.Rhs...)
		case *ast.IncDecStmt:
			written[lvalue.Target(n.X)] = true
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				written[lvalue.Target(n.X)] = true // the address escapes: may be written
			}
		case *ast.CallExpr:
			markFallbacks(pass, res, mirrored, n.Args)
		case *ast.IfStmt:
			var lhs []ast.Expr
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if as, ok := m.(*ast.AssignStmt); ok {
					lhs = append(lhs, as.Lhs...)
				}
				return true
			})
			markMirrors(pass, res, mirrored, lhs, n.Cond)
		}
		return true
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || written[sel] || mirrored[sel] {
			return true
		}
		f, ok := resolve(pass, res, sel)
		if !ok {
			return true
		}
		old, successor, ok := removed(f)
		if !ok {
			return true
		}
		ctx := f.ref.Context(res.Target.Behaviour, res.Release)
		em.At(sel.Sel.Pos(), report.Finding{
			Rule:       contract.RuleKindRemovedFieldRead,
			Severity:   contract.MustRule(contract.RuleKindRemovedFieldRead).Severity(ctx),
			Kind:       f.ref.Kind,
			Type:       f.ref.Type,
			APIVersion: f.ref.APIVersion(),
			Field:      old.Path,
			Access:     "read",
			Message: fmt.Sprintf("%s reads `%s` (%s), which the v1beta2 contract replaced by %s: move the read there before the v1beta1 field is dropped (%s)",
				fd.Name.Name, types.ExprString(sel), old.Path, successor.Path, f.ref.Judgement.Why),
		})
		return true
	})
}

// removed returns the v1beta1 point at f's path and its successor when the
// v1beta2 contract removed or moved it and the type has both.
func removed(f field) (old, successor contract.Point, ok bool) {
	kind, found := contract.KindByName(f.ref.ContractKind)
	if !found {
		return old, successor, false
	}
	old, found = kind.Point(contract.V1Beta1, f.path)
	if !found {
		return old, successor, false
	}
	successor, found = kind.Successor(old)
	return old, successor, found && f.ref.Has(old.Path) && f.ref.Has(successor.Path)
}

// markMirrors marks the removed-field reads in values that are assigned to
// their successor on the same type.
func markMirrors(pass *analysis.Pass, res *kindfinder.Result, mirrored map[*ast.SelectorExpr]bool, lhs []ast.Expr, values ...ast.Expr) {
	var dests []field
	for _, l := range lhs {
		if sel, ok := lvalue.Target(l).(*ast.SelectorExpr); ok {
			if f, ok := resolve(pass, res, sel); ok {
				dests = append(dests, f)
			}
		}
	}
	if len(dests) == 0 {
		return
	}
	for _, v := range values {
		ast.Inspect(v, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			f, ok := resolve(pass, res, sel)
			if !ok {
				return true
			}
			if _, successor, ok := removed(f); ok {
				for _, d := range dests {
					if d.ref.Type == f.ref.Type && (d.path == successor.Path || strings.HasPrefix(successor.Path, d.path+".")) {
						mirrored[sel] = true
					}
				}
			}
			return true
		})
	}
}

// markFallbacks marks removed-field reads passed to a call beside their
// successor on the same object (ptr.Deref(x.New, x.Old)).
func markFallbacks(pass *analysis.Pass, res *kindfinder.Result, mirrored map[*ast.SelectorExpr]bool, args []ast.Expr) {
	if len(args) < 2 {
		return
	}
	type arg struct {
		sel  *ast.SelectorExpr
		f    field
		root string
	}
	var resolved []arg
	for _, a := range args {
		sel, ok := ast.Unparen(a).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		if f, ok := resolve(pass, res, sel); ok {
			resolved = append(resolved, arg{sel, f, types.ExprString(rootOf(sel))})
		}
	}
	for _, old := range resolved {
		_, successor, ok := removed(old.f)
		if !ok {
			continue
		}
		for _, other := range resolved {
			if other.sel != old.sel && other.root == old.root && other.f.ref.Type == old.f.ref.Type && other.f.path == successor.Path {
				mirrored[old.sel] = true
			}
		}
	}
}

// rootOf is the object a field selector chain starts from (cp in
// cp.Status.Initialization.X).
func rootOf(e ast.Expr) ast.Expr {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return e
		}
		e = sel.X
	}
}
