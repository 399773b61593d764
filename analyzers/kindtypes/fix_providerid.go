package kindtypes

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
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

// stringShape changes a storage type's `F *string` at a point the v1beta2
// contract made a string (an InfraMachine's or pool's spec.providerID, a
// BootstrapConfig's status.dataSecretName), keeping the tag and comments.
// The use sites are rewritten by poolusage's fixes; the type rule cannot
// see other packages, so it offers this fix whatever they need (see doc.go).
func (x fixer) stringShape(f kindfinder.JSONField, p contract.Point) []analysis.SuggestedFix {
	t := x.t
	if x.t == nil || !t.Storage {
		return nil
	}
	if _, ok := StringPointerElem(f.Var.Type()); !ok {
		return nil // a []string or another shape needs a person
	}
	container := t.Spec
	if contract.Segment(p.Path, 0) == contract.ObjectStatus {
		container = t.Status
	}
	if len(p.Segments()) != 2 {
		return nil
	}
	_, st, ok := x.declaredStruct(container)
	if !ok {
		return nil
	}
	field := fieldFor(st, f.Var, x.pass.TypesInfo)
	if field == nil {
		return nil // promoted from an embedded struct
	}
	star, ok := field.Type.(*ast.StarExpr)
	if !ok {
		return nil // a named pointer type: changing it would change other fields too
	}
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("make %s a string (its use sites are rewritten by the use-site fixes)", p.Path),
		// Delete the `*`: the element type's own spelling stays.
		TextEdits: []analysis.TextEdit{{Pos: star.Star, End: star.X.Pos()}},
	}}
}

// StringShape returns the v1beta2 point of kind k at path when the v1beta2
// contract made it a string where the v1beta1 contract had a *string
// (spec.providerID, status.dataSecretName; a pool's v1beta1 contract
// accepted both): the fields the shape fix
// changes, whose use sites are rewritten with it.
func StringShape(k *contract.Kind, path string) (contract.Point, bool) {
	q, ok := k.Point(contract.V1Beta2, path)
	if !ok || q.Type.Named != nil {
		return contract.Point{}, false
	}
	if old, ok := k.PairOf(q); !ok || old.Path != path {
		return contract.Point{}, false
	}
	if c, _ := k.Change(q); c != contract.ChangeStringPointer {
		return contract.Point{}, false
	}
	return q, true
}
