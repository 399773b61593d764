package kindtypes_test

import (
	"flag"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/internal/gofixtest"
)

var updateGoFix = flag.Bool("update-gofix", false, "write the .gofix.golden files where go fix differs from the rewrite's goldens")

// TestGoFixMigratesKinds applies every mpaudit fix to a copy of the kinds
// module (clusters, machines, control planes, bootstrap configs, and
// controllers using them from other packages) the way a user does, with
// go fix -fixtool: the files it changes are exactly those with a .golden,
// each equal to its golden (go fix labels no CRD, so it keeps failure
// fields a rewrite moves with the label: its own .gofix.golden says so),
// and the result builds and vets.
func TestGoFixMigratesKinds(t *testing.T) {
	gofixtest.Run(t, "testdata/kinds", gofixtest.Options{Update: *updateGoFix})
}

func goRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	gofixtest.Go(t, dir, args...)
}
