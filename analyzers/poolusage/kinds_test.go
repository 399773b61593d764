package poolusage_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestKindReadiness: the behaviour engine judges the readiness writes (and
// a ControlPlane's renamed counters) of the label-driven kinds (kindtypes' module of CAPD-, CABPK- and KCP-like
// types, target v1.14.2) as it judges pools': per object, through setters,
// closures and defers, under the label core reads the type by.
func TestKindReadiness(t *testing.T) {
	analysistest.Run(t, "../kindtypes/testdata/kinds", poolusage, "./controllers/readiness", "./controllers/counters")
}
