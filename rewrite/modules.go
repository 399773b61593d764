package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/contract"
)

// A provider may keep its API types in a module of their own, replaced by
// a local directory (api/go.mod, replace example.com/p/api => ./api). The
// stage copies it beside the module (newStage), the source loader checks
// it from source (ownModules), and the functions here list, verify and
// name its packages.

// localPatterns is ./... and the import path patterns of the modules the
// go.mod in dir replaces by a local directory: the go command's ./...
// stops at their go.mod, but their packages resolve through the replace.
func localPatterns(dir string) []string {
	patterns := []string{"./..."}
	for _, m := range contract.LocalReplaces(filepath.Join(dir, "go.mod")) {
		patterns = append(patterns, m.Path+"/...")
	}
	return patterns
}

// mainModule reports whether the listed package path is of the main
// module (a package of a replaced module is vetted in its own module).
func mainModule(pkgs []listedPackage, path string) bool {
	i := slices.IndexFunc(pkgs, func(p listedPackage) bool { return p.ImportPath == path })
	return i < 0 || pkgs[i].Module == nil || pkgs[i].Module.Main
}

// verifyModules runs go vet ./... and go build ./... in each staged module
// other than the main one: the main module's build compiles only the
// replaced module's packages it imports, and not their tests. A module
// that fails the same way on the real tree did not build before the
// rewrite; it is left to a person.
func verifyModules(st *stage, changed map[string]map[string]bool, res *Result, trace *tracer) error {
	if err := verifyDependents(st, changed, res, trace); err != nil {
		return err
	}
	for _, m := range st.modules {
		if m == st.root {
			continue
		}
		rel := filepath.ToSlash(st.rel(st.path(m)))
		for _, args := range [][]string{{"vet", "./..."}, {"build", "./..."}} {
			trace.progress.Step("verifying the module %s: go %s", rel, args[0])
			out, err := goCmd(st.context(), st.path(m), args...)
			trace.step(fmt.Sprintf("go %s ./... in the module %s", args[0], rel))
			if err == nil {
				continue
			}
			if _, before := goCmd(st.context(), m, args...); before != nil {
				res.Manual = append(res.Manual, fmt.Sprintf("check the module %s by hand: go %s failed there before the rewrite (%v)", rel, strings.Join(args, " "), before))
				break
			}
			hint := res.conversionHint()
			if !st.resolves(m) {
				// A module above that replaces this one: its uses were not analysed.
				hint += fmt.Sprintf("\n(the module %s uses this one through a replace, and its uses are rewritten only by a rewrite run there: run `mpaudit rewrite ./...` in %s)", rel, rel)
			}
			return fmt.Errorf("the rewritten module %s does not build, so nothing was written:\ngo %s: %v\n%s%s", rel, strings.Join(args, " "), err, out, hint)
		}
	}
	return nil
}

// moduleOf is the staged root of the staged module holding the staged path.
func (s *stage) moduleOf(staged string) string {
	best := ""
	for _, m := range s.allMods() {
		if d := s.path(m); len(d) > len(best) {
			if _, ok := within(d, staged); ok {
				best = d
			}
		}
	}
	return best
}

// requireUtils adds a go.mod requirement on k8s.io/utils when a rewritten
// file imports k8s.io/utils/ptr and its module does not list it.
func requireUtils(st *stage, cs *changeSet, res *Result) error {
	var mods []string
	for path := range cs.files {
		if strings.HasSuffix(path, ".go") {
			data, _ := os.ReadFile(path)
			if m := st.moduleOf(path); m != "" && bytes.Contains(data, []byte(`"k8s.io/utils/ptr"`)) {
				mods = append(mods, m)
			}
		}
	}
	slices.Sort(mods)
	for _, dir := range slices.Compact(mods) {
		gm := filepath.Join(dir, "go.mod")
		err := editGoMod(gm, func(f *modfile.File) (bool, error) {
			for _, r := range f.Require {
				if r.Mod.Path == "k8s.io/utils" {
					return false, nil
				}
			}
			out, err := goCmd(st.context(), dir, "list", "-m", "-f", "{{.Version}}", "k8s.io/utils")
			version := strings.TrimSpace(out)
			if err != nil || version == "" {
				res.Manual = append(res.Manual, fmt.Sprintf("add a requirement on k8s.io/utils to %s (the rewrite uses k8s.io/utils/ptr)", filepath.ToSlash(st.rel(gm))))
				return false, nil
			}
			cs.mark(gm, "require k8s.io/utils "+version+" for k8s.io/utils/ptr")
			return true, f.AddRequire("k8s.io/utils", version)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// buildListModules are the staged main module and the staged modules it
// replaces by a local directory, with their module paths: the packages
// the go command resolves from the main module's root.
func (s *stage) buildListModules() ([]contract.LocalModule, error) {
	path, err := stagedModulePath(s)
	if err != nil {
		return nil, err
	}
	return append([]contract.LocalModule{{Path: path, Dir: s.dir}}, contract.LocalReplaces(filepath.Join(s.dir, "go.mod"))...), nil
}

// resolves reports whether the main module resolves the packages of the
// staged module whose real root is m (itself, or a local replace target),
// so that the audit analysed its uses.
func (s *stage) resolves(m string) bool {
	if m == s.root {
		return true
	}
	return slices.ContainsFunc(contract.LocalReplaces(filepath.Join(s.dir, "go.mod")), func(lm contract.LocalModule) bool { return lm.Dir == s.path(m) })
}
