package kindusage_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

var kindusage = analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info}).Analyzer("kindusage")

// TestRemovedFieldReads: reads of v1beta1 fields the v1beta2 contract removed
// or moved, on dual types; the want comments are the whole set.
func TestRemovedFieldReads(t *testing.T) {
	analysistest.Run(t, "../kindtypes/testdata/kinds", kindusage, "./controllers/reads")
}
