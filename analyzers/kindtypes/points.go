package kindtypes

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// versionNote ends the messages of the kinds judged whatever the label (a
// pool) on a conversion spoke; the formats of the others do not use it.
func (c *checker) versionNote() string {
	if c.t.Storage {
		return ""
	}
	return " (a conversion spoke: info)"
}

// stringShapes reports fields of points the v1beta2 contract gives type
// string that the type declares otherwise (a pool's *string providerID),
// by the kind's rule (contract.TypeRuleOf).
func (c *checker) stringShapes() {
	for _, p := range c.t.Catalog.Points(contract.V1Beta2) {
		r := c.t.Catalog.TypeRuleOf(contract.TypeStringShape, p.Aspect)
		if r.Rule == "" || p.Type.Kind != contract.TypeString || p.Type.Pointer {
			continue
		}
		f, ok := c.field(p.Path)
		if !ok || matches(f.Var.Type(), p.Type) {
			continue
		}
		var fixes []analysis.SuggestedFix
		if q, ok := StringShape(c.t.Catalog, p.Path); ok {
			fixes = c.fix.stringShape(f, q)
		}
		fixes, withheld := c.withhold(fixes, p.Path)
		c.reportChange(f.Var.Pos(), fixes, []*types.Var{f.Var}, r.Rule, p.Path,
			r.Format, p.Path, types.TypeString(f.Var.Type(), qualifier), c.versionNote(), withheld)
	}
}

// required reports the points the contract requires that the type lacks or
// declares with another type, for the points the kind has a rule for
// (a pool's providerIDList and replicas, which core's MachinePool reads).
func (c *checker) required() {
	for _, p := range c.t.Catalog.Points(contract.V1Beta2) {
		missing := c.t.Catalog.TypeRuleOf(contract.TypeRequiredMissing, p.Aspect)
		shape := c.t.Catalog.TypeRuleOf(contract.TypeRequiredShape, p.Aspect)
		if !p.Required || missing.Rule == "" {
			continue
		}
		segs := p.Segments()
		f, ok := c.field(p.Path)
		if !ok {
			c.report(c.partPos(segs[0]), missing.Rule, p.Path, missing.Format, c.t.Kind, segs[0], segs[len(segs)-1], c.versionNote())
			continue
		}
		t := f.Var.Type()
		if shape.Shape.OrPointer {
			t = kindfinder.Deref(t)
		}
		if shape.Rule != "" && !matches(t, p.Type) {
			c.report(f.Var.Pos(), shape.Rule, p.Path, shape.Format, p.Path, types.TypeString(f.Var.Type(), qualifier), p.Type, c.versionNote())
		}
	}
}

// partPos is the declaration of the root's spec or status type, else the
// root's.
func (c *checker) partPos(segment string) token.Pos {
	part := c.t.Spec
	if segment == contract.ObjectStatus {
		part = c.t.Status
	}
	if n, ok := kindfinder.Deref(part).(*types.Named); ok {
		return n.Obj().Pos()
	}
	return c.t.Obj.Pos()
}

func isBasic(t types.Type, kind types.BasicKind) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == kind
}

func isString(t types.Type) bool { return isBasic(t, types.String) }
