package contract

import "slices"

// RenamedPair is a field the v1beta2 contract renamed, that core reads by
// the CRD's label under each name: the v1beta1 point Old and its v1beta2
// successor New (ready → initialization.provisioned, a ControlPlane's
// updatedReplicas → upToDateReplicas, its machine template's fields).
type RenamedPair struct {
	Old, New Point
}

// SameStruct reports whether both names are fields of the same top-level
// object (status.updatedReplicas, status.upToDateReplicas): the pairs a
// type fix can add beside the old name.
func (r RenamedPair) SameStruct() bool {
	o, n := r.Old.Segments(), r.New.Segments()
	return len(o) == 2 && len(n) == 2 && o[0] == n[0]
}

// RenamedPairs are kind k's renamed fields, in the catalog order of their
// v1beta2 points (the readiness pair, when the kind has one, first). Every
// reader of renamed fields (the type and use-site analyzers, live, the
// rewrite) takes them from here.
func (k *Kind) RenamedPairs() []RenamedPair {
	var out []RenamedPair
	for _, q := range k.Points(V1Beta2) {
		old, ok := k.PairOf(q)
		if !ok || old.Path == q.Path || !q.labelDriven() || !old.labelDriven() {
			continue
		}
		out = append(out, RenamedPair{Old: old, New: q})
	}
	return out
}

// Renamed reports whether the point has a successor or predecessor under
// another path that a core picks by the CRD's label.
func (k *Kind) Renamed(p Point) (Point, bool) {
	for _, r := range k.RenamedPairs() {
		if p.Aspect == r.New.Aspect && p.labelDriven() {
			if p.Contract == V1Beta2 {
				return r.Old, true
			}
			return r.New, true
		}
	}
	return Point{}, false
}

func (p Point) labelDriven() bool {
	return slices.ContainsFunc(p.Reads, func(r Read) bool { return r.Mode == ReadLabelDriven })
}

// ReadinessPair is kind k's v1beta1 readiness point and its v1beta2
// successor (status.ready and status.initialization.provisioned); false for
// kinds without both (templates).
func (k *Kind) ReadinessPair() (v1, v2 Point, ok bool) {
	v1, ok1 := k.Readiness(V1Beta1)
	v2, ok2 := k.Readiness(V1Beta2)
	return v1, v2, ok1 && ok2
}

// Change is the class of change from p's v1beta1 point to its v1beta2 one
// (p may be either), classified as Cluster API's Go API map classifies its
// fields (ClassifyGoChange), over the shapes the v1beta1 point prescribes
// or accepts: a pool's v1beta1 spec.providerID accepted *string, so moving
// to the v1beta2 string is a string-pointer change. A v1beta1 point
// without successor is removed; false for a point new in v1beta2.
func (k *Kind) Change(p Point) (ChangeClass, bool) {
	old, next := p, p
	if p.Contract == V1Beta2 {
		q, ok := k.PairOf(p)
		if !ok {
			return "", false
		}
		old = q
	} else if q, ok := k.PairOf(p); ok {
		next = q
	} else {
		return ChangeRemoved, true
	}
	switch {
	case old.Type.Kind == TypeMap && next.Type.Kind == TypeSlice:
		return ChangeMapToList, true
	case isObjectReference(old.Type) && !isObjectReference(next.Type):
		return ChangeReference, true
	}
	class := ChangeSame
	for _, o := range append([]GoType{old.Type}, old.Compatible...) {
		switch c := ClassifyGoChange(old.Path, o.qualified(), "", next.Path, next.Type.qualified(), ""); c {
		case ChangeSame:
		case ChangeRetyped:
			if class == ChangeSame {
				class = c
			}
		default:
			return c, true
		}
	}
	return class, true
}

// qualified renders the shape as GoTypeString does: named types by import path.
func (t GoType) qualified() string {
	s := ""
	if t.Pointer {
		s = "*"
	}
	switch {
	case t.Named != nil:
		if len(t.Named.Packages) > 0 {
			return s + t.Named.Packages[0] + "." + t.Named.Name
		}
		return s + t.Named.Name
	case t.Kind == TypeSlice && t.Elem != nil:
		return s + "[]" + t.Elem.qualified()
	case t.Kind == TypeMap && t.Elem != nil:
		return s + "map[string]" + t.Elem.qualified()
	case t.Kind == TypeDuration:
		return s + PkgMetaV1 + ".Duration"
	}
	return s + string(t.Kind)
}

func isObjectReference(t GoType) bool {
	return t.Named != nil && t.Named.Name == "ObjectReference" && slices.Contains(t.Named.Packages, PkgCoreV1)
}
