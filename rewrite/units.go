package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

// A unit is one type's migration: its type fixes, the use-site fixes that
// follow them (tests included), and what is regenerated from them
// (deepcopy, conversions, CRD schema, label). When the verification of the
// rewrite fails, the units whose changes the failure is in are withheld
// and the rest is rewritten and verified again, instead of discarding the
// whole run.

// WithheldUnit is a type whose migration the rewrite left out because the
// result did not verify with it.
type WithheldUnit struct {
	// Type is the package-qualified Go type.
	Type string
	// Reason says what failed, at file:line (module-relative), or which
	// test.
	Reason string
	// Output is the end of a failing test's output.
	Output string
	// Fields, when set, are the only fixes withheld: the type's *string →
	// string changes, the lossy part of a migration a round-trip test
	// fails on (a pointer to "" comes back nil), tried before the whole type.
	Fields []string
}

func (u WithheldUnit) String() string {
	if pkg, names, ok := analyzers.GoAPIFileNames(u.Type); ok {
		// The files of one unit move together: each keeps v1beta1.
		var lines []string
		for _, name := range names {
			lines = append(lines, fmt.Sprintf("%s/%s keeps Cluster API's v1beta1 Go API: with its move to v1beta2 %s", pkg, name, u.Reason))
		}
		return strings.Join(lines, "\n")
	}
	if path, ok := schemeDropPath(u.Type); ok {
		return fmt.Sprintf("the registration of %s in the scheme stays: without it %s", path, u.Reason)
	}
	if len(u.Fields) > 0 {
		return fmt.Sprintf("%s keeps %s as *string: with that change %s", shortType(u.Type), strings.Join(u.Fields, ", "), u.Reason)
	}
	return fmt.Sprintf("%s was not migrated: with its migration %s", shortType(u.Type), u.Reason)
}

// shortType is a package-qualified type as its package name and type name.
func shortType(t string) string {
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		return t[i+1:]
	}
	return t
}

// unitFiles records, by canonical staged path, the units whose fixes
// changed the file.
type unitFiles map[string]map[string]bool

func (u unitFiles) add(path string, units map[string]bool) {
	if len(units) == 0 {
		return
	}
	if u[path] == nil {
		u[path] = map[string]bool{}
	}
	maps.Copy(u[path], units)
}

// unitNames records, by unit, the names its fixes edit in the type's own
// package: a failure at a use names one of them, which tells that unit
// from the others whose changes the failing package imports. Type names
// (the unit's own, the type declarations its edits are in or add) tell
// it better than field names, which several kinds share.
type unitNames struct {
	types, fields map[string]map[string]bool
	// edits are the units that make each declaration edit: units that
	// make the same one need each other (a field of a struct two kinds
	// share), so they are withheld together.
	edits map[editKey]map[string]bool
}

type editKey struct {
	file       string
	start, end int
	text       string
}

func newUnitNames() unitNames {
	return unitNames{types: map[string]map[string]bool{}, fields: map[string]map[string]bool{}, edits: map[editKey]map[string]bool{}}
}

// partners are the units that make one of the declaration edits unit makes.
func (u unitNames) partners(unit string) map[string]bool {
	out := map[string]bool{}
	for _, units := range u.edits {
		if units[unit] {
			maps.Copy(out, units)
		}
	}
	delete(out, unit)
	return out
}

// importLine matches a line of an edit that only adds an import, which
// units that are otherwise apart share.
var importLine = regexp.MustCompile(`^(import\s*\(?|\(|\)|(import\s+)?([\w.]+\s+)?"[^"]*")?$`)

func importOnly(text string) bool {
	if !strings.Contains(text, `"`) {
		return false // a deletion or a declaration
	}
	for line := range strings.SplitSeq(text, "\n") {
		if !importLine.MatchString(strings.TrimSpace(line)) {
			return false
		}
	}
	return true
}

