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
	fix := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info, Fix: true}).Analyzer("poolusage")
	analysistest.RunWithSuggestedFixes(t, "../kindtypes/testdata/kinds", fix, "./controllers/multi")
}
