package poolusage_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/poolusage"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/contract"
)

func TestMain(m *testing.M) {
	settings.Set("", contract.Info)
	os.Exit(m.Run())
}

func TestPoolUsage(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/provider")
	analysistest.RunWithSuggestedFixes(t, dir, poolusage.Analyzer, "./controllers/...")
}
