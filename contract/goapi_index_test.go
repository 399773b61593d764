package contract

import (
	"slices"
	"strings"
	"testing"
)

// TestGoAPIFieldsAtIndex: the indexed lookup finds what a walk of the
// whole map finds, for every struct place and every path below it, with
// siblings that share a name's prefix (Status.V1Beta2 / Status.V1Beta2X)
// left out.
func TestGoAPIFieldsAtIndex(t *testing.T) {
	walk := func(root, full string) []GoFieldChange {
		var out []GoFieldChange
		for _, f := range goAPIFields {
			if f.Root == root && (f.Old == full || strings.HasPrefix(f.Old, full+".") || strings.HasPrefix(f.Old, full+"[]") || strings.HasPrefix(f.Old, full+"{}")) {
				out = append(out, f)
			}
		}
		return out
	}
	checked := 0
	for name, at := range goAPIStructs {
		for _, f := range goAPIByRoot()[at.Root] {
			rel, under := strings.CutPrefix(f.Old, at.Path+".")
			if at.Path == "" {
				rel, under = f.Old, true
			}
			if !under {
				continue
			}
			for i := range rel {
				if rel[i] != '.' && i != len(rel)-1 {
					continue
				}
				sel := strings.TrimSuffix(rel[:i+1], ".")
				full := sel
				if at.Path != "" {
					full = at.Path + "." + sel
				}
				got, _, _ := GoAPIFieldsAt(name, sel)
				if want := walk(at.Root, full); !slices.EqualFunc(got, want, func(a, b GoFieldChange) bool { return a.Root == b.Root && a.Old == b.Old }) {
					t.Fatalf("%s %s: %d fields, the walk %d", name, sel, len(got), len(want))
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d lookups checked", checked)
	}
}
