package ruledoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// docsDir is the committed output of `make docs`.
const docsDir = "../../docs/rules"

// TestDocsUpToDate regenerates the rule docs in memory and fails when
// docs/rules/ differs (`make docs-check` runs just this test).
func TestDocsUpToDate(t *testing.T) {
	diffs, err := Diff(docsDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) > 0 {
		t.Errorf("docs/rules is out of date with contract/rules.go: run `make docs`\n  %s", strings.Join(diffs, "\n  "))
	}
}

func TestRulePage(t *testing.T) {
	r := contract.MustRule(contract.RuleReadyOnly)
	page := Rule(r)
	for _, want := range []string{
		"# MPA101 ready-without-provisioned\n",
		"status.ready without status.initialization.provisioned",
		"- **Scope:** type",
		"- **Field:** `status.ready`",
		"## Why\n",
		"## How to fix\n",
		"| core ≤ " + contract.LatestVerifiedCore + " (reads only status.ready) | warning |",
		"| core without v1beta1 compatibility (v1.16 planned) | error |",
		"conversion spokes",
		"at most info",
		"<" + r.DocURL + ">",
		"//mpaudit:ignore MPA101 <reason>",
		"- **Reported by:** `mpaudit check`, `go vet`, `golangci-lint`\n",
		"- **Automatic fix:** a SuggestedFix on the finding",
		"; `mpaudit rewrite`\n",
		"- **Suppressible:** yes\n",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("MPA101 page lacks %q:\n%s", want, page)
		}
	}
	// Each page shows the suppression forms of the modes that report the rule.
	for id, want := range map[string][2]bool{
		contract.RuleReadyOnly:             {true, false},
		contract.RuleLabelMissing:          {true, true},
		contract.RuleObjectProvisionedOnly: {false, true},
	} {
		page := Rule(contract.MustRule(id))
		comment, annotation := strings.Contains(page, "//mpaudit:ignore "+id), strings.Contains(page, `mpaudit.io/ignore: "`+id)
		if comment != want[0] || annotation != want[1] {
			t.Errorf("%s page: comment form %v, annotation form %v; want %v", id, comment, annotation, want)
		}
	}
	// Rules about suppressions cannot be suppressed.
	page = Rule(contract.MustRule(contract.RuleSuppressionNoReason))
	if strings.Contains(page, "//mpaudit:ignore MPA901") || !strings.Contains(page, "cannot be suppressed") ||
		!strings.Contains(page, "- **Suppressible:** no\n") {
		t.Errorf("MPA901 page:\n%s", page)
	}
	// Off rows are spelled out; non-type rules get no spoke downgrade.
	page = Rule(contract.MustRule(contract.RuleObjectProvisionedOnly))
	if !strings.Contains(page, "| off (not reported) |") || strings.Contains(page, "at most info") {
		t.Errorf("MPA401 page:\n%s", page)
	}
}

func TestEveryRuleHasAPage(t *testing.T) {
	files := Files()
	rules := contract.Rules()
	if len(files) != len(rules)+1 {
		t.Errorf("%d files for %d rules (+ index)", len(files), len(rules))
	}
	index := string(files[IndexFile])
	for _, r := range rules {
		if _, ok := files[r.ID+".md"]; !ok {
			t.Errorf("no page for %s", r.ID)
		}
		if !strings.Contains(index, "| ["+r.ID+"]("+r.ID+".md) | `"+r.Name+"` | "+string(r.Scope)+" | "+r.ReleasedSeverity().String()+" |") {
			t.Errorf("index row for %s missing or wrong", r.ID)
		}
	}
}

func TestInline(t *testing.T) {
	for in, want := range map[string]string{
		"Name the CRD <lowercase plural kind>.<group>.":        "Name the CRD `<lowercase plural kind>`.`<group>`.",
		"from *string to string.":                              "from `*string` to string.",
		"fields from *string.":                                 "fields from `*string`.",
		"keep `Initialization <Kind>Status` and `*bool` as is": "keep `Initialization <Kind>Status` and `*bool` as is",
		"a < b":  `a \< b`,
		"x * y":  "x * y",
		"a | b":  "a | b",
		"plain.": "plain.",
	} {
		if got := inline(in); got != want {
			t.Errorf("inline(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriteRemovesStale(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "MPA999.md")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale page kept: %v", err)
	}
	diffs, err := Diff(dir)
	if err != nil || len(diffs) != 0 {
		t.Errorf("after Write: diffs %v, err %v", diffs, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "MPA101.md"), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if diffs, _ := Diff(dir); len(diffs) != 1 || !strings.HasPrefix(diffs[0], "MPA101.md") {
		t.Errorf("after an edit: diffs %v", diffs)
	}
}

// TestVetFixTableUpToDate fails when docs/vet.md's go fix table is not
// what the catalog's fix metadata renders (run `make docs`).
func TestVetFixTableUpToDate(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(docsDir, "..", "vet.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := WithFixTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(doc) {
		t.Error("docs/vet.md's go fix table is out of date with contract/rules*.go: run `make docs`")
	}
	table := FixTable(contract.Rules())
	for _, id := range []string{contract.RuleReadyOnly, contract.RuleKindReadyOnly, contract.RuleKindFailureFields, contract.RuleKindV1Beta1Shape, contract.RuleKindV1Beta1WriteAlone} {
		if !strings.Contains(table, "| ["+id+"]") {
			t.Errorf("the fix table has no row for %s:\n%s", id, table)
		}
	}
	if strings.Contains(table, "| ["+contract.RuleKindDualReadiness+"]") {
		t.Errorf("the fix table lists %s, which no fixer resolves", contract.RuleKindDualReadiness)
	}
}
