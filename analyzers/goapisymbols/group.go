package goapisymbols

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/contract"
)

// group joins the planned files of the package that use each other's
// declarations whose types mention a v1beta1 API type: the move changes
// those types in the declaring file, so the using file moves with it (or
// neither does). Each plan gets its group's unit, named by its code files
// joined by "+" (their tests move with them); a group with a blocked file keeps every file (with names
// that file).
func group(pass *analysis.Pass, plans map[*ast.File]*filePlan, built contract.Release) {
	if len(plans) == 0 {
		return
	}
	byTok := map[string]*ast.File{} // file name → planned file
	for f := range plans {
		byTok[pass.Fset.File(f.Pos()).Name()] = f
	}
	parent := map[*ast.File]*ast.File{}
	var find func(*ast.File) *ast.File
	find = func(f *ast.File) *ast.File {
		if p, ok := parent[f]; ok && p != f {
			r := find(p)
			parent[f] = r
			return r
		}
		return f
	}
	memo := map[types.Object]bool{}
	for f := range plans {
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.Uses[id]
			if obj == nil || obj.Pkg() != pass.Pkg || !obj.Pos().IsValid() {
				return true
			}
			decl, ok := byTok[pass.Fset.File(obj.Pos()).Name()]
			if !ok || decl == f {
				return true
			}
			if _, done := memo[obj]; !done {
				memo[obj] = mentionsV1Beta1(obj.Type(), built, pass.Pkg, map[types.Type]bool{})
			}
			if memo[obj] {
				if a, b := find(f), find(decl); a != b {
					parent[a] = b
				}
			}
			return true
		})
	}
	members := map[*ast.File][]*filePlan{}
	for f, fp := range plans {
		r := find(f)
		members[r] = append(members[r], fp)
	}
	for _, ms := range members {
		slices.SortFunc(ms, func(a, b *filePlan) int {
			// The unit is named by a code file before its tests.
			return compareNames(a.name, b.name)
		})
		blocked := ""
		for _, m := range ms {
			if len(m.Blockers) > 0 && blocked == "" {
				blocked = m.name
			}
		}
		// The unit is named by the group's code files (its tests when it
		// has none): the package's variant without tests names it alike.
		var names []string
		for _, m := range ms {
			if !isTest(m.name) || isTest(ms[0].name) {
				names = append(names, m.name)
			}
		}
		for _, m := range ms {
			m.unit = strings.Join(names, "+") // setup.GoAPIFileNames splits it
			if blocked != "" && len(m.Blockers) == 0 {
				m.with = blocked
			}
		}
	}
}

func compareNames(a, b string) int {
	at, bt := isTest(a), isTest(b)
	switch {
	case at && !bt:
		return 1
	case !at && bt:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isTest(name string) bool { return len(name) > 8 && name[len(name)-8:] == "_test.go" }

// mentionsV1Beta1 reports whether t is, or is built of, a type of a
// v1beta1 API package: through pointers, slices, maps, channels,
// signatures, and the fields of the package's own struct types.
func mentionsV1Beta1(t types.Type, built contract.Release, pkg *types.Package, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if p := t.Obj().Pkg(); p != nil {
			if contract.IsV1Beta1APIPackage(p.Path(), built) {
				return true
			}
			if p == pkg {
				return mentionsV1Beta1(t.Underlying(), built, pkg, seen)
			}
		}
	case *types.Pointer:
		return mentionsV1Beta1(t.Elem(), built, pkg, seen)
	case *types.Slice:
		return mentionsV1Beta1(t.Elem(), built, pkg, seen)
	case *types.Array:
		return mentionsV1Beta1(t.Elem(), built, pkg, seen)
	case *types.Chan:
		return mentionsV1Beta1(t.Elem(), built, pkg, seen)
	case *types.Map:
		return mentionsV1Beta1(t.Key(), built, pkg, seen) || mentionsV1Beta1(t.Elem(), built, pkg, seen)
	case *types.Struct:
		for f := range t.Fields() {
			if mentionsV1Beta1(f.Type(), built, pkg, seen) {
				return true
			}
		}
	case *types.Signature:
		for v := range t.Params().Variables() {
			if mentionsV1Beta1(v.Type(), built, pkg, seen) {
				return true
			}
		}
		for v := range t.Results().Variables() {
			if mentionsV1Beta1(v.Type(), built, pkg, seen) {
				return true
			}
		}
	}
	return false
}
