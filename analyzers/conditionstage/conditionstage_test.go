package conditionstage_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// TestStages judges a kind at each stage of the guide on the v1.14.2 core
// the fixture's go.mod requires: warnings, info on the spoke; a complete
// stage 2 or 3 kind and a template are not reported.
func TestStages(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info}).Analyzer("conditionstage")
	analysistest.Run(t, "testdata/stages", a, "./apis/...")
}
