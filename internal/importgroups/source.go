package importgroups

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Name is the name an import spec gives its package: "" when it gives
// none (the package's own name), else the alias, "_" or ".".
func Name(spec *ast.ImportSpec) string {
	if spec.Name == nil {
		return ""
	}
	return spec.Name.Name
}

// GuessName is the name an unnamed import of path is referred to by when
// the package is not loaded: the last path element without a major
// version suffix or a go- prefix, as an identifier.
func GuessName(path string) string {
	parts := strings.Split(path, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = parts[len(parts)-2]
	}
	name = strings.TrimPrefix(name, "go-")
	return strings.ReplaceAll(strings.ReplaceAll(name, "-", "_"), ".", "_")
}

// IsStd reports whether path looks like a standard library path: no dot in
// its first element.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// FreshName is the first of candidates that taken does not hold, else the
// first candidate with a number appended, the numbers counted from from.
func FreshName(taken func(string) bool, from int, candidates ...string) string {
	for _, c := range candidates {
		if !taken(c) {
			return c
		}
	}
	for i := from; ; i++ {
		for _, c := range candidates {
			if n := c + strconv.Itoa(i); !taken(n) {
				return n
			}
		}
	}
}

// Selectors lists the identifiers f uses as x in x.Sel: the names its
// imports are referred to by, among others.
func Selectors(f *ast.File) map[string]bool {
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

// ImportsAs reports whether f imports path under the name local ("" for
// the package's own).
func ImportsAs(f *ast.File, local, path string) bool {
	for _, s := range f.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == path && Name(s) == local {
			return true
		}
	}
	return false
}

// Add adds the imports (path -> local name) to the Go file name holds src
// of, each in the import group its kind or gci section belongs to (Place),
// and formats the file. An import whose name src does not use is not
// added (Go rejects an unused import), nor one src already has.
func Add(name string, src []byte, add map[string]string) ([]byte, error) {
	if len(add) == 0 {
		return src, nil
	}
	parsed, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := Selectors(parsed)
	// A configuration that does not read leaves the groups inferred.
	rules, _ := For(filepath.Dir(name))
	if len(parsed.Imports) == 0 {
		return addBlock(src, parsed, rules, add, used)
	}
	paths := make([]string, 0, len(add))
	for p := range add {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, path := range paths {
		local := add[path]
		if !used[local] {
			continue
		}
		if local == GuessName(path) {
			local = ""
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if ImportsAs(f, local, path) {
			continue
		}
		if e, ok := rules.Place(fset, f, local, path); ok {
			at := fset.Position(e.Pos).Offset
			src = slices.Concat(src[:at:at], []byte(e.Text), src[at:])
			continue
		}
		astutil.AddNamedImport(fset, f, local, path)
		var b bytes.Buffer
		if err := format.Node(&b, fset, f); err != nil {
			return nil, err
		}
		src = b.Bytes()
	}
	return format.Source(src)
}

// addBlock is Add on a file without imports: one declaration after the
// package clause, grouped by the configuration's sections, else standard,
// third-party and the module's own packages apart.
func addBlock(src []byte, f *ast.File, rules Rules, add map[string]string, used map[string]bool) ([]byte, error) {
	groups := map[int][]string{}
	for path, local := range add {
		if !used[local] {
			continue
		}
		if local == GuessName(path) {
			local = ""
		}
		class := rules.kind(path)
		if len(rules.Sections) > 0 {
			class = rules.section(local, path)
		}
		line := strconv.Quote(path)
		if local != "" {
			line = local + " " + line
		}
		groups[class] = append(groups[class], line)
	}
	if len(groups) == 0 {
		return src, nil
	}
	at := int(f.Name.End() - f.FileStart) // after the package clause
	if len(groups) == 1 && len(slices.Collect(maps.Values(groups))[0]) == 1 {
		line := slices.Collect(maps.Values(groups))[0][0]
		return format.Source(slices.Concat(src[:at:at], []byte("\n\nimport "+line+"\n"), src[at:]))
	}
	var b strings.Builder
	b.WriteString("\n\nimport (\n")
	for i, class := range slices.Sorted(maps.Keys(groups)) {
		if i > 0 {
			b.WriteString("\n")
		}
		lines := groups[class]
		slices.SortFunc(lines, func(x, y string) int { return strings.Compare(unquotedPath(x), unquotedPath(y)) })
		for _, l := range lines {
			b.WriteString("\t" + l + "\n")
		}
	}
	b.WriteString(")\n")
	return format.Source(slices.Concat(src[:at:at], []byte(b.String()), src[at:]))
}

// unquotedPath is the path of an import line (name "path" or "path").
func unquotedPath(line string) string {
	_, q, ok := strings.Cut(line, " ")
	if !ok {
		q = line
	}
	p, _ := strconv.Unquote(q)
	return p
}

// DropUnused removes from the Go file name holds src of the imports that
// src does not use and that drop accepts, given the name the file refers
// to the import by (the name the import gives, or GuessName of its path)
// and its path; blank and dot imports stay. src comes back as it was when
// nothing is dropped, else formatted.
func DropUnused(name string, src []byte, drop func(local, path string) bool) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := Selectors(f)
	dropped := false
	for _, spec := range slices.Clone(f.Imports) {
		path, _ := strconv.Unquote(spec.Path.Value)
		local := Name(spec)
		if local == "" {
			local = GuessName(path)
			// k8s.io/api/core/v1 is package v1: a last element that looks
			// like a major version may be the name.
			if last := path[strings.LastIndex(path, "/")+1:]; used[last] {
				continue
			}
		}
		if local == "_" || local == "." || used[local] || !drop(local, path) {
			continue
		}
		dropped = astutil.DeleteNamedImport(fset, f, Name(spec), path) || dropped
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
