package kindusage_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/kindusage"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/contract"
)

func TestMain(m *testing.M) {
	settings.Set("", contract.Info)
	os.Exit(m.Run())
}

// TestWritesInPairs uses kindtypes' module of CAPD-, CABPK- and KCP-like types.
func TestWritesInPairs(t *testing.T) {
	analysistest.Run(t, "../kindtypes/testdata/kinds", kindusage.Analyzer, "./controllers/...")
}
