package goapisymbols_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// passFor builds the pass for a target core ("" the module's, v1.14.2),
// reporting info findings too.
func passFor(core string) *analysis.Analyzer {
	return analyzers.MustNew(analyzers.Settings{CAPIVersion: core, ReportAt: contract.Info}).Analyzer("goapisymbols")
}

// TestSymbols judges a controller package on the v1.14.2 Go API (the
// want comments are the whole set: warnings, as v1beta2 ships), a package
// that imports none of the map, and a storage and a spoke API version.
func TestSymbols(t *testing.T) {
	analysistest.Run(t, "testdata/symbols", passFor(""), "./controllers/...", "./util/...", "./apis/...")
}

// TestSymbolsBeforeV111 judges the same code for a v1.10 target: v1beta1 is
// the current Go API there, so every finding is informational.
func TestSymbolsBeforeV111(t *testing.T) {
	results := analysistest.Run(&infoOnly{T: t}, "testdata/symbols", passFor("v1.10.0"), "./controllers/...", "./apis/v1beta1/...")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if !strings.HasPrefix(d.Message, "MPA702 info: ") && !strings.HasPrefix(d.Message, "MPA703 info: ") {
				t.Errorf("%s: want an info finding for a v1.10 target", d.Message)
			}
		}
	}
	if n != 18 {
		t.Errorf("want the 18 findings of TestSymbols, as info; got %d", n)
	}
}

// infoOnly drops analysistest's comparison with the want comments (they
// spell the v1.14 severities); the findings are checked above.
type infoOnly struct{ *testing.T }

func (infoOnly) Errorf(string, ...any) {}

// TestMoveFixes applies the move to v1beta2 to a file using each class of
// field change (the golden is the whole result), registers the v1beta2
// types beside the v1beta1 ones where a scheme is built, and keeps the
// files whose uses are not mechanical, naming each at file:line.
func TestMoveFixes(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Warning, Fix: true}).Analyzer("goapisymbols")
	analysistest.RunWithSuggestedFixes(t, "testdata/move", a, "./controllers/...", "./cmd/...", "./apis/...")
}

// TestMoveFixesRaising plans the move on a module built against v1.10
// for the release mpaudit rewrite raises go.mod to (Settings.RaiseCAPI):
// references v1beta2 holds as values are checked with IsDefined, and a
// file reading what they drop keeps v1beta1.
func TestMoveFixesRaising(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{CAPIVersion: "v1.11.3", RaiseCAPI: "v1.11.3", ReportAt: contract.Warning, Fix: true}).Analyzer("goapisymbols")
	analysistest.RunWithSuggestedFixes(t, "testdata/raise", a, "./controllers/...")
}
