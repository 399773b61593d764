package rewrite

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/patchhelper"
)

// The raise moves util/patch to util/deprecated/v1beta1/patch in each file
// the fixes left on v1beta1 (movesFor): without types it cannot tell what
// the file patches. Once the raised module builds, a package whose helpers
// patch only objects without condition accessors (a Secret, a provider
// object without conditions) gets util/patch back, which patches them
// alike (internal/patchhelper): those files stay off the deprecated API,
// as the Go API fix leaves a file that imports the deprecated helper.

// patchHelpersBack undoes the raise's move of util/patch in the files of
// every package (all its build variants, tests included) whose uses
// patchhelper.Unmoved accepts, then builds the module; if that fails, the
// files keep the deprecated helper.
func (a *attempt) patchHelpersBack() error {
	b := a.bump
	if b == nil {
		return nil
	}
	move := contract.PkgPatch + " → " + contract.PkgDeprecatedPatch
	moved := map[string]string{} // staged file → rel
	for rel, done := range b.moves {
		if !slices.Contains(done, move) {
			continue
		}
		// Keyed as the load's file names are looked up: through canonical.
		if staged, err := a.st.canonical(filepath.Join(a.st.dir, rel)); err == nil {
			moved[staged] = rel
		}
	}
	if len(moved) == 0 {
		return nil
	}
	for _, mb := range b.modules {
		pkgs, ok := a.loadTyped(mb.staged)
		if !ok {
			continue // what does not type-check keeps the deprecated helper
		}
		back := map[string]bool{}
		kept := map[string]bool{}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.Module == nil || !p.Module.Main || p.TypesInfo == nil {
				return
			}
			var here []string
			for _, f := range p.Syntax {
				name, err := a.st.canonical(p.Fset.Position(f.Pos()).Filename)
				if err != nil {
					continue
				}
				if _, ok := moved[name]; ok {
					here = append(here, name)
				}
			}
			if len(here) == 0 {
				return
			}
			movable, _, _ := patchhelper.Unmoved(p.Types, p.TypesInfo, p.Syntax)
			for _, f := range here {
				if movable == 0 {
					back[f] = true
				} else {
					kept[f] = true
				}
			}
		})
		for f := range kept {
			delete(back, f) // a variant of the package keeps it
		}
		if len(back) == 0 {
			continue
		}
		undo := map[string][]byte{}
		for _, f := range slices.Sorted(maps.Keys(back)) {
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			out, done, err := moveImports(f, src, map[string]string{contract.PkgDeprecatedPatch: contract.PkgPatch})
			if err != nil || len(done) == 0 {
				continue
			}
			undo[f] = src
			if _, err := a.st.writeFile(f, out); err != nil {
				return err
			}
		}
		if _, err := goOutput(a.st.context(), mb.staged, nil, "build", "./..."); err != nil {
			for f, src := range undo {
				if _, err := a.st.writeFile(f, src); err != nil {
					return err
				}
			}
			continue
		}
		for f := range undo {
			rel := moved[f]
			a.cs.unmark(f, "move "+move+" (Cluster API "+b.to+" keeps the v1beta1 API there)")
			b.moves[rel] = slices.DeleteFunc(b.moves[rel], func(d string) bool { return d == move })
			if len(b.moves[rel]) == 0 {
				delete(b.moves, rel)
			}
		}
		a.trace.step(fmt.Sprintf("kept util/patch in %d file(s) whose objects have no conditions", len(undo)))
	}
	return nil
}
