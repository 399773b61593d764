package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// renameSymbols renames, in src, the uses of the utilities whose name is
// all that changes between release built and release to (the Go API map's
// same-path successors, as util/predicates' ...InfrastructureReady became
// ...InfrastructureProvisioned in v1.11): the old name no longer exists
// in to. It returns the renames done ("path.Old → New").
func renameSymbols(name string, src []byte, built, to contract.Release) ([]byte, []string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0) // resolved: a local hiding the import is not renamed
	if err != nil {
		return src, nil
	}
	paths := map[string]string{} // local name → import path
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || !contract.GoAPIPackagePaths()[p] {
			continue
		}
		if l := localName(spec, p); l != "_" && l != "." {
			paths[l] = p
		}
	}
	if len(paths) == 0 {
		return src, nil
	}
	var edits []splice
	var done []string
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
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
		s, ok := contract.GoAPISymbol(p, sel.Sel.Name, built)
		if !ok || s.Class != contract.ChangeSame || s.Until == "" || to.Less(s.Until) {
			return true
		}
		newName, samePath := strings.CutPrefix(s.Successor, p+".")
		if !samePath || newName == sel.Sel.Name || strings.Contains(newName, ".") {
			return true
		}
		edits = append(edits, splice{fset.Position(sel.Sel.Pos()).Offset, fset.Position(sel.Sel.End()).Offset, newName})
		if d := s.Old() + " → " + newName; !seen[d] {
			seen[d] = true
			done = append(done, d)
		}
		return true
	})
	if len(edits) == 0 {
		return src, nil
	}
	out, err := applySplices(src, edits)
	if err != nil { // renamed identifiers never overlap
		return src, nil
	}
	return out, done
}
