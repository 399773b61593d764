package kindtypes

import (
	"go/types"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// replicasStatus reports, on a type that has the point another point's
// MUST depends on (a ControlPlane's spec.replicas), the dependent points it
// lacks or gives a JSON type other than the contract's (a selector that is
// a LabelSelector struct). A point whose other contract's name the type has
// is left to MPA129, and a shape that only differs as Go (int32 for *int32)
// to MPA126.
func (c *checker) replicasStatus() {
	for _, p := range c.t.Catalog.Points(c.against) {
		if p.RequiredWith == "" {
			continue
		}
		if _, ok := c.field(p.RequiredWith); !ok {
			continue
		}
		f, has := c.field(p.Path)
		if !has {
			if alt, ok := c.t.Catalog.PairOf(p); ok && alt.Path != p.Path {
				if _, ok := c.field(alt.Path); ok {
					continue
				}
			}
			c.report(c.containerPos(p), contract.RuleControlPlaneReplicas, p.Path,
				"%s has %s but no %s (%s): the %s contract requires it of a control plane with replicas%s",
				c.t.Kind, p.RequiredWith, p.Path, p.Type, c.against, scaleUse(c.t.Catalog, p))
			continue
		}
		if got, want := openAPIType(f.Var.Type()), contract.OpenAPIType(p.Type); got != want {
			c.report(f.Var.Pos(), contract.RuleControlPlaneReplicas, p.Path,
				"%s is %s, which the CRD holds as %s; the contract requires %s (%s) beside %s%s",
				p.Path, types.TypeString(f.Var.Type(), qualifier), got, p.Type, want, p.RequiredWith, scaleUse(c.t.Catalog, p))
		}
	}
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
