package poolusage

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
)

// failureMigration rewrites one use, when the type fix moves the field
// (kindtypes.Changed), of a storage pool's top-level
// status.failureReason or status.failureMessage to the accessors the
// MPA105/MPA106 type fix declares: reads e.F become e.V1Beta1F(), writes
// e.F = v become e.SetV1Beta1F(v). Anything else (address-of, ++/--,
// op-assignment, several targets, literal keys, a value that is not
// addressable for the pointer-receiver methods, a struct or array field
// written in place) is left to a person.
func failureMigration(pass *analysis.Pass, a access) migration {
	if a.path != contract.PathFailureReason && a.path != contract.PathFailureMessage {
		return migration{}
	}
	if !a.pool.Ref.Storage || a.pool.Path != "status" {
		return migration{}
	}
	manual := migration{relevant: true, manual: true}
	cur, ok := cursorOf(pass, a.node)
	if !ok {
		return migration{}
	}
	switch n := a.node.(type) {
	case *ast.KeyValueExpr: // Status{FailureReason: v}
		lit, _ := cur.Parent().Node().(*ast.CompositeLit)
		if lit == nil {
			return migration{}
		}
		named, ok := types.Unalias(kindfinder.Deref(pass.TypesInfo.TypeOf(lit))).(*types.Named)
		if !ok {
			return migration{}
		}
		key, _ := n.Key.(*ast.Ident)
		v, _ := pass.TypesInfo.Uses[key].(*types.Var)
		if m, ok := kindtypes.PlanFailureMove(named, a.pool.Ref.Kind); !ok || v == nil || !m.Moves(v) || !changes(pass, v) {
			return migration{}
		}
		return manual
	case *ast.SelectorExpr:
		s := pass.TypesInfo.Selections[n]
		if s == nil || len(s.Index()) != 1 {
			return migration{} // promoted: the type fix does not move it either
		}
		v, ok := s.Obj().(*types.Var)
		if !ok {
			return migration{}
		}
		recv := s.Recv()
		m, ok := kindtypes.PlanFailureMove(recv, a.pool.Ref.Kind)
		if !ok || !m.Moves(v) || !changes(pass, v) || types.Unalias(kindfinder.Deref(recv)) != types.Type(m.Status) {
			return migration{}
		}
		// The accessors have pointer receivers: x must be a pointer or addressable.
		if _, isPtr := types.Unalias(recv).(*types.Pointer); !isPtr && !pass.TypesInfo.Types[n.X].Addressable() {
			return manual
		}
		var edits []analysis.TextEdit
		replace := func(from, to token.Pos, text string) {
			edits = append(edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte(text)})
		}
		parent, child := parentOf(cur)
		switch p := parent.Node().(type) {
		case *ast.AssignStmt:
			for _, lhs := range p.Lhs {
				if lhs != child {
					continue
				}
				if p.Tok != token.ASSIGN || len(p.Lhs) != 1 || len(p.Rhs) != 1 || child != n {
					return manual
				}
				// e.F = v -> e.SetV1Beta1F(v)
				replace(n.Sel.Pos(), p.Rhs[0].Pos(), kindtypes.FailureSetter(v.Name())+"(")
				replace(p.Rhs[0].End(), p.Rhs[0].End(), ")")
				return migration{relevant: true, edits: edits}
			}
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				return manual
			}
		case *ast.IncDecStmt:
			return manual
		case *ast.RangeStmt:
			if p.Key == child || p.Value == child {
				return manual
			}
		}
		switch v.Type().Underlying().(type) {
		case *types.Struct, *types.Array:
			return manual // the getter's copy is not the field
		}
		// A read (also *e.F = v, which writes through the pointer read).
		replace(n.Sel.Pos(), n.Sel.End(), kindtypes.FailureGetter(v.Name())+"()")
		return migration{relevant: true, edits: edits}
	}
	return migration{}
}
