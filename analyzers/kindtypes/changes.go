package kindtypes

import (
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/report"
)

// Changed is the fact, on a field of a storage type, that this pass's type
// fix changes it and the fix is offered: no //mpaudit:ignore comment
// withholds it and the configuration keeps its rule and type. The use-site
// fixes (poolusage) follow it, so a use is rewritten exactly when the type
// it needs is; without it a use is left as it is.
//
// The field is the one whose uses the fix breaks: a *string made a string
// (MPA107, MPA126), a failure field moved (MPA105, MPA106, MPA125), the
// v1beta1 readiness field whose struct gets the initialization field
// (MPA101, MPA120), the v1beta1 name of a renamed field that gets its
// v1beta2 name beside it (MPA129).
type Changed struct {
	Rule string
}

func (*Changed) AFact() {}

func (c *Changed) String() string { return "changed by " + c.Rule }

// Result is kindtypes' result: its findings, and the fields its type fixes
// change, in this package or those it imports.
type Result struct {
	*emit.Findings
	pass *analysis.Pass
}

// ResultType is the reflect type of *Result.
var ResultType = reflect.TypeFor[*Result]()

// Changes reports whether a type fix offered for the field v changes it.
func (r *Result) Changes(v *types.Var) bool {
	if r == nil || r.pass == nil || v == nil || v.Pkg() == nil {
		return false
	}
	var c Changed
	return r.pass.ImportObjectFact(v, &c)
}

// changed records that the fix of rule, offered for fields, changes them;
// only where the driver applies the package's fixes.
func (c *checker) changed(rule string, fields ...*types.Var) {
	pass := c.fix.pass
	if pass == nil || c.env.Settings.ScopeOf(pass.Pkg.Path()) != setup.ScopeAll {
		return
	}
	if _, ok := c.env.Settings.WithheldUnit(c.t.Type); ok {
		return // the findings drop every fix of the type (emit)
	}
	for _, v := range fields {
		if v != nil && v.Pkg() == pass.Pkg {
			pass.ExportObjectFact(v, &Changed{Rule: rule})
		}
	}
}

// reportChange reports a finding whose fixes change fields, and records
// the change when the fixes are offered.
func (c *checker) reportChange(pos token.Pos, fixes []analysis.SuggestedFix, changes []*types.Var, rule, field, format string, args ...any) {
	if c.reportFix(pos, fixes, rule, field, format, args...) && len(fixes) > 0 {
		c.changed(rule, changes...)
	}
}

// fixOnly offers a type fix without a finding, recording the change.
func (c *checker) fixOnly(pos token.Pos, rule string, fixes []analysis.SuggestedFix, changes ...*types.Var) {
	f := report.Finding{Rule: rule, Kind: c.t.Kind, Type: c.t.Type}
	if c.em.FixOnly(pos, f, fixes) {
		c.changed(rule, changes...)
	}
}
