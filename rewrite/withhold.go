package rewrite

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
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
// field it changes would not compile, or would mean something else, after
// it and no use-site fix rewrites that use.
type withheldFix struct {
	key  analyzers.FieldKey
	kind string
	uses []blockedUse // sorted by file and line
	// spoke names the conversion spoke that keeps the field as *string
	// when that, not a use, withholds the fix (spokePointerBlocks).
	spoke string
}

// blockedUse is one use no fix rewrites: its module-relative file, line
// and source text.
type blockedUse struct {
	file string
	line int
	text string
}

func (u blockedUse) String() string {
	if u.file == "" {
		return u.text
	}
	return fmt.Sprintf("%s:%d (%s)", u.file, u.line, u.text)
}

// withhold adds to w the fields whose type fix breaks a use in blocked, and
// reports whether it added one. Positions are named relative to the
// module root of the staged copy st.
func withhold(w map[analyzers.FieldKey]*withheldFix, blocked []report.Finding, st *stage) bool {
	added := false
	for _, f := range blocked {
		key := analyzers.FieldKey{Type: f.Type, Field: f.Field}
		u := blockedUse{text: f.Message}
		if f.Position != nil {
			u.file, u.line = filepath.ToSlash(st.rel(f.Position.File)), f.Position.Line
		}
		wf := w[key]
		if wf == nil {
			wf = &withheldFix{key: key, kind: f.Kind}
			w[key] = wf
			added = true
		}
		// A package and its test variant report the same use.
		if !slices.Contains(wf.uses, u) {
			wf.uses = append(wf.uses, u)
		}
	}
	for _, wf := range w {
		slices.SortFunc(wf.uses, func(a, b blockedUse) int {
			return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), strings.Compare(a.text, b.text))
		})
	}
	return added
}

// why is the reason a withheld fix's finding gives.
func (wf *withheldFix) why() string {
	if wf.spoke != "" {
		return spokeReason(wf.spoke)
	}
	s := "the use at " + wf.uses[0].String()
	if n := len(wf.uses) - 1; n > 0 {
		s += fmt.Sprintf(" and %d more", n)
	}
	return s + " would not compile (or would mean something else) after it, and no fix rewrites it"
}

// maxUsesNamed bounds the uses one line for a person names (a test file
// can assert on a field dozens of times).
const maxUsesNamed = 5

// manual is the line for a person.
func (wf *withheldFix) manual() string {
	if wf.spoke != "" {
		return fmt.Sprintf("%s %s keeps its *string shape: %s; core reads both shapes, so make it a string once that version is no longer served (or its round trip tests tolerate it)",
			wf.kind, wf.key.Field, spokeReason(wf.spoke))
	}
	var named []string
	var files []string
	for i, u := range wf.uses {
		if i < maxUsesNamed {
			named = append(named, u.String())
		} else if !slices.Contains(files, u.file) {
			files = append(files, u.file)
		}
	}
	uses := strings.Join(named, ", ")
	if n := len(wf.uses) - maxUsesNamed; n > 0 {
		uses += fmt.Sprintf(" and %d more in %s", n, strings.Join(files, ", "))
	}
	return fmt.Sprintf("%s %s keeps its v1beta1 shape: no fix rewrites its use at %s; change %s by hand, then run the rewrite again",
		wf.kind, wf.key.Field, uses, map[bool]string{true: "them", false: "it"}[len(wf.uses) > 1])
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
