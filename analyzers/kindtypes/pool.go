package kindtypes

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/contract"
)

// checkPools judges the package's InfraMachinePool types as the target
// core reads them (a pool's rules, MPA101–MPA113, with the same checker and
// fixes as the other kinds).
func checkPools(pass *analysis.Pass, env *setup.Env, em *emit.Emitter, res *kindfinder.Result, mk *markers.Markers) {
	for _, p := range res.Pools {
		c := &checker{env: env, em: em, t: p, mk: mk, res: res, release: res.Release, ctx: res.Context(p.Storage), fix: fixer{pass: pass, mk: mk, t: p}}
		// The checks every kind runs, with the pool's rules (contract.TypeRuleOf).
		c.readiness()
		c.poolInitializationShape()
		c.failureFields()
		c.poolSpec()
		c.poolReplicas()
		c.conditions()
	}
}

// versionNote ends a pool's messages on a conversion spoke.
func (c *checker) versionNote() string {
	if c.t.Storage {
		return ""
	}
	return " (a conversion spoke: info)"
}

func (c *checker) poolInitializationShape() {
	p := c.t
	init, ok := c.field(contract.PathInitialization)
	if !ok {
		return
	}
	pos := init.Var.Pos()
	t := init.Var.Type()
	var problems []string
	short := "" // the no-provisioned problem, in the text report's words
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		problems = append(problems, "it is a pointer; the contract uses a value struct with omitzero")
	}
	if !init.HasOption("omitempty") || !init.HasOption("omitzero") {
		problems = append(problems, fmt.Sprintf("its json tag is %q, want \"initialization,omitempty,omitzero\"", init.Tag))
	}
	st := kindfinder.StructOf(t)
	unread := st == nil // no provisioned field core can read, not only its Go style
	if st == nil {
		problems = append(problems, fmt.Sprintf("its type %s is not a struct", types.TypeString(t, qualifier)))
	} else {
		if named, ok := kindfinder.Deref(t).(*types.Named); ok && named.Obj().Pkg() == p.Obj.Pkg() {
			if m, ok := c.mk.Type(named.Obj()).Get("kubebuilder:validation:MinProperties"); !ok || m.Value != "1" {
				problems = append(problems, fmt.Sprintf("%s lacks +kubebuilder:validation:MinProperties=1", named.Obj().Name()))
			}
		}
		_, v2, _ := p.Catalog.ReadinessPair()
		if prov, ok := kindfinder.FieldByJSON(t, contract.Leaf(v2.Path)); ok {
			if !isBoolPointer(prov.Var.Type()) {
				problems = append(problems, fmt.Sprintf("provisioned is %s, want *bool (a plain bool cannot say \"not reported yet\")", types.TypeString(prov.Var.Type(), qualifier)))
			}
			if !prov.HasOption("omitempty") {
				problems = append(problems, fmt.Sprintf("provisioned's json tag is %q, want \"provisioned,omitempty\"", prov.Tag))
			}
		} else {
			var names []string
			for _, f := range kindfinder.JSONFields(t) {
				names = append(names, f.Name)
			}
			hint := ""
			for _, n := range names {
				if strings.EqualFold(n, "infrastructureProvisioned") {
					hint = " (infrastructureProvisioned is the core MachinePool's name)"
				}
			}
			problems = append(problems, fmt.Sprintf("it has no provisioned field (fields: %s)%s", strings.Join(names, ", "), hint))
			short = "it has no provisioned field (-o json lists its fields)"
			if hint != "" {
				short = "rename infrastructureProvisioned to provisioned"
			}
			unread = true
		}
	}
	if len(problems) > 0 {
		ctx := c.ctx
		ctx.Style = !unread
		if len(problems) > 1 {
			short = fmt.Sprintf("%d problems (-o json lists them)", len(problems))
		}
		if short != "" {
			short = "not the contract's shape: " + short + c.versionNote()
		}
		c.reportShort(pos, contract.MustRule(contract.RuleInitializationShape).Severity(ctx), nil, contract.RuleInitializationShape, contract.PathInitialization,
			short,
			"not the contract's shape: %s%s", strings.Join(problems, "; "), c.versionNote())
	}
}

func (c *checker) poolSpec() {
	p := c.t
	if f, ok := c.field(contract.PathProviderID); ok && !isString(f.Var.Type()) {
		var fixes []analysis.SuggestedFix
		if q, ok := StringShape(p.Catalog, contract.PathProviderID); ok {
			fixes = c.fix.stringShape(f, q)
		}
		fixes, withheld := c.withhold(fixes, contract.PathProviderID)
		c.reportChange(f.Var.Pos(), fixes, []*types.Var{f.Var}, contract.RuleProviderIDPointer, contract.PathProviderID,
			"spec.providerID is %s; the v1beta2 contract recommends string%s%s", types.TypeString(f.Var.Type(), qualifier), c.versionNote(), withheld)
	}
	f, ok := c.field(contract.PathProviderIDList)
	switch {
	case !ok:
		c.report(specPos(p), contract.RuleProviderIDList, contract.PathProviderIDList,
			"%s spec has no providerIDList, which the contract requires%s", p.Kind, c.versionNote())
	case !isStringSlice(f.Var.Type()):
		c.report(f.Var.Pos(), contract.RuleProviderIDList, contract.PathProviderIDList,
			"spec.providerIDList is %s, want []string%s", types.TypeString(f.Var.Type(), qualifier), c.versionNote())
	}
}

func (c *checker) poolReplicas() {
	p := c.t
	f, ok := c.field(contract.PathReplicas)
	switch {
	case !ok:
		c.report(statusPos(p), contract.RuleReplicas, contract.PathReplicas,
			"%s status has no replicas, which the contract requires%s", p.Kind, c.versionNote())
	case !isInt32(kindfinder.Deref(f.Var.Type())):
		c.report(f.Var.Pos(), contract.RuleReplicas, contract.PathReplicas,
			"status.replicas is %s, want int32%s", types.TypeString(f.Var.Type(), qualifier), c.versionNote())
	}
}

func specPos(p *kindfinder.Pool) token.Pos {
	if n, ok := kindfinder.Deref(p.Spec).(*types.Named); ok {
		return n.Obj().Pos()
	}
	return p.Obj.Pos()
}

func statusPos(p *kindfinder.Pool) token.Pos {
	if n, ok := kindfinder.Deref(p.Status).(*types.Named); ok {
		return n.Obj().Pos()
	}
	return p.Obj.Pos()
}

func isBasic(t types.Type, kind types.BasicKind) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == kind
}

func isString(t types.Type) bool { return isBasic(t, types.String) }
func isInt32(t types.Type) bool  { return isBasic(t, types.Int32) }

func isBoolPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isBasic(p.Elem(), types.Bool)
}

func isStringSlice(t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	return ok && isString(s.Elem())
}
