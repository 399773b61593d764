package kindtypes_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// kindtypesFor builds the pass for a target core, reporting info findings
// too, so spokes and dual shapes are asserted.
func kindtypesFor(core string) *analysis.Analyzer {
	return analyzers.MustNew(analyzers.Settings{CAPIVersion: core, ReportAt: contract.Info}).Analyzer("kindtypes")
}

// TestKinds judges CAPD-, KCP-, CABPK- and Scaleway-like types for the
// module's target (v1.14.2, from go.mod); the want comments are the whole
// set. The fixes are those of mpaudit rewrite, which labels the CRDs too
// (Relabel); TestGoFixMigratesKinds shows where go fix, which labels
// nothing, differs.
func TestKinds(t *testing.T) {
	kt := analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info, Relabel: true}).Analyzer("kindtypes")
	analysistest.RunWithSuggestedFixes(t, "testdata/kinds", kt,
		"./apis/capd/...", "./apis/flip/...", "./apis/kcp/...", "./apis/dualcp/...", "./apis/legacycp/...", "./apis/cabpk/...", "./apis/scw/...", "./apis/multi/...", "./apis/scalecp/...")
}

// TestBeforeV1Beta2 judges types for a core that knows only the v1beta1 contract.
func TestBeforeV1Beta2(t *testing.T) {
	analysistest.Run(t, "testdata/kinds", kindtypesFor("v1.10.0"), "./apis/old/...")
}

// TestControlPlaneReadyBug judges a v1beta1 control plane for a release that
// reads its initialization from status.ready.
func TestControlPlaneReadyBug(t *testing.T) {
	analysistest.Run(t, "testdata/kinds", kindtypesFor("v1.11.3"), "./apis/bugcp/...")
}

// TestStatusVersionsBeforeV114 judges a control plane that reports its
// version only in status.versions for a core that reads only status.version.
func TestStatusVersionsBeforeV114(t *testing.T) {
	analysistest.Run(t, "testdata/kinds", kindtypesFor("v1.13.0"), "./apis/verscp/...")
}

// TestResources judges what every contract page asks of root types: object
// metadata (MPA133), a registered list type (MPA134), a template named after
// a kind of its API version (MPA135) and an InfraMachine's template (MPA136).
func TestResources(t *testing.T) {
	analysistest.Run(t, "testdata/kinds", kindtypesFor(""), "./apis/res/...")
}
