package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// adaptCalls rewrites, in src, the calls of the Cluster API functions
// whose signature changed between release built and release to by
// dropping arguments alone (contract.GoAPISignatureChanges): the
// arguments the new signature no longer takes are dropped, and a local
// declared only to be passed there goes with them. A change that also
// moves a type to v1beta2 is followed only in a file that imports a
// v1beta2 API package of the new signature and not its v1beta1 namesake
// (the fixes moved it); a dropped
// argument must hold nothing but what the calls that drop it put there
// (nil, T{}, or a local made empty for them alone), else the data it
// carried would be lost: the call is left as it is.
// What is not rewritten fails the raise's build, where signatureNote
// names it. It returns the rewrites done ("path.Name: dropped argument N").
func adaptCalls(name string, src []byte, built, to contract.Release) ([]byte, []string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return src, nil
	}
	paths := map[string]string{}
	imported := map[string]bool{}
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		imported[p] = true
		if l := localName(spec, p); strings.HasPrefix(p, lockstepPrefix) && l != "_" && l != "." {
			paths[l] = p
		}
	}
	if len(paths) == 0 {
		return src, nil
	}
	type span struct{ start, end int }
	type candidate struct {
		call   *ast.CallExpr
		keep   []int // the argument indexes the new signature keeps
		gone   []int
		locals map[*ast.Object]int // the locals the gone arguments pass
		note   string
	}
	var cands []*candidate
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Ellipsis.IsValid() {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Obj != nil {
			return true
		}
		p, ok := paths[x.Name]
		if !ok {
			return true
		}
		changes := contract.GoAPISignatureChanges(p, sel.Sel.Name, built, to)
		if len(changes) == 0 {
			return true
		}
		// The argument indexes of the call as written, as each change
		// keeps them.
		idx := make([]int, len(call.Args))
		for i := range idx {
			idx[i] = i
		}
		for _, c := range changes {
			if c.Manual || c.V1Beta2 && !movedFor(c, imported) {
				return true
			}
			if len(c.Dropped) == 0 { // the types alone: the moved call compiles
				continue
			}
			if slices.Max(c.Dropped) >= len(idx) {
				return true
			}
			idx = slices.DeleteFunc(slices.Clone(idx), func(i int) bool {
				return slices.Contains(c.Dropped, slices.Index(idx, i))
			})
		}
		if len(idx) == len(call.Args) {
			return true
		}
		cand := &candidate{call: call, keep: idx, locals: map[*ast.Object]int{}}
		for i, a := range call.Args {
			if slices.Contains(idx, i) {
				continue
			}
			// What the new release no longer takes must hold nothing
			// but what the calls that drop it put there: nil, an empty
			// literal, or a local made empty for them alone (checked
			// below). Data passed in from elsewhere is for a person.
			switch {
			case isNilIdent(a) || emptyLiteral(a):
			case isEmptyLocal(a):
				cand.locals[a.(*ast.Ident).Obj]++
			default:
				return true
			}
			cand.gone = append(cand.gone, i)
		}
		var d []string
		for _, i := range cand.gone {
			d = append(d, strconv.Itoa(i+1))
		}
		cand.note = fmt.Sprintf("%s.%s: dropped argument %s (Cluster API %s no longer takes it)", p, sel.Sel.Name, strings.Join(d, ", "), changes[len(changes)-1].To)
		cands = append(cands, cand)
		return true
	})
	if len(cands) == 0 {
		return src, nil
	}
	// Each local's uses besides its declaration; a call stays as it is
	// when a local it drops is used anywhere but in dropped arguments.
	uses := map[*ast.Object]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Obj != nil && id.Obj.Kind == ast.Var {
			if decl, ok := id.Obj.Decl.(*ast.AssignStmt); !ok || decl.Lhs[0] != id {
				uses[id.Obj]++
			}
		}
		return true
	})
	for changed := true; changed; {
		changed = false
		dropped := map[*ast.Object]int{}
		for _, c := range cands {
			for o, n := range c.locals {
				dropped[o] += n
			}
		}
		cands = slices.DeleteFunc(cands, func(c *candidate) bool {
			for o := range c.locals {
				if dropped[o] != uses[o] {
					changed = true
					return true
				}
			}
			return false
		})
	}
	var cuts []span
	var done []string
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	gone := map[*ast.Object]bool{}
	for _, c := range cands {
		args := c.call.Args
		for _, i := range c.gone {
			switch {
			case i+1 < len(args):
				cuts = append(cuts, span{off(args[i].Pos()), off(args[i+1].Pos())})
			case len(c.keep) > 0:
				cuts = append(cuts, span{off(args[c.keep[len(c.keep)-1]].End()), off(args[i].End())})
			default:
				cuts = append(cuts, span{off(args[0].Pos()), off(args[i].End())})
			}
		}
		for o := range c.locals {
			gone[o] = true
		}
		done = append(done, c.note)
	}
	if len(cuts) == 0 {
		return src, nil
	}
	// The locals passed only there would fail the build as unused: their
	// declarations go too, with the line when they are alone on it.
	for obj := range gone {
		decl := obj.Decl.(*ast.AssignStmt)
		start, end := off(decl.Pos()), off(decl.End())
		ls := strings.LastIndexByte(string(src[:start]), '\n') + 1
		le := end + strings.IndexByte(string(src[end:])+"\n", '\n')
		if strings.TrimSpace(string(src[ls:start])) == "" && strings.TrimSpace(string(src[end:le])) == "" && le < len(src) {
			start, end = ls, le+1
		}
		cuts = append(cuts, span{start, end})
	}
	// Merge overlapping cuts, then delete from the end.
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].start < cuts[j].start })
	var merged []span
	for _, c := range cuts {
		if k := len(merged) - 1; k >= 0 && c.start <= merged[k].end {
			merged[k].end = max(merged[k].end, c.end)
			continue
		}
		merged = append(merged, c)
	}
	out := slices.Clone(src)
	for _, m := range slices.Backward(merged) {
		out = append(out[:m.start:m.start], out[m.end:]...)
	}
	return out, done
}