// addFixes records the names fixes edit. module is the module path; read
// gives a file's content before the fixes.
func (u unitNames) addFixes(st *stage, module string, fixes []driver.Fix, read func(string) ([]byte, error)) {
	parsed := map[string]*ast.File{}
	fset := token.NewFileSet()
	for _, fx := range fixes {
		if _, ok := analyzers.GoAPIFile(fx.Type); ok {
			u.addGoAPIFile(fx, read)
			continue
		}
		pkg, name, ok := cutType(fx.Type)
		if !ok {
			continue
		}
		add(u.types, fx.Type, name)
		rel, ok := strings.CutPrefix(pkg, module)
		if !ok || (rel != "" && rel[0] != '/') {
			continue // declared outside the module: nothing of it is edited
		}
		dir := filepath.Join(st.dir, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
		for _, e := range fx.Edits {
			if filepath.Dir(e.File) != dir || strings.HasSuffix(e.File, "_test.go") {
				continue
			}
			src, err := read(e.File)
			if err != nil || e.Start > len(src) || e.End > len(src) {
				continue
			}
			if !importOnly(e.NewText) {
				k := editKey{e.File, e.Start, e.End, e.NewText}
				if u.edits[k] == nil {
					u.edits[k] = map[string]bool{}
				}
				u.edits[k][fx.Type] = true
			}
			from := bytes.LastIndexByte(src[:e.Start], '\n') + 1
			to := e.End
			if i := bytes.IndexByte(src[to:], '\n'); i >= 0 {
				to += i
			} else {
				to = len(src)
			}
			for n := range identifiers(src[from:to]) {
				add(u.fields, fx.Type, n)
			}
			types, fields := declaredNames([]byte(e.NewText))
			for _, n := range types {
				add(u.types, fx.Type, n)
			}
			for _, n := range fields {
				add(u.fields, fx.Type, n)
			}
			f, ok := parsed[e.File]
			if !ok {
				f, _ = parser.ParseFile(fset, e.File, src, parser.SkipObjectResolution)
				parsed[e.File] = f
			}
			if n := enclosingType(fset, f, e.Start); n != "" {
				add(u.types, fx.Type, n)
			}
		}
	}
}

func add(m map[string]map[string]bool, key, name string) {
	if m[key] == nil {
		m[key] = map[string]bool{}
	}
	m[key][name] = true
}

// declaredNames splits the identifiers of an edit's new text into the
// names of the types it declares and the rest.
func declaredNames(src []byte) (types, rest []string) {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	afterType := false
	for {
		_, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return types, rest
		case tok == token.IDENT && afterType:
			types = append(types, lit)
		case tok == token.IDENT && !predeclared(lit):
			rest = append(rest, lit)
		}
		afterType = tok == token.TYPE
	}
}

// enclosingType names the type declaration around offset in f.
func enclosingType(fset *token.FileSet, f *ast.File, offset int) string {
	if f == nil {
		return ""
	}
	tf := fset.File(f.Pos())
	if tf == nil || offset > tf.Size() {
		return ""
	}
	pos := tf.Pos(offset)
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE || pos < gd.Pos() || pos > gd.End() {
			continue
		}
		for _, spec := range gd.Specs {
			if ts := spec.(*ast.TypeSpec); pos >= ts.Pos() && pos <= ts.End() {
				return ts.Name.Name
			}
		}
	}
	return ""
}

func predeclared(name string) bool { return types.Universe.Lookup(name) != nil || name == "_" }

// cutType splits a package-qualified type name.
func cutType(t string) (pkg, name string, ok bool) {
	i := strings.LastIndexByte(t, '.')
	if i <= 0 || i < strings.LastIndexByte(t, '/') {
		return "", "", false
	}
	return t[:i], t[i+1:], true
}

// identifiers are the identifiers of src that are not predeclared.
func identifiers(src []byte) map[string]bool {
	out := map[string]bool{}
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.IDENT && !predeclared(lit) {
			out[lit] = true
		}
	}
}

