package goapiprobe

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// Changes probes every root and classifies what it observes: the Go API
// map as the pinned Cluster API's conversion defines it. The embedded object
// metadata, which every version shares, is left out.
func Changes() ([]contract.GoFieldChange, error) {
	var out []contract.GoFieldChange
	for _, r := range Roots() {
		obs, err := Probe(r.Convert, r.Old, r.New)
		if err != nil {
			return nil, err
		}
		root := TypeString(reflect.TypeOf(r.Old).Elem())
		for _, o := range obs {
			c := contract.GoFieldChange{Root: root, Old: o.Old, OldType: o.OldType, New: o.New, NewType: o.NewType}
			first := ""
			if len(o.New) > 0 {
				first = o.New[0]
			}
			c.Moved = first != "" && first != o.Old
			c.Class = contract.ClassifyGoChange(o.Old, o.OldType, o.OldParent, first, o.NewType, o.NewParent)
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b contract.GoFieldChange) int {
		return cmp.Or(cmp.Compare(a.Root, b.Root), cmp.Compare(a.Old, b.Old))
	})
	return out, nil
}

// Structs lists, for each struct type of the v1beta1 API reachable from a
// root, the root and the shortest Go path where it sits (the first root
// in Roots' order that has it).
func Structs() map[string]contract.GoStructAt {
	out := map[string]contract.GoStructAt{}
	for _, r := range Roots() {
		t := reflect.TypeOf(r.Old).Elem()
		root := TypeString(t)
		for name, path := range StructPaths(t) {
			if _, ok := out[name]; !ok && strings.HasPrefix(name, "sigs.k8s.io/cluster-api/") {
				out[name] = contract.GoStructAt{Root: root, Path: path}
			}
		}
	}
	return out
}

// Diff lists how the catalog's map differs from the observed one: a field
// the conversion touches that the catalog does not map, an entry for no
// such field, and an entry whose successor, types or class disagree.
func Diff(observed, catalog []contract.GoFieldChange) []string {
	key := func(c contract.GoFieldChange) string { return c.Root + " " + c.Old }
	have := map[string]contract.GoFieldChange{}
	for _, c := range catalog {
		have[key(c)] = c
	}
	var out []string
	seen := map[string]bool{}
	for _, o := range observed {
		k := key(o)
		seen[k] = true
		c, ok := have[k]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: not mapped; the conversion puts it at %v (%s)", k, o.New, o.Class))
		case !slices.Equal(c.New, o.New) || c.NewType != o.NewType || c.OldType != o.OldType || c.Class != o.Class || c.Moved != o.Moved:
			out = append(out, fmt.Sprintf("%s: the catalog says %v %s (%s), the conversion %v %s (%s)", k, c.New, c.NewType, c.Class, o.New, o.NewType, o.Class))
		}
	}
	for _, c := range catalog {
		if !seen[key(c)] {
			out = append(out, fmt.Sprintf("%s: mapped, but the v1beta1 type has no such field", key(c)))
		}
	}
	return out
}
