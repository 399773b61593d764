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
// the file patches. Once the fixes are in, the packages whose helpers
// patch only objects without condition accessors (a Secret, a provider
// object without conditions) get util/patch back, which patches them
// alike (internal/patchhelper): those files stay off the deprecated API,
// as the Go API fix leaves a file that imports the deprecated helper. A
// helper that crosses packages (a scope's exported PatchHelper field that
// a controller fills) ties them: they go back together or not at all, so
// each side keeps the type the other spells.

// patchHelpersBack undoes the raise's move of util/patch in the files of
// each group of mb's packages (all their build variants, tests included)
// that hand helpers to each other, when every package of the group moves
// alike (patchhelper.Uses: no local use keeps the deprecated helper) and
// no helper comes from outside the module. It runs before the raise's
// build check, which judges the result: the packages load with the type
// errors a helper of the wrong package makes.
func (a *attempt) patchHelpersBack(mb *moduleBump) error {
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
	pkgs, _ := a.loadTyped(mb.staged)
	back := helperGroupsBack(pkgs, moved, a.st.canonical)
	n := 0
	for _, f := range slices.Sorted(maps.Keys(back)) {
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		out, done, err := moveImports(f, src, map[string]string{contract.PkgDeprecatedPatch: contract.PkgPatch})
		if err != nil || len(done) == 0 {
			continue
		}
		if _, err := a.st.writeFile(f, out); err != nil {
			return err
		}
		rel := moved[f]
		a.cs.unmark(f, "move "+move+" (Cluster API "+b.to+" keeps the v1beta1 API there)")
		b.moves[rel] = slices.DeleteFunc(b.moves[rel], func(d string) bool { return d == move })
		if len(b.moves[rel]) == 0 {
			delete(b.moves, rel)
		}
		n++
	}
	if n > 0 {
		a.trace.step(fmt.Sprintf("kept util/patch in %d file(s) whose objects have no conditions", n))
	}
	return nil
}

// helperGroupsBack are the files of moved (the raise's moves of
// util/patch) whose group of packages moves back whole: packages joined
// by the helpers they hand each other, none with a use that keeps the
// deprecated helper or a helper from outside the module.
func helperGroupsBack(pkgs []*packages.Package, moved map[string]string, canonical func(string) (string, error)) map[string]bool {
	parent := map[string]string{}
	var find func(string) string
	find = func(p string) string {
		if parent[p] == "" || parent[p] == p {
			parent[p] = p
			return p
		}
		parent[p] = find(parent[p])
		return parent[p]
	}
	kept := map[string]bool{} // package paths a use keeps on the deprecated helper
	files := map[string][]string{}
	own := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Main {
			own[p.PkgPath] = true
		}
	})
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !own[p.PkgPath] {
			return
		}
		find(p.PkgPath)
		if p.TypesInfo == nil || p.Types == nil {
			kept[p.PkgPath] = true
			return
		}
		for _, f := range p.Syntax {
			if name, err := canonical(p.Fset.Position(f.Pos()).Filename); err == nil && moved[name] != "" && !slices.Contains(files[p.PkgPath], name) {
				files[p.PkgPath] = append(files[p.PkgPath], name)
			}
		}
		for _, u := range patchhelper.Uses(p.Types, p.TypesInfo, p.Syntax) {
			switch {
			case u.Crosses == nil:
				kept[p.PkgPath] = true
			case !own[u.Crosses.Path()]:
				kept[p.PkgPath] = true // a helper the module does not control
			default:
				parent[find(u.Crosses.Path())] = find(p.PkgPath)
			}
		}
	})
	keptGroup := map[string]bool{}
	for p := range kept {
		keptGroup[find(p)] = true
	}
	out := map[string]bool{}
	for p, fs := range files {
		if keptGroup[find(p)] {
			continue
		}
		for _, f := range fs {
			out[f] = true
		}
	}
	return out
}
