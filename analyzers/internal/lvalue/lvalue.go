// Package lvalue holds what the use-site passes share about assignments.
package lvalue

import "go/ast"

// Target is the expression an assignment to e writes: x.F for x.F, *x.F,
// x.F[i], (x.F).
func Target(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return e
		}
	}
}
