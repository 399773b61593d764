package rewrite

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/internal/importgroups"
	"github.com/mpaudit/mpaudit/report"
)

// applied is the outcome of applying fixes to one file's content.
type applied struct {
	content []byte
	rules   map[string]bool
	// units are the types whose migration the applied fixes belong to.
	units map[string]bool
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
		rules, units := map[string]bool{}, map[string]bool{}
		for _, e := range edits {
			if e.Start < last || e.End > len(src) || e.Start > e.End {
				return nil, nil, fmt.Errorf("%s: edit [%d,%d) out of order or range", file, e.Start, e.End)
			}
			buf.Write(src[last:e.Start])
			buf.WriteString(e.NewText)
			last = e.End
			rules[fixes[e.fix].Rule] = true
			if t := fixes[e.fix].Type; t != "" {
				units[t] = true
			}
		}
		buf.Write(src[last:])
		cleaned, err := dropUnusedImports(file, src, buf.Bytes())
		if err != nil {
			return nil, nil, fmt.Errorf("%s: the rewritten file does not parse: %w", file, err)
		}
		formatted, err := format.Source(cleaned)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: the rewritten file does not parse: %w", file, err)
		}
		out[file] = &applied{content: keepLineEndings(src, formatted), rules: rules, units: units}
	}
	return out, skipped, nil
}

// keepLineEndings gives content the CRLF line ends of old when old uses
// them throughout: gofmt and the generators write LF, and a CRLF file
// should not turn into a diff of every line.
func keepLineEndings(old, content []byte) []byte {
	lf := bytes.Count(old, []byte("\n"))
	if lf == 0 || bytes.Count(old, []byte("\r\n")) != lf {
		return content
	}
	content = bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(content, []byte("\n"), []byte("\r\n"))
}

// dropUnusedImports removes imports an edit left unused (the last
// pointer.String rewritten away), as go fix does. An import is dropped only
// when the original file used its name and the edited one does not, so a
// wrongly guessed package name never removes anything.
func dropUnusedImports(name string, original, src []byte) ([]byte, error) {
	of, err := parser.ParseFile(token.NewFileSet(), name, original, parser.SkipObjectResolution)
	if err != nil {
		return src, nil // the original did not parse; leave imports alone
	}
	usedBefore := importgroups.Selectors(of)
	return importgroups.DropUnused(name, src, func(local, _ string) bool { return usedBefore[local] })
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

// tidyImports drops, from every Go file the rewrite changed, the imports it
// added (absent from the real file) that the file does not use: a
// follow-up that planned code it then left to a person must not leave an
// import that stops the package compiling.
func tidyImports(cs *changeSet) error {
	for path := range cs.files {
		if !strings.HasSuffix(path, ".go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		original, err := os.ReadFile(cs.st.real(path))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		out, err := dropAddedUnused(path, original, src)
		if err != nil || bytes.Equal(out, src) {
			continue // a file that does not parse is for the verification to name
		}
		if _, err := cs.st.writeFile(path, keepLineEndings(src, out)); err != nil {
			return err
		}
	}
	return nil
}

// dropAddedUnused removes the imports of src that original lacks and src
// does not use (by the name the import gives, or its path's last element).
func dropAddedUnused(name string, original, src []byte) ([]byte, error) {
	had := map[string]bool{}
	if of, err := parser.ParseFile(token.NewFileSet(), name, original, parser.ImportsOnly); err == nil {
		for _, spec := range of.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			had[path] = true
		}
	}
	return importgroups.DropUnused(name, src, func(_, path string) bool { return !had[path] })
}
