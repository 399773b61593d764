package goapifix

import (
	"go/types"
	"slices"
)

// Moving names, by the import path of a provider's API package, the names
// of the v1beta1 types whose fields there take their v1beta2 successors
// once the fixes apply (mpaudit rewrite --new-api-version gives a version
// no one serves yet the v1beta2 types): the values a file builds for such
// a field move with the file instead of keeping their v1beta1 type.
type Moving map[string][]string

// moves reports whether field's type is built only of types of swapped
// packages that moving names for field's package (and of others).
func (p *planner) moves(field *types.Var) bool {
	names, ok := p.moving[field.Pkg().Path()]
	if !ok {
		return false
	}
	var all func(t types.Type) bool
	all = func(t types.Type) bool {
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if t.Obj().Pkg() != nil && p.swapped(t.Obj().Pkg().Path()) {
				return slices.Contains(names, t.Obj().Name())
			}
			return true
		case *types.Pointer:
			return all(t.Elem())
		case *types.Slice:
			return all(t.Elem())
		case *types.Array:
			return all(t.Elem())
		case *types.Map:
			return all(t.Key()) && all(t.Elem())
		}
		return true
	}
	return all(field.Type())
}
