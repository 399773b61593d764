package conditionowned_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// TestNotOwned reports each condition type set on an object that no Patch
// call of its Go type owns, through local option slices, appends and a
// variadic helper, and applies the fixes (the .golden files): a type added
// to the owned list literal, in its layout. Options from a call, a type
// known only at run time and WithForceOverwriteConditions are not judged;
// a Patch without an owned list of the family gets no fix.
func TestNotOwned(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info, Fix: true}).Analyzer("conditionowned")
	analysistest.RunWithSuggestedFixes(t, "testdata/owned", a, "./...")
}