// narrow keeps the candidates whose type names src uses, else (unless
// typeOnly) those whose field names it uses; ok is false when it uses none.
func (u unitNames) narrow(candidates map[string]bool, src []byte, typeOnly bool) (map[string]bool, bool) {
	used := identifiers(src)
	tiers := []map[string]map[string]bool{u.types}
	if !typeOnly {
		tiers = append(tiers, u.fields)
	}
	for _, names := range tiers {
		out := map[string]bool{}
		for t := range candidates {
			for name := range names[t] {
				if used[name] {
					out[t] = true
				}
			}
		}
		if len(out) > 0 {
			return out, true
		}
	}
	return nil, false
}

// lineOf is line n (1-based) of the file at path, nil if there is none.
func lineOf(path string, n int) []byte {
	data, err := os.ReadFile(path)
	if err != nil || n < 1 {
		return nil
	}
	lines := bytes.Split(data, []byte("\n"))
	if n > len(lines) {
		return nil
	}
	return lines[n-1]
}

// unitSettings are the analyzer settings that withhold the fields in
// fields and every fix of the units.
func unitSettings(fields map[analyzers.FieldKey]*withheldFix, units []WithheldUnit, kept map[analyzers.FieldKey]string) map[analyzers.FieldKey]string {
	out := withholdSettings(fields)
	if (len(units) > 0 || len(kept) > 0) && out == nil {
		out = map[analyzers.FieldKey]string{}
	}
	maps.Copy(out, kept)
	for _, u := range units {
		if len(u.Fields) > 0 {
			for _, f := range u.Fields {
				out[analyzers.FieldKey{Type: u.Type, Field: f}] = "with it " + u.Reason
			}
			continue
		}
		out[analyzers.UnitKey(u.Type)] = "with it " + u.Reason
	}
	return out
}

// maxReasonLen bounds the compiler message a reason quotes.
const maxReasonLen = 200

// errorPos matches the file:line[:col]: message lines of the compiler,
// go vet and the go command.
var errorPos = regexp.MustCompile(`(?m)^(?:vet: )?((?:[A-Za-z]:)?[^\s:]+\.go):(\d+)(?::\d+)?: (.*)$`)

// blame names the units a failed verification is in: output is the failing
// command's, run in the staged copy (its positions relative to the copy's
// root, or absolute). A position in a file some units' fixes changed
// blames those units; one in another file blames every unit whose fixes
// changed the package it is in or a package of the module it imports
// (tests' imports included). what names the command for the reason.
func blame(graph *packageGraph, cs *changeSet, what, output, before string) map[string]WithheldUnit {
	st, files, names := cs.st, cs.units, cs.names
	type diag struct {
		file, line, msg string
	}
	old := map[diag]bool{}
	for _, m := range errorPos.FindAllStringSubmatch(before, -1) {
		old[diag{filepath.ToSlash(filepath.Clean(m[1])), m[2], m[3]}] = true
	}
	out := map[string]WithheldUnit{}
	var pkgs []listedPackage
	listed := false
	for _, m := range errorPos.FindAllStringSubmatch(output, -1) {
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(st.dir, file)
		}
		canon, err := st.canonical(file)
		if err != nil {
			continue
		}
		if rel := st.rel(canon); old[diag{filepath.ToSlash(rel), m[2], m[3]}] {
			continue // reported on the original tree too
		}
		line, _ := strconv.Atoi(m[2])
		msg := m[3]
		if len(msg) > maxReasonLen {
			msg = msg[:maxReasonLen] + "…"
		}
		reason := fmt.Sprintf("%s fails at %s:%d: %s", what, filepath.ToSlash(st.rel(canon)), line, msg)
		if !listed {
			pkgs, _ = graph.list()
			listed = true
		}
		// The units that changed the file or what it imports, narrowed to
		// those whose fields or type the failing line names; else those
		// that changed the file; else those whose type the file names;
		// else all of them.
		candidates := importedUnits(pkgs, files, filepath.Dir(canon))
		maps.Copy(candidates, files[canon])
		// The compiler's message names the types it expected, too.
		units, ok := names.narrow(candidates, slices.Concat(lineOf(canon, line), []byte("\n"+m[3])), false)
		switch {
		case ok:
		case len(files[canon]) > 0:
			units = files[canon]
		default:
			// A line that names none (an import): the units whose type the
			// file names, as a conversion file names those it converts.
			data, _ := os.ReadFile(canon)
			if units, ok = names.narrow(candidates, data, true); !ok {
				units = candidates
			}
		}
		for t := range units {
			if _, ok := out[t]; !ok {
				out[t] = WithheldUnit{Type: t, Reason: reason}
			}
		}
	}
	names.withPartners(out)
	return out
}

