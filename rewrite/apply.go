package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/mpaudit/mpaudit/analyzers/driver"
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
	usedBefore, err := selectorNames(name, original)
	if err != nil {
		return src, nil // the original did not parse; leave imports alone
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	usedAfter := selectorNamesOf(f)
	type drop struct{ name, path string }
	var drops []drop
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		local := guessName(path)
		if spec.Name != nil {
			local = spec.Name.Name
		}
		if local == "_" || local == "." {
			continue
		}
		if usedBefore[local] && !usedAfter[local] {
			drops = append(drops, drop{nameOrEmpty(spec), path})
		}
	}
	if len(drops) == 0 {
		return src, nil
	}
	for _, d := range drops {
		astutil.DeleteNamedImport(fset, f, d.name, d.path)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func selectorNames(name string, src []byte) (map[string]bool, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	return selectorNamesOf(f), nil
}

// selectorNamesOf lists identifiers used as x in x.Sel.
func selectorNamesOf(f *ast.File) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

func nameOrEmpty(spec *ast.ImportSpec) string {
	if spec.Name == nil {
		return ""
	}
	return spec.Name.Name
}

// guessName is the package name an unnamed import is referred to by: the
// last path element without a version suffix or a go- prefix.
func guessName(path string) string {
	parts := strings.Split(path, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = parts[len(parts)-2]
	}
	name = strings.TrimPrefix(name, "go-")
	return strings.ReplaceAll(strings.ReplaceAll(name, "-", "_"), ".", "_")
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
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := selectorNamesOf(f)
	dropped := false
	for _, spec := range slices.Clone(f.Imports) {
		path, _ := strconv.Unquote(spec.Path.Value)
		local := guessName(path)
		if spec.Name != nil {
			local = spec.Name.Name
		}
		if had[path] || local == "_" || local == "." || used[local] {
			continue
		}
		dropped = astutil.DeleteNamedImport(fset, f, nameOrEmpty(spec), path) || dropped
	}
	if !dropped {
		return src, nil
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
