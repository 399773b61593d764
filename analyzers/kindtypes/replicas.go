package kindtypes

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// requiredWith reports, on a type that has the point another point's MUST
// depends on (a ControlPlane's spec.replicas or spec.version), the dependent
// points it lacks or gives a JSON type other than the contract's (a selector
// that is a LabelSelector struct). A point whose other contract's name the
// type has is left to MPA129, and a shape that only differs as Go (int32
// for *int32) to MPA126. Of points required as alternatives, the type needs
// one that the target core reads.
func (c *checker) requiredWith() {
	if c.t.Catalog.TypeRuleOf(contract.TypeRequiredWith, "").Rule == "" {
		return
	}
	anyOf := map[string][]contract.Point{}
	for _, p := range c.t.Catalog.Points(c.against) {
		if p.RequiredWith == "" {
			continue
		}
		if _, ok := c.field(p.RequiredWith); !ok {
			continue
		}
		if p.RequiredAnyOf {
			anyOf[p.RequiredWith] = append(anyOf[p.RequiredWith], p)
			continue
		}
		rule := requiredWithRule(c.t.Catalog, p.RequiredWith)
		ctx := c.ctx
		ctx.OutsideCore = c.t.Catalog.Scale != nil && "."+p.Path == c.t.Catalog.Scale.LabelSelectorPath
		sev := contract.MustRule(rule).Severity(ctx)
		f, has := c.field(p.Path)
		if !has {
			if alt, ok := c.t.Catalog.PairOf(p); ok && alt.Path != p.Path {
				if _, ok := c.field(alt.Path); ok {
					continue
				}
			}
			c.reportAt(c.containerPos(p), sev, nil, rule, p.Path,
				"%s has %s but no %s (%s): the %s contract requires it%s",
				c.t.Kind, p.RequiredWith, p.Path, p.Type, c.against, scaleUse(c.t.Catalog, p))
			continue
		}
		if got, want := openAPIType(f.Var.Type()), contract.OpenAPIType(p.Type); got != want {
			c.reportAt(f.Var.Pos(), sev, nil, rule, p.Path,
				"%s is %s, which the CRD holds as %s; the contract requires %s (%s) beside %s%s",
				p.Path, types.TypeString(f.Var.Type(), qualifier), got, p.Type, want, p.RequiredWith, scaleUse(c.t.Catalog, p))
		}
	}
	for _, trigger := range slices.Sorted(maps.Keys(anyOf)) {
		c.requiredAnyOf(trigger, anyOf[trigger])
	}
}

// requiredAnyOf reports a type that has none of the alternatives, or only
// ones the target core does not read (status.versions before v1.14).
func (c *checker) requiredAnyOf(trigger string, alts []contract.Point) {
	read := map[string]bool{}
	if reads, err := contract.Reads(c.t.Catalog, c.release, c.against); err == nil {
		for _, rp := range reads {
			read[rp.Point.Path] = true
		}
	}
	var paths, present, readable []string
	for _, p := range alts {
		paths = append(paths, p.Path)
		if read[p.Path] {
			readable = append(readable, p.Path)
		}
		if _, ok := c.field(p.Path); ok {
			present = append(present, p.Path)
			if read[p.Path] {
				return
			}
		}
	}
	rule := requiredWithRule(c.t.Catalog, trigger)
	if len(present) == 0 {
		c.report(c.containerPos(alts[0]), rule, alts[0].Path, "%s has %s but none of %s: the %s contract requires one",
			c.t.Kind, trigger, strings.Join(paths, ", "), c.against)
		return
	}
	f, _ := c.field(present[0])
	c.report(f.Var.Pos(), rule, alts[0].Path, "%s has %s and %s, but core %s reads only %s: it reads none of them",
		c.t.Kind, trigger, strings.Join(present, ", "), c.release, strings.Join(readable, ", "))
}

// requiredWithRule is the kind's rule (contract.TypeRuleOf) that reports a
// point missing beside the point at trigger, by the trigger's aspect: the
// version rule beside spec.version, the replicas rule beside spec.replicas.
func requiredWithRule(k *contract.Kind, trigger string) string {
	var aspect contract.Aspect
	if p, ok := k.Point(contract.V1Beta2, trigger); ok {
		aspect = p.Aspect
	}
	return k.TypeRuleOf(contract.TypeRequiredWith, aspect).Rule
}

// scaleUse says what reads the point through the kind's scale subresource.
func scaleUse(k *contract.Kind, p contract.Point) string {
	if k.Scale == nil {
		return ""
	}
	switch "." + p.Path {
	case k.Scale.LabelSelectorPath:
		return "; the scale subresource (kubectl scale, HorizontalPodAutoscaler) reads it as the selector"
	case k.Scale.StatusReplicasPath:
		return "; the scale subresource reads it as the current count"
	}
	return ""
}

// openAPIType is the OpenAPI type controller-gen gives a Go type, as far as
// the contract's shapes go.
func openAPIType(t types.Type) string {
	t = kindfinder.Deref(t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "string"
		case u.Info()&types.IsBoolean != 0:
			return "boolean"
		case u.Info()&types.IsInteger != 0:
			return "integer"
		}
	case *types.Slice, *types.Array:
		return "array"
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/apis/meta/v1" &&
		(n.Obj().Name() == "Time" || n.Obj().Name() == "Duration") {
		return "string"
	}
	return "object"
}
