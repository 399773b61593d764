package ruledoc

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// The go fix table of docs/vet.md lies between these lines; `make docs`
// rewrites it from the rules' FixedBy and Fix metadata.
const (
	fixTableBegin = "<!-- BEGIN go fix table: generated from contract/rules*.go by `make docs`; do not edit. -->\n"
	fixTableEnd   = "<!-- END go fix table -->\n"
)

// FixTable renders every rule an automatic fixer resolves: what go fix
// (the findings' SuggestedFixes) does, and whether `mpaudit rewrite` does.
func FixTable(rules []*contract.Rule) string {
	var b strings.Builder
	b.WriteString("| rule | go fix (SuggestedFixes) | `mpaudit rewrite` |\n|---|---|---|\n")
	for _, r := range rules {
		if r.FixedBy == 0 {
			continue
		}
		gofix, rewrite := "none (a person, or `mpaudit rewrite`)", "—"
		switch {
		case r.FixedBy.Has(contract.SuggestedFix) && r.Fix == "":
			gofix = "the use-site fixes that go with the type rules' fixes"
		case r.FixedBy.Has(contract.SuggestedFix):
			gofix = cell(inline(r.Fix))
		}
		if r.FixedBy.Has(contract.Rewrite) {
			rewrite = "yes"
		}
		fmt.Fprintf(&b, "| [%s](rules/%s) `%s` | %s | %s |\n", r.ID, FileName(r), r.Name, gofix, rewrite)
	}
	return b.String()
}

// WithFixTable returns doc with the text between its fix table markers
// replaced by FixTable of the catalog.
func WithFixTable(doc []byte) ([]byte, error) {
	begin := bytes.Index(doc, []byte(fixTableBegin))
	end := bytes.Index(doc, []byte(fixTableEnd))
	if begin < 0 || end < begin {
		return nil, fmt.Errorf("no %q … %q markers", strings.TrimSpace(fixTableBegin), strings.TrimSpace(fixTableEnd))
	}
	var out bytes.Buffer
	out.Write(doc[:begin+len(fixTableBegin)])
	out.WriteString(FixTable(contract.Rules()))
	out.Write(doc[end:])
	return out.Bytes(), nil
}

// WriteFixTable regenerates the fix table of the file at path (docs/vet.md).
func WriteFixTable(path string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := WithFixTable(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if bytes.Equal(out, doc) {
		return nil
	}
	return os.WriteFile(path, out, 0o644)
}
