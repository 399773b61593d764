package kindtypes

import (
	"go/types"
	"slices"

	"github.com/mpaudit/mpaudit/contract"
)

// matchesAny reports whether t is the point's shape or one core decodes alike.
func matchesAny(t types.Type, p contract.Point) bool {
	if matches(t, p.Type) {
		return true
	}
	return slices.ContainsFunc(p.Compatible, func(g contract.GoType) bool { return matches(t, g) })
}

// matches reports whether the Go type has the catalogued shape. A named
// catalog type matches by package and name; a map or slice also matches by
// its structure when the catalog gives the element (map[string]FailureDomainSpec
// for FailureDomains).
func matches(t types.Type, g contract.GoType) bool {
	t = types.Unalias(t)
	if ptr, ok := t.(*types.Pointer); ok {
		if !g.Pointer {
			return false
		}
		t = types.Unalias(ptr.Elem())
	} else if g.Pointer {
		return false
	}
	if g.Named != nil && !g.Named.Local {
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Name() == g.Named.Name &&
			slices.Contains(g.Named.Packages, n.Obj().Pkg().Path()) {
			return true
		}
		if g.Elem == nil {
			return false
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch g.Kind {
		case contract.TypeBool:
			return u.Kind() == types.Bool
		case contract.TypeString:
			return u.Kind() == types.String
		case contract.TypeInt32:
			return u.Kind() == types.Int32
		}
	case *types.Slice:
		return g.Kind == contract.TypeSlice && (g.Elem == nil || matches(u.Elem(), *g.Elem))
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		return g.Kind == contract.TypeMap && ok && k.Kind() == types.String && (g.Elem == nil || matches(u.Elem(), *g.Elem))
	case *types.Struct:
		return g.Kind == contract.TypeStruct && g.Named != nil && g.Named.Local
	}
	return false
}
