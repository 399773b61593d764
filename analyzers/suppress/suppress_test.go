package suppress_test

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/contract"
)

// TestSuppress checks the MPA901/MPA902 diagnostics (the // want comments
// in testdata), then which findings of the reporting analyzers the
// directives suppressed and that those were not turned into diagnostics.
func TestSuppress(t *testing.T) {
	dir, _ := filepath.Abs("testdata")
	results := analysistest.Run(t, dir, analyzers.MustNew(analyzers.DefaultSettings()).Analyzer("suppress"), "./...")

	var got []string
	for _, r := range results {
		for _, dep := range r.Action.Deps {
			fs, ok := emit.FindingsOf(r.Pass.ResultOf[dep.Analyzer])
			if !ok {
				continue
			}
			diagnosed := map[string]bool{}
			for _, d := range dep.Diagnostics {
				p := r.Pass.Fset.Position(d.Pos)
				diagnosed[fmt.Sprintf("%s %s:%d", d.Category, filepath.Base(p.Filename), p.Line)] = true
			}
			for _, f := range fs.List {
				if f.Severity < contract.Warning && !f.Suppressed {
					continue // the use-site inventory
				}
				where := fmt.Sprintf("%s %s:%d", f.Rule, filepath.Base(f.Position.File), f.Position.Line)
				state := "reported"
				if !f.Suppressed && !diagnosed[where] {
					t.Errorf("%s is reported but was not diagnosed", where)
				}
				if f.Suppressed {
					state = "suppressed"
					if diagnosed[where] {
						t.Errorf("%s is suppressed but was diagnosed", where)
					}
				}
				got = append(got, where+" "+state)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"MPA103 widget_types.go:16 suppressed", // trailing, second rule of a list
		"MPA133 gadget_types.go:25 reported",   // the fixture's types have no object metadata
		"MPA133 widget_types.go:47 reported",
		"MPA105 widget_types.go:19 suppressed", // on the line above
		"MPA106 widget_types.go:23 reported",   // the directive has no reason
		"MPA107 widget_types.go:8 suppressed",  // field doc comment, by rule name
		"MPA109 gadget_types.go:12 suppressed", // inside the documented type
		"MPA203 controllers.go:18 reported",
		"MPA203 controllers.go:26 reported",   // a blank line in between
		"MPA203 controllers.go:8 suppressed",  // on the line above
		"MPA203 controllers.go:13 suppressed", // trailing, by rule name
		"MPA301 infrastructure.cluster.x-k8s.io_gadgetmachinepools.yaml:5 reported",
		"MPA301 infrastructure.cluster.x-k8s.io_widgetmachinepools.yaml:5 suppressed", // by the type's doc comment
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
