package rewrite

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/report"
)

// maxWithholdPasses bounds the analyses of the module as it was: each
// pass after the first withholds at least one more type fix, and
// withholding one removes uses, never adds them, so two suffice in practice.
const maxWithholdPasses = 3

// withheldFix is a type fix the rewrite does not make because a use of the
// field it changes would not compile after it and no use-site fix
// rewrites that use.
type withheldFix struct {
	key  analyzers.FieldKey
	kind string
	uses []string // "file:line (`text`)", module-relative, sorted
}

// withhold adds to w the fields whose type fix breaks a use in blocked, and
// reports whether it added one. Positions are named relative to the
// module root of the staged copy st.
func withhold(w map[analyzers.FieldKey]*withheldFix, blocked []report.Finding, st *stage) bool {
	added := false
	seen := map[string]bool{}
	for _, f := range blocked {
		key := analyzers.FieldKey{Type: f.Type, Field: f.Field}
		at := f.Message
		if f.Position != nil {
			rel, err := filepath.Rel(st.dir, f.Position.File)
			if err != nil {
				rel = f.Position.File
			}
			at = fmt.Sprintf("%s:%d (%s)", filepath.ToSlash(rel), f.Position.Line, f.Message)
		}
		// A package and its test variant report the same use.
		if seen[key.Type+" "+key.Field+" "+at] {
			continue
		}
		seen[key.Type+" "+key.Field+" "+at] = true
		wf := w[key]
		if wf == nil {
			wf = &withheldFix{key: key, kind: f.Kind}
			w[key] = wf
			added = true
		}
		wf.uses = append(wf.uses, at)
	}
	for _, wf := range w {
		sort.Strings(wf.uses)
	}
	return added
}

// why is the reason a withheld fix's finding gives.
func (wf *withheldFix) why() string {
	s := "the use at " + wf.uses[0]
	if n := len(wf.uses) - 1; n > 0 {
		s += fmt.Sprintf(" and %d more", n)
	}
	return s + " would not compile (or would mean something else) after it, and no fix rewrites it"
}

// manual is the line for a person.
func (wf *withheldFix) manual() string {
	return fmt.Sprintf("%s %s keeps its v1beta1 shape: no fix rewrites its use at %s; change %s by hand, then run the rewrite again",
		wf.kind, wf.key.Field, strings.Join(wf.uses, ", "), map[bool]string{true: "them", false: "it"}[len(wf.uses) > 1])
}

// withholdSettings is w as analyzer settings.
func withholdSettings(w map[analyzers.FieldKey]*withheldFix) map[analyzers.FieldKey]string {
	if len(w) == 0 {
		return nil
	}
	out := map[analyzers.FieldKey]string{}
	for k, wf := range w {
		out[k] = wf.why()
	}
	return out
}

// withheldNotes lists w for a person, in a stable order.
func withheldNotes(w map[analyzers.FieldKey]*withheldFix) []string {
	var out []string
	for _, wf := range w {
		out = append(out, wf.manual())
	}
	sort.Strings(out)
	return out
}
