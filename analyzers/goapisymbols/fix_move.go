package goapisymbols

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/goapifix"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// moveFile offers the move of f to the v1beta2 Go API (goapifix) as one
// fix, at its first swapped import, owned by the file's unit: the import
// swap and the rewritten uses only compile together. It returns what the
// file's import findings add: the blockers, when a use keeps the file on
// v1beta1, each at file:line with what to do. A conversion spoke keeps its
// v1beta1 types by design and is not moved; a package of API types (api
// declares root types) keeps them too: they are part of its CRD schemas,
// which the contract's type fixes migrate.
//
// The move happens only for a target core that serves the v1beta2 API
// (v1.11 and later): on an older one the v1beta2 objects the code would
// read do not exist.
func moveFile(pass *analysis.Pass, em *emit.Emitter, f *ast.File, built, target contract.Release, spoke, api, raising bool) string {
	if spoke || target.Less(contract.ReleaseV1Beta2) {
		return ""
	}
	plan, ok := goapifix.For(pass, f, built, api, raising)
	if !ok {
		return ""
	}
	name := filepath.Base(pass.Fset.File(f.Pos()).Name())
	if len(plan.Blockers) > 0 {
		var parts []string
		for _, b := range plan.Blockers {
			p := pass.Fset.Position(b.Pos)
			parts = append(parts, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, b.What))
		}
		return "; " + name + setup.GoAPIKept + strings.Join(parts, "; ")
	}
	if len(plan.Edits) == 0 {
		return ""
	}
	msg := "move " + name + " to Cluster API's v1beta2 Go API"
	if plan.Scheme {
		msg = "register Cluster API's v1beta2 types beside the v1beta1 ones in " + name
	}
	em.FixOnly(plan.Imports[0].Pos(), report.Finding{Rule: contract.RuleGoAPIImport, Type: setup.GoAPIFileUnit(pass.Pkg.Path(), name)},
		[]analysis.SuggestedFix{{Message: msg, TextEdits: plan.Edits}})
	return ""
}
