package kindtypes

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// PointerShape returns the v1beta2 point of kind k at path when the v1beta2
// contract made it a pointer (*int32, *bool) where the v1beta1 contract had
// the value (a ControlPlane's status.replicas, status.readyReplicas,
// status.externalManagedControlPlane): the fields the pointer fix changes,
// whose use sites are rewritten with it.
func PointerShape(k *contract.Kind, path string) (contract.Point, bool) {
	q, ok := k.Point(contract.V1Beta2, path)
	if !ok || q.Type.Named != nil || q.Type.Elem != nil || (q.Type.Kind != contract.TypeInt32 && q.Type.Kind != contract.TypeBool) {
		return contract.Point{}, false
	}
	if old, ok := k.PairOf(q); !ok || old.Path != path {
		return contract.Point{}, false
	}
	if c, _ := k.Change(q); c != contract.ChangeValueToPointer {
		return contract.Point{}, false
	}
	return q, true
}

// ValueOfPointerShape returns the field's type when it is the value shape
// (underlying int32 or bool) of a point PointerShape accepts.
func ValueOfPointerShape(t types.Type, p contract.Point) (types.Type, bool) {
	want := types.Int32
	if p.Type.Kind == contract.TypeBool {
		want = types.Bool
	}
	if _, ptr := types.Unalias(t).(*types.Pointer); ptr || !isBasic(t, want) {
		return nil, false
	}
	return t, true
}

// PointerShapeNote is what the pointer fix changes in the JSON, said in its
// message, the use-site fixes' and the rewrite's PR body.
const PointerShapeNote = "with the value and omitempty a zero was left out of the JSON; the pointer is left out only when nil (unset), and every value written, 0 and false included, is sent (the json tag is kept)"

// pointerShape changes a storage type's `F int32` (`F bool`) at a point the
// v1beta2 contract made a pointer, keeping the tag and comments. Its use
// sites are rewritten by poolusage's fixes.
func (x fixer) pointerShape(f kindfinder.JSONField, p contract.Point) []analysis.SuggestedFix {
	t := x.t
	if t == nil || !t.Storage || len(p.Segments()) != 2 {
		return nil
	}
	if _, ok := ValueOfPointerShape(f.Var.Type(), p); !ok {
		return nil
	}
	container := t.Spec
	if contract.Segment(p.Path, 0) == contract.ObjectStatus {
		container = t.Status
	}
	_, st, ok := x.declaredStruct(container)
	if !ok {
		return nil
	}
	field := fieldFor(st, f.Var, x.pass.TypesInfo)
	if field == nil || len(field.Names) != 1 {
		return nil // promoted, or `A, B int32`: the star would change both
	}
	if _, ok := field.Type.(*ast.StarExpr); ok {
		return nil
	}
	at := field.Type.Pos()
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("make %s a %s (its use sites are rewritten by the use-site fixes); %s", p.Path, p.Type, PointerShapeNote),
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("*")}},
	}}
}
