package poolusage_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
)

// info is an analyzer set that reports info findings too (the use-site
// inventory).
var info = analyzers.MustNew(analyzers.Settings{ReportAt: contract.Info})

var poolusage = info.Analyzer("poolusage")

func TestPoolUsage(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/provider")
	analysistest.RunWithSuggestedFixes(t, dir, poolusage, "./controllers/...")
}

// TestNeedsAPerson covers use sites the migration fixes cannot rewrite:
// they carry "(needs a person)" and no fix, while the rewritable ones in
// the same files get fixes (imports of cmp and k8s.io/utils/ptr added).
func TestNeedsAPerson(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), poolusage, "example.com/manual/use")
	manual := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if strings.HasSuffix(d.Message, "(needs a person)") {
				manual++
				if len(d.SuggestedFixes) > 0 {
					t.Errorf("%s: %q has a fix", r.Pass.Fset.Position(d.Pos), d.Message)
				}
			}
		}
	}
	if manual != 9 {
		t.Errorf("%d findings need a person, want 9", manual)
	}
}

// TestCompanionFixes covers the shapes of the provisioned companion fix:
// receivers with side effects, status literals under an alias or a dot
// import, a shadowed or missing ptr import, an aliased one.
func TestCompanionFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), poolusage, "example.com/companion/...")
}

// TestBehaviour judges readiness writes (MPA203, MPA204) by pairs of writes
// on the same pool object in the shapes real providers use; the // want
// comments are the whole set of findings.
func TestBehaviour(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), poolusage, "example.com/behaviour/...")
}
