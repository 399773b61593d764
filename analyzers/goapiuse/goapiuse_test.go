package goapiuse_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// TestFieldUses: reads, writes, addresses, chains, aliases, embedded and
// promoted fields of Cluster API's v1beta1 types whose successor changes,
// on a core with the v1beta2 types (warning) and in a conversion spoke
// (information); the want comments are the whole set.
func TestFieldUses(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info}).Analyzer("goapiuse")
	analysistest.Run(t, "testdata/goapi", a, "./controllers/machines", "./controllers/clean", "./apis/...")
}

// TestFieldUsesBeforeV1Beta2: before v1.11 the v1beta1 types are the only
// ones: information.
func TestFieldUsesBeforeV1Beta2(t *testing.T) {
	a := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info, CAPIVersion: "v1.10.0"}).Analyzer("goapiuse")
	analysistest.Run(t, "testdata/goapi", a, "./controllers/old110")
}
