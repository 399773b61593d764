package kindtypes

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
)

// StringPointerElem returns T when t is *T and T's underlying type is
// string: the spec.providerID shape the MPA107 fix turns into T.
func StringPointerElem(t types.Type) (types.Type, bool) {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok || !isString(p.Elem()) {
		return nil, false
	}
	return p.Elem(), true
}

// providerIDFix changes a storage type's `ProviderID *string` to `string`,
// keeping the tag (omitempty or not) and any comments. The use sites are
// rewritten by poolusage's fixes; the type rule cannot see other packages,
// so it offers this fix whatever they need (see doc.go).
func (c *poolChecker) providerIDFix(f kindfinder.JSONField) []analysis.SuggestedFix {
	p := c.pool
	if !p.Storage {
		return nil // spokes follow through conversion, not by hand
	}
	if _, ok := StringPointerElem(f.Var.Type()); !ok {
		return nil // a []string or another shape needs a person
	}
	specNamed, ok := kindfinder.Deref(p.Spec).(*types.Named)
	if !ok || specNamed.Obj().Pkg() != p.Obj.Pkg() {
		return nil
	}
	spec := c.mk.TypeSpec(specNamed.Obj())
	if spec == nil {
		return nil
	}
	st, ok := spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	field := fieldFor(st, f.Var, c.pass.TypesInfo)
	if field == nil {
		return nil // promoted from an embedded struct
	}
	star, ok := field.Type.(*ast.StarExpr)
	if !ok {
		return nil // a named pointer type: changing it would change other fields too
	}
	return []analysis.SuggestedFix{{
		Message: "make spec.providerID a string (its use sites are rewritten by the poolusage fixes)",
		// Delete the `*`: the element type's own spelling stays.
		TextEdits: []analysis.TextEdit{{Pos: star.Star, End: star.X.Pos()}},
	}}
}
