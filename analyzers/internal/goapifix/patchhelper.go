package goapifix

import (
	"go/token"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/patchhelper"
)

// patchHelperMoves reports whether the file's import of the deprecated
// patch helper moves to util/patch (patchhelper.Unmoved finds nothing in
// the package); it blocks the file otherwise.
func (p *planner) patchHelperMoves() bool {
	pos, why, crosses := patchhelper.Unmoved(p.pass.Pkg, p.pass.TypesInfo, p.pass.Files)
	if pos == token.NoPos {
		return true
	}
	instead := keepConditions
	switch {
	case why == "":
		why = "an object with conditions"
	case crosses:
		instead = "util/patch patches an object without conditions alike: move the helper's users in the other packages with it by hand"
	}
	p.block(pos, "the file uses "+keptImports[contract.PkgDeprecatedPatch]+" ("+contract.PkgDeprecatedPatch+") on "+why, instead)
	return false
}
