package driver

import (
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// TestGoAPIMovesFromTestVariant: a package's Go API moves of the files
// its test variant shares come from that variant alone; other rules'
// fixes and an external test package's stay.
func TestGoAPIMovesFromTestVariant(t *testing.T) {
	p := &packages.Package{ID: "example.com/c", PkgPath: "example.com/c", CompiledGoFiles: []string{"/m/c/c.go"}}
	q := &packages.Package{ID: "example.com/c [example.com/c.test]", PkgPath: "example.com/c", CompiledGoFiles: []string{"/m/c/c.go", "/m/c/c_test.go"}}
	x := &packages.Package{ID: "example.com/c_test [example.com/c.test]", PkgPath: "example.com/c_test", CompiledGoFiles: []string{"/m/c/x_test.go"}}
	done := map[*packages.Package]*outcome{p: {}, q: {}, x: {}}
	wider := testVariants([]*packages.Package{p, q, x}, done)
	if wider[p] != q || wider[q] != nil || wider[x] != nil {
		t.Fatalf("testVariants = %v", wider)
	}
	move := Fix{Rule: contract.RuleGoAPIImport, Fix: report.Fix{Edits: []report.Edit{{File: "/m/c/c.go"}}}}
	other := Fix{Rule: "MPA126", Fix: report.Fix{Edits: []report.Edit{{File: "/m/c/c.go"}}}}
	got := withoutGoAPIMoves([]Fix{move, other}, wider[p])
	if len(got) != 1 || got[0].Rule != "MPA126" {
		t.Errorf("withoutGoAPIMoves kept %v", got)
	}
	delete(done, q)
	if wider := testVariants([]*packages.Package{p, q}, done); wider[p] != nil {
		t.Error("a test variant that was not analysed replaced the package's moves")
	}
}
