package kindtypes

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// RenamedPair is a field the v1beta2 contract renamed in the same struct
// (a ControlPlane's updatedReplicas → upToDateReplicas): the type fix adds
// the new name beside the old, the use-site fixes write both.
type RenamedPair = contract.RenamedPair

// RenamedPairs are kind k's renamed fields (contract's RenamedPairs) that
// core reads by the label under both names, other than readiness, whose
// new shape is a basic type in the same struct (nested moves such as a
// machine template's fields need a person).
func RenamedPairs(k *contract.Kind) []RenamedPair {
	var out []RenamedPair
	for _, r := range k.RenamedPairs() {
		q := r.New
		if q.Aspect == contract.AspectReadiness || q.Aspect == contract.AspectInitialization || !readByLabel(q, contract.V1Beta2) || !r.SameStruct() {
			continue
		}
		if _, ok := basicType(q.Type); ok {
			out = append(out, r)
		}
	}
	return out
}

func readByLabel(p contract.Point, c contract.Contract) bool {
	return slices.ContainsFunc(p.Reads, func(r contract.Read) bool { return r.Mode == contract.ReadLabelDriven && r.Label == c })
}

// renamed adds the v1beta2 name of a renamed field beside its v1beta1 name,
// by the new point's path; old is the Go field under the v1beta1 name.
func (x fixer) renamed(pair RenamedPair, old kindfinder.JSONField) []analysis.SuggestedFix {
	t := x.t
	if t == nil || !t.Storage {
		return nil
	}
	if _, has := kindfinder.FieldByPath(t.Obj.Type(), pair.New.Path); has {
		return nil
	}
	container := t.Spec
	if contract.Segment(pair.New.Path, 0) == contract.ObjectStatus {
		container = t.Status
	}
	_, st, ok := x.declaredStruct(container)
	if !ok {
		return nil
	}
	oldField := fieldFor(st, old.Var, x.pass.TypesInfo)
	newJSON, oldJSON := contract.Leaf(pair.New.Path), contract.Leaf(pair.Old.Path)
	name := GoName(newJSON)
	if oldField == nil || fieldNamed(st, name) {
		return nil // promoted, or the name is taken by another field
	}
	typ, _ := basicType(pair.New.Type)
	l := newLayout()
	doc := newJSON + " is " + oldJSON + " under the v1beta2 contract's name; write both while both labels are served."
	if !pair.New.Copies {
		doc = newJSON + " replaces " + oldJSON + " under the v1beta2 contract; it is not the same number" + readNote(pair.Old) + ": write both while both labels are served."
	}
	text, ok := l.printField(l.field(append([]string{doc}, markerLines(pair.New, false)...), name, typ, pair.New.Tag))
	if !ok {
		return nil
	}
	at := afterLineComment(oldField)
	return []analysis.SuggestedFix{{
		Message:   "add " + pair.New.Path + " beside " + pair.Old.Path,
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\n" + text)}},
	}}
}

// renamedFixes offers the renamed fields' fixes: on the MPA129 finding
// when labelDriven reported one for the path, else without a finding (a
// type judged under the v1beta1 contract gets the fields for the flip).
func (c *checker) renamedFixes(reported map[string]bool) {
	rule := c.t.Catalog.TypeRuleOf(contract.TypeRenamedField, "").Rule
	if rule == "" {
		return
	}
	for _, pair := range RenamedPairs(c.t.Catalog) {
		if reported[pair.New.Path] {
			continue
		}
		old, ok := c.field(pair.Old.Path)
		if !ok {
			continue
		}
		c.fixOnly(old.Var.Pos(), rule, c.fix.renamed(pair, old), old.Var)
	}
}

// CopiedBy returns the v1beta2 point that holds the value of kind k's
// v1beta1 field at path under a new name in the same struct, when the
// catalog marks it a copy (updatedReplicas → upToDateReplicas).
func CopiedBy(k *contract.Kind, path string) (contract.Point, bool) {
	for _, r := range RenamedPairs(k) {
		if r.Old.Path == path && r.New.Copies {
			return r.New, true
		}
	}
	return contract.Point{}, false
}

// readNote is the catalog's note on how core reads p, as " (note)".
func readNote(p contract.Point) string {
	for _, r := range p.Reads {
		if r.Note != "" {
			return " (" + r.Note + ")"
		}
	}
	return ""
}
