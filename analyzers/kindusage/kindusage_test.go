package kindusage_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

var kindusage = analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info}).Analyzer("kindusage")

// TestWritesInPairs uses kindtypes' module of CAPD-, CABPK- and KCP-like types.
func TestWritesInPairs(t *testing.T) {
	analysistest.Run(t, "../kindtypes/testdata/kinds", kindusage, "./controllers")
}