// withPartners adds to blamed the units that make a change a blamed unit
// makes too: withholding one alone would leave the change.
func (u unitNames) withPartners(blamed map[string]WithheldUnit) {
	for t, w := range maps.Clone(blamed) {
		for p := range u.partners(t) {
			if _, ok := blamed[p]; !ok {
				blamed[p] = WithheldUnit{Type: p, Reason: w.Reason + " (a change it shares with " + shortType(t) + ")", Output: w.Output}
			}
		}
	}
}

// onlyPreexisting reports whether every position output reports is one
// before reports too.
func onlyPreexisting(output, before string) bool {
	old := map[string]bool{}
	for _, m := range errorPos.FindAllStringSubmatch(before, -1) {
		old[m[1]+":"+m[2]+": "+m[3]] = true
	}
	found := false
	for _, m := range errorPos.FindAllStringSubmatch(output, -1) {
		if !old[m[1]+":"+m[2]+": "+m[3]] {
			return false
		}
		found = true
	}
	return found
}

// importedUnits are the units whose fixes changed the package in dir or a
// package it, or its tests, import.
func importedUnits(pkgs []listedPackage, files unitFiles, dir string) map[string]bool {
	byPath := map[string]string{} // import path -> dir
	var in *listedPackage
	for i, p := range pkgs {
		byPath[p.ImportPath] = p.Dir
		if p.Dir == dir {
			in = &pkgs[i]
		}
	}
	dirs := map[string]bool{dir: true}
	if in != nil {
		for _, d := range slices.Concat(in.Deps, in.TestImports, in.XTestImports) {
			if pd, ok := byPath[d]; ok {
				dirs[pd] = true
			}
		}
	}
	out := map[string]bool{}
	for path, units := range files {
		if dirs[filepath.Dir(path)] {
			maps.Copy(out, units)
		}
	}
	return out
}

// withheldList sorts units.
func withheldList(units map[string]WithheldUnit) []WithheldUnit {
	var out []WithheldUnit
	for _, u := range units {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

// shapeUnits are the blamed units a failing test (one with output) may
// owe to their *string → string changes alone, as units withholding only
// those fields; none when a build failed or every such unit was tried.
func shapeUnits(rep *report.Report, blamed, withheld []WithheldUnit) []WithheldUnit {
	var out []WithheldUnit
	for _, u := range blamed {
		if u.Output == "" || slices.ContainsFunc(withheld, func(w WithheldUnit) bool { return w.Type == u.Type }) {
			continue
		}
		if fields := stringShapeFields(rep, u.Type); len(fields) > 0 {
			u.Fields = fields
			out = append(out, u)
		}
	}
	return out
}

// stringShapeFields are the fields of storage type typ whose *string →
// string fix the audit rep offered (MPA126 on a StringShape point).
func stringShapeFields(rep *report.Report, typ string) []string {
	if rep == nil {
		return nil
	}
	kind := contractKinds(rep)[typ]
	var out []string
	for _, f := range rep.Findings {
		if f.Type == typ && !f.Spoke && !slices.Contains(out, f.Field) && isStringShape(f, kind) {
			out = append(out, f.Field)
		}
	}
	sort.Strings(out)
	return out
}
