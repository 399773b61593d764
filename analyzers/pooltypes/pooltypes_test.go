package pooltypes_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/pooltypes"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/contract"
)

func TestMain(m *testing.M) {
	// Show info findings too, so spokes and dual-write shapes are asserted.
	settings.Set("", contract.Info)
	os.Exit(m.Run())
}

func TestPoolTypes(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/provider")
	analysistest.RunWithSuggestedFixes(t, dir, pooltypes.Analyzer, "./apis/...")
}
