package goapisymbols

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
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
//
// When go.mod is raised (raising), a moved file's declarations whose type
// the move changes carry the fact Moved, naming its unit: the files of
// other packages that use them are planned too (planReached), those that
// import no Cluster API package included, and their group joins that
// unit, so that all of it moves, or is withheld, together.
func movePlans(pass *analysis.Pass, env *setup.Env, em *emit.Emitter, files []*ast.File, built, to, target contract.Release, spoke, api, raising bool) map[*ast.File]*filePlan {
	out := map[*ast.File]*filePlan{}
	if spoke || target.Less(contract.ReleaseV1Beta2) {
		return out
	}
	pkg := &goapifix.Package{Moving: env.Settings.MovingFields, Moved: movedElsewhere(pass)}
	if raising && !api {
		pkg.Reached = func(f *ast.File) []string {
			if units, paths := reached(pass, f, built); len(units) > 0 {
				return paths
			}
			return nil
		}
	}
	for _, f := range files {
		if plan, ok := goapifix.ForMoving(pass, f, built, to, api, raising, pkg); ok {
			out[f] = &filePlan{Plan: plan, name: fileName(pass, f), at: f.Name.Pos()}
		}
	}
	if !api {
		if raising {
			planReached(pass, files, out, built, to)
		} else {
			// The module builds against the release the files move to:
			// no other package's file changes but by its own move, which
			// its Moved facts say (a second run meets the parameters the
			// first kept on v1beta1).
			for f, fp := range out {
				blockKeptParams(pass, f, fp, built)
			}
		}
	}
	group(pass, out, built)
	joinGroups(out)
	for f, fp := range out {
		typ := unitType(pass, fp)
		// A package analysed for facts only moves nothing: no fact either;
		// API types keep their fields' types (split.go).
		if api || env.Settings.ScopeOf(pass.Pkg.Path()) == setup.ScopeFacts || isTest(fp.name) {
			continue
		}
		if fp.with == "" && len(fp.Blockers) == 0 {
			// Exported whether or not the unit is withheld: the files that
			// use the declarations join it, and are withheld with it.
			exportMoved(pass, f, typ, fp.Kept, built)
		} else {
			// Blocked: the units it joins move only with it.
			for _, u := range fp.joins {
				em.Blocks(f.Name.Pos(), report.Finding{Rule: contract.RuleGoAPIImport, Type: u,
					Message: fp.name + " reaches the declarations the move changes and keeps Cluster API's v1beta1 Go API" + blockerText(pass, fp)})
			}
		}
	}
	return out
}

func fileName(pass *analysis.Pass, f *ast.File) string {
	return filepath.Base(pass.Fset.File(f.Pos()).Name())
}

// joinGroups gives each file of a group the units of other packages any
// of them joins.
func joinGroups(plans map[*ast.File]*filePlan) {
	joins := map[string][]string{}
	for _, fp := range plans {
		for _, u := range fp.joins {
			if !slices.Contains(joins[fp.unit], u) {
				joins[fp.unit] = append(joins[fp.unit], u)
			}
		}
	}
	for _, fp := range plans {
		fp.joins = joins[fp.unit]
		slices.Sort(fp.joins)
	}
}

// filePlan is a file's move with the unit it moves in.
type filePlan struct {
	goapifix.Plan
	name string
	unit string // the name of the group's first file
	with string // the group's blocked file that keeps this one, if any
	// joins are the units of other packages' moves whose changed
	// declarations the group uses (planReached): the first owns its fix.
	joins []string
	// at is where the fix is offered when the file swaps no import.
	at token.Pos
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
		return "; " + name + blockerText(pass, fp)
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
	at := fp.at
	if len(plan.Imports) > 0 {
		at = plan.Imports[0].Pos()
	}
	em.FixOnly(at, report.Finding{Rule: contract.RuleGoAPIImport, Type: unitType(pass, fp)},
		[]analysis.SuggestedFix{{Message: msg, TextEdits: plan.Edits}})
	return ""
}

// blockerText names fp's blockers, each at file:line ("" for none).
func blockerText(pass *analysis.Pass, fp *filePlan) string {
	if len(fp.Blockers) == 0 {
		if fp.with != "" {
			return setup.GoAPIKept + "it shares v1beta1-typed declarations with " + fp.with + ", which keeps its v1beta1 imports"
		}
		return ""
	}
	var parts []string
	for _, b := range fp.Blockers {
		p := pass.Fset.Position(b.Pos)
		parts = append(parts, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, b.What))
	}
	return setup.GoAPIKept + strings.Join(parts, "; ")
}

// movedElsewhere says whether a declaration of another package carries
// the fact Moved: its file's planned move gives it the v1beta2 type.
func movedElsewhere(pass *analysis.Pass) func(types.Object) bool {
	return func(obj types.Object) bool {
		return obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(Moved))
	}
}
