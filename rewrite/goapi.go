package rewrite

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// goAPIKeptNotes are the lines for a person about the files that keep
// Cluster API's v1beta1 Go API because their move is not mechanical: the
// import findings of the audit rep name each blocker at file:line with
// the migration guide's instruction. Files whose move was tried and
// withheld are in Result.Withheld instead.
func goAPIKeptNotes(rep *report.Report, st *stage) []string {
	if rep == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range rep.Findings {
		if f.Rule != contract.RuleGoAPIImport || f.Position == nil {
			continue
		}
		_, blockers, ok := strings.Cut(f.Message, analyzers.GoAPIKept)
		if !ok {
			continue
		}
		file := filepath.ToSlash(st.rel(f.Position.File))
		if seen[file] {
			continue
		}
		seen[file] = true
		out = append(out, file+" keeps Cluster API's v1beta1 Go API, as its move to v1beta2 is not mechanical; change by hand, then run the rewrite again: "+blockers)
	}
	slices.Sort(out)
	return out
}
