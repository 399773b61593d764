package rewrite

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

// applied is the outcome of applying fixes to one file's content.
type applied struct {
	content []byte
	rules   map[string]bool
}

// applyFixes applies every fix whose edits do not overlap an earlier fix.
// Identical edits (the same import added twice) are applied once. Fixes
// that conflict are returned as skipped.
func applyFixes(read func(string) ([]byte, error), fixes []driver.Fix) (map[string]*applied, []driver.Fix, error) {
	type placed struct {
		report.Edit
		fix int
	}
	byFile := map[string][]placed{}
	var skipped []driver.Fix
	accepted := map[int]bool{}
	for i, fx := range fixes {
		ok := true
		for _, e := range fx.Edits {
			for _, p := range byFile[e.File] {
				if sameEdit(p.Edit, e) {
					continue
				}
				if overlaps(p.Edit, e) {
					ok = false
				}
			}
		}
		if !ok {
			skipped = append(skipped, fx)
			continue
		}
		accepted[i] = true
		for _, e := range fx.Edits {
			dup := false
			for _, p := range byFile[e.File] {
				if sameEdit(p.Edit, e) {
					dup = true
				}
			}
			if !dup {
				byFile[e.File] = append(byFile[e.File], placed{e, i})
			}
		}
	}
	out := map[string]*applied{}
	for file, edits := range byFile {
		src, err := read(file)
		if err != nil {
			return nil, nil, err
		}
		sort.SliceStable(edits, func(i, j int) bool {
			if edits[i].Start != edits[j].Start {
				return edits[i].Start < edits[j].Start
			}
			return edits[i].fix < edits[j].fix
		})
		var buf bytes.Buffer
		last := 0
		rules := map[string]bool{}
		for _, e := range edits {
			if e.Start < last || e.End > len(src) || e.Start > e.End {
				return nil, nil, fmt.Errorf("%s: edit [%d,%d) out of order or range", file, e.Start, e.End)
			}
			buf.Write(src[last:e.Start])
			buf.WriteString(e.NewText)
			last = e.End
			rules[fixes[e.fix].Rule] = true
		}
		buf.Write(src[last:])
		formatted, err := format.Source(buf.Bytes())
		if err != nil {
			return nil, nil, fmt.Errorf("%s: the rewritten file does not parse: %w", file, err)
		}
		out[file] = &applied{content: formatted, rules: rules}
	}
	return out, skipped, nil
}

func sameEdit(a, b report.Edit) bool {
	return a.File == b.File && a.Start == b.Start && a.End == b.End && a.NewText == b.NewText
}

// overlaps reports edits that touch the same bytes; two insertions at one
// offset also conflict, since their order would be a guess.
func overlaps(a, b report.Edit) bool {
	if a.File != b.File {
		return false
	}
	if a.Start == a.End && b.Start == b.End {
		return a.Start == b.Start
	}
	return a.Start < b.End && b.Start < a.End
}
