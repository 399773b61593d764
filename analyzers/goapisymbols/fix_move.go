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

// movePlans plans the move of each file of the package to the v1beta2 Go
// API (goapifix), nil for a file with nothing to move. A conversion spoke
// keeps its v1beta1 types by design and is not moved; a package of API
// types (api declares root types) keeps them too: they are part of its
// CRD schemas, which the contract's type fixes migrate. The move happens
// only for a target core that serves the v1beta2 API (v1.11 and later):
// on an older one the v1beta2 objects the code would read do not exist.
//
// Files whose declarations of v1beta1 types the others use (a struct
// field of type *clusterv1.Cluster declared in one file and set in
// another, a helper taking a v1beta1 object, a test of either) move
// together, as one unit, or not at all: a blocker in one keeps them all.
func movePlans(pass *analysis.Pass, files []*ast.File, built, to, target contract.Release, spoke, api, raising bool) map[*ast.File]*filePlan {
	out := map[*ast.File]*filePlan{}
	if spoke || target.Less(contract.ReleaseV1Beta2) {
		return out
	}
	for _, f := range files {
		if plan, ok := goapifix.For(pass, f, built, to, api, raising); ok {
			out[f] = &filePlan{Plan: plan, name: filepath.Base(pass.Fset.File(f.Pos()).Name())}
		}
	}
	group(pass, out, built)
	return out
}

// filePlan is a file's move with the unit it moves in.
type filePlan struct {
	goapifix.Plan
	name string
	unit string // the name of the group's first file
	with string // the group's blocked file that keeps this one, if any
}

// moveFile offers the move of f (its plan fp, nil for none) as one fix,
// at its first swapped import, owned by the file's group's unit: the
// import swap and the rewritten uses only compile together. It returns
// what the file's import findings add: the blockers, when a use keeps the
// file on v1beta1, each at file:line with what to do.
func moveFile(pass *analysis.Pass, em *emit.Emitter, fp *filePlan) string {
	if fp == nil {
		return ""
	}
	plan, name := fp.Plan, fp.name
	if len(plan.Blockers) > 0 {
		var parts []string
		for _, b := range plan.Blockers {
			p := pass.Fset.Position(b.Pos)
			parts = append(parts, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, b.What))
		}
		return "; " + name + setup.GoAPIKept + strings.Join(parts, "; ")
	}
	if fp.with != "" {
		return "; " + name + setup.GoAPIKept + "it shares v1beta1-typed declarations with " + fp.with + ", which keeps its v1beta1 imports: they move together"
	}
	if len(plan.Edits) == 0 {
		return ""
	}
	msg := "move " + name + " to Cluster API's v1beta2 Go API"
	if plan.Scheme {
		msg = "register Cluster API's v1beta2 types beside the v1beta1 ones in " + name
	}
	em.FixOnly(plan.Imports[0].Pos(), report.Finding{Rule: contract.RuleGoAPIImport, Type: setup.GoAPIFileUnit(pass.Pkg.Path(), fp.unit)},
		[]analysis.SuggestedFix{{Message: msg, TextEdits: plan.Edits}})
	return ""
}
