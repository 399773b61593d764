package contractdoc

import (
	"fmt"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// MustsFile is the page of docs/contract that lists every MUST of the contract pages.
const MustsFile = "MUSTS.md"

// mustChecks are the values of contract.MustCheck in the order the page explains them.
var mustChecks = []struct {
	check contract.MustCheck
	means string
}{
	{contract.MustChecked, "the rules check it"},
	{contract.MustPartly, "the rules check part of it; the last column says what is left"},
	{contract.MustNotYet, "checkable from types, CRDs or release files, but no rule checks it yet"},
	{contract.MustUncheckable, "behaviour at runtime, design or process, which no look at types, CRDs or objects can judge"},
}

// Musts renders contract.Musts: per contract page, each MUST with the rules
// that check it, or why none can. It ends with a newline.
func Musts() string {
	var b strings.Builder
	b.WriteString("# Every MUST of the contract, and what checks it\n\n")
	b.WriteString(generatedNote + "\n")
	b.WriteString("Each MUST (and MUST NOT) of Cluster API's contract pages (`docs/book/src/developer/providers/contracts/*.md` " +
		"at v1.14.0: the five kind pages and the clusterctl page), with the mpaudit rules that check it, or why none can. " +
		"The list is data in `contract/musts.go`; a test checks that every rule it names exists and judges the kind.\n\n")
	b.WriteString("| Checked | Meaning |\n|---|---|\n")
	for _, c := range mustChecks {
		fmt.Fprintf(&b, "| %s | %s |\n", c.check, c.means)
	}
	b.WriteString("\n| Page | MUSTs |")
	for _, c := range mustChecks {
		fmt.Fprintf(&b, " %s |", c.check)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(mustChecks)) + "\n")
	for _, p := range contract.MustPages {
		counts := map[contract.MustCheck]int{}
		n := 0
		for _, m := range contract.Musts {
			if m.Page == p.Name {
				counts[m.Check]++
				n++
			}
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %d |", p.Name, anchor(p.Name), n)
		for _, c := range mustChecks {
			fmt.Fprintf(&b, " %d |", counts[c.check])
		}
		b.WriteString("\n")
	}
	for _, p := range contract.MustPages {
		fmt.Fprintf(&b, "\n## %s\n\n<%s>\n\n", p.Name, p.URL)
		b.WriteString("| Section | MUST | Checked | Rules | What is left, or why no rule |\n|---|---|---|---|---|\n")
		for _, m := range contract.Musts {
			if m.Page != p.Name {
				continue
			}
			rules := make([]string, len(m.Rules))
			for i, id := range m.Rules {
				rules[i] = fmt.Sprintf("[%s](../rules/%s.md)", id, id)
			}
			cell := strings.Join(rules, ", ")
			if cell == "" {
				cell = "—"
			}
			fmt.Fprintf(&b, "| [%s](%s#%s) | %s | %s | %s | %s |\n", m.Section, p.URL, anchor(m.Section), m.Text, m.Check, cell, m.Why)
		}
	}
	return b.String()
}
