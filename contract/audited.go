package contract

import (
	"slices"
	"strings"
)

// What the audits say they judged of a kind, in the kind's own field names.

// ReadPaths are the JSON paths of the kind's points some core reads (under
// either contract), in catalog order, each once.
func (k *Kind) ReadPaths() []string {
	var out []string
	for _, p := range k.points {
		if len(p.Reads) > 0 && !slices.Contains(out, p.Path) {
			out = append(out, p.Path)
		}
	}
	return out
}

// ObjectsJudged reports whether a rule reported in modes judges the kind's
// objects. A template's objects are not: core reads only their metadata,
// which has the same shape under both contracts, so no rule can be wrong
// about it.
func (k *Kind) ObjectsJudged(modes Modes) bool {
	return slices.ContainsFunc(allRules(), func(r *Rule) bool {
		return r.Scope == ScopeObject && r.Modes&modes != 0 && r.AppliesTo(k) && !slices.Contains(MatrixExempt, r.ID)
	})
}

// ObjectAudit says what live judges of the kind's objects: the readiness
// fields of each contract, or why the objects are not judged.
func (k *Kind) ObjectAudit() string {
	if !k.ObjectsJudged(Live) {
		return "objects not judged: core reads only " + strings.Join(k.ReadPaths(), " and ")
	}
	v1, v2, ok := k.ReadinessPair()
	if !ok {
		return "objects judged"
	}
	if !slices.Contains(LabelDrivenKinds, k) {
		return "objects judged on the fields core reads; readiness by " + v1.Path + " and " + v2.Path
	}
	return "objects judged on the fields core reads; readiness by " + v1.Path + " (" + V1Beta1 + " label) or " + v2.Path + " (" + V1Beta2 + " label)"
}

// ReadinessClass names a readiness class in the kind's field names: the
// last JSON name of the readiness field an object sets alone
// (initialized-only, controlPlaneInitialized-only for a ControlPlane).
func (k *Kind) ReadinessClass(c Readiness) string {
	var p Point
	var ok bool
	switch c {
	case ReadyOnly:
		p, ok = k.Readiness(V1Beta1)
	case ProvisionedOnly:
		p, ok = k.Readiness(V1Beta2)
	}
	if !ok {
		return string(c)
	}
	segs := p.Segments()
	return segs[len(segs)-1] + "-only"
}
