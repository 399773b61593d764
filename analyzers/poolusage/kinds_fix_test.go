package poolusage_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// TestKindUseSiteFixes: under go fix and rewrite (Settings.Fix), the uses
// of a machine type another package declares get the fixes that go with
// its type fixes, without findings of their own: the one-way companion of
// each readiness write (the value read back once written, a receiver with
// a call bound once), providerID as a string, the failure accessors.
func TestKindUseSiteFixes(t *testing.T) {
	// mpaudit rewrite's fixes, with the labels it writes (Relabel).
	fix := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info, Fix: true, Relabel: true}).Analyzer("poolusage")
	analysistest.RunWithSuggestedFixes(t, "../kindtypes/testdata/kinds", fix, "./controllers/multi", "./controllers/shapes")
}

// TestKindNeedsAPerson: uses of a bootstrap config's fields that the type
// fixes change and the use-site fixes cannot rewrite are findings of the
// type rule saying so, with no fix; the rewritable ones are silent outside
// go fix and rewrite. The want comments are the whole set.
func TestKindNeedsAPerson(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), poolusage, "example.com/kindmanual/use") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: %q has a fix", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}
