package rewrite

import (
	"maps"
	"slices"
	"sort"
)

// useSites are the module's packages outside the patterns that import a
// package the patterns name, directly or not, from their code or their
// tests: where the uses of a type the rewrite changes may be. They are
// analysed for the use-site fixes that follow the type fixes (a *string
// made a string, a failure field moved, the initialization written), so
// that the module still builds; nothing else of them is rewritten.
type useSites map[string]string // import path -> staged directory

func (u useSites) paths() []string {
	out := slices.Collect(maps.Keys(u))
	sort.Strings(out)
	return out
}

// useSitesOf lists the use sites of the patterns resolved in dir. With no
// pattern or ./... from the module root there are none.
func useSitesOf(st *stage, dir string, patterns []string) (useSites, error) {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	all, err := listPackages(st.context(), st.dir, nil, localPatterns(st.dir)...)
	if err != nil {
		return nil, err
	}
	named := all // ./... from the module root names them all
	if dir != st.dir || !slices.Equal(patterns, []string{"./..."}) {
		if named, err = listPackages(st.context(), dir, nil, patterns...); err != nil {
			return nil, err
		}
	}
	dirs, isNamed := map[string]bool{}, map[string]bool{}
	for _, p := range named {
		dirs[p.Dir], isNamed[p.ImportPath] = true, true
	}
	uses, affected := useSites{}, affectedOf(all, dirs)
	for _, p := range all {
		if affected[p.ImportPath] && !isNamed[p.ImportPath] {
			uses[p.ImportPath] = p.Dir
		}
	}
	return uses, nil
}
