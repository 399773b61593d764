package kindtypes_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/contract"
)

func TestMain(m *testing.M) {
	// Show info findings too, so spokes and dual shapes are asserted.
	settings.Set("", contract.Info)
	os.Exit(m.Run())
}

// TestKinds judges CAPD-, KCP-, CABPK- and Scaleway-like types for the
// module's target (v1.14.2, from go.mod); the want comments are the whole set.
func TestKinds(t *testing.T) {
	analysistest.Run(t, "testdata/kinds", kindtypes.Analyzer,
		"./apis/capd/...", "./apis/flip/...", "./apis/kcp/...", "./apis/legacycp/...", "./apis/cabpk/...", "./apis/scw/...")
}

// TestBeforeV1Beta2 judges types for a core that knows only the v1beta1 contract.
func TestBeforeV1Beta2(t *testing.T) {
	settings.Set("v1.10.0", contract.Info)
	t.Cleanup(func() { settings.Set("", contract.Info) })
	analysistest.Run(t, "testdata/kinds", kindtypes.Analyzer, "./apis/old/...")
}

// TestControlPlaneReadyBug judges a v1beta1 control plane for a release that
// reads its initialization from status.ready.
func TestControlPlaneReadyBug(t *testing.T) {
	settings.Set("v1.11.3", contract.Info)
	t.Cleanup(func() { settings.Set("", contract.Info) })
	analysistest.Run(t, "testdata/kinds", kindtypes.Analyzer, "./apis/bugcp/...")
}
