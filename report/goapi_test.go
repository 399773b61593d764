package report

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestGoAPILeftPerPackage: text and markdown say, per package, how many
// uses of Cluster API's v1beta1 Go API are left, and nothing when none.
func TestGoAPILeftPerPackage(t *testing.T) {
	r := staticReport(t)
	at := func(file string) *Position { return &Position{File: file, Line: 1} }
	r.Findings = append(r.Findings,
		Finding{Rule: contract.RuleGoAPIField, Severity: contract.Warning, Kind: "Machine", Field: "Spec.ProviderID", Message: "m", Position: at("internal/controllers/a.go")},
		Finding{Rule: contract.RuleGoAPIField, Severity: contract.Warning, Kind: "Machine", Field: "Spec.Version", Message: "m", Position: at("internal/controllers/b.go")},
		Finding{Rule: contract.RuleGoAPIField, Severity: contract.Warning, Kind: "Machine", Field: "Spec.Version", Message: "m", Position: at("internal/controllers/b.go")},
		Finding{Rule: contract.RuleGoAPIField, Severity: contract.Info, Kind: "Cluster", Field: "Status.FailureDomains", Message: "m", Position: at("api/v1alpha1/conversion.go")},
	)
	text := string(render(t, PrintText, r))
	for _, want := range []string{
		"go api left: 4 uses in 3 files of 2 packages on Cluster API's v1beta1 Go API: internal/controllers 3, api/v1alpha1 1\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q\n%s", want, text)
		}
	}
	if got := goAPILeftLine(goAPILeft(r.Findings[len(r.Findings)-3 : len(r.Findings)-1])); got != "go api left: internal/controllers: 2 uses in 1 file on Cluster API's v1beta1 Go API" {
		t.Errorf("one package: %q", got)
	}
	md := string(render(t, PrintMarkdown, r))
	if want := "### Cluster API v1beta1 Go API left, per package\n\n| Package | Uses | Files |\n| --- | ---: | ---: |\n| `internal/controllers` | 3 | 2 |\n| `api/v1alpha1` | 1 | 1 |\n"; !strings.Contains(md, want) {
		t.Errorf("markdown lacks %q\n%s", want, md)
	}
	none := staticReport(t)
	if text, md := string(render(t, PrintText, none)), string(render(t, PrintMarkdown, none)); strings.Contains(text, "go api left") || strings.Contains(md, "Go API left") {
		t.Errorf("a report without Go API findings names them:\n%s\n%s", text, md)
	}
}