// movedFor reports whether a file importing imported is on the v1beta2
// packages of c's new signature: it imports each and not its v1beta1
// namesake.
func movedFor(c contract.SignatureChange, imported map[string]bool) bool {
	for _, p := range c.V1Beta2Packages() {
		if !imported[p] || imported[strings.TrimSuffix(p, "v1beta2")+"v1beta1"] {
			return false
		}
	}
	return true
}

// isNilIdent reports whether e is the predeclared nil (unresolved).
func isNilIdent(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil" && id.Obj == nil
}

// emptyLiteral reports whether e is T{} or &T{}.
func emptyLiteral(e ast.Expr) bool {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}

// isEmptyLocal reports whether e names a local declared alone as
// `x := T{}` or `x := &T{}`.
func isEmptyLocal(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok || id.Obj == nil || id.Obj.Kind != ast.Var {
		return false
	}
	decl, ok := id.Obj.Decl.(*ast.AssignStmt)
	return ok && decl.Tok == token.DEFINE && len(decl.Lhs) == 1 && len(decl.Rhs) == 1 && emptyLiteral(decl.Rhs[0])
}

// signatureNotes says, for each call on line of the Go file at path to a
// Cluster API function whose signature changed between built and to,
// what its caller must do (contract.SignatureChange.Instruction).
func signatureNotes(path string, line int, built, to contract.Release) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil
	}
	paths := map[string]string{}
	for _, spec := range f.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && strings.HasPrefix(p, lockstepPrefix) {
			paths[localName(spec, p)] = p
		}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || fset.Position(sel.Pos()).Line != line {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Obj != nil || paths[x.Name] == "" {
			return true
		}
		for _, c := range contract.GoAPISignatureChanges(paths[x.Name], sel.Sel.Name, built, to) {
			if s := c.Instruction(); !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}
