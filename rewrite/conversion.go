package rewrite

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/convgen"
	"github.com/mpaudit/mpaudit/internal/genconfig"
	"github.com/mpaudit/mpaudit/internal/gentool"
	"github.com/mpaudit/mpaudit/internal/importgroups"
	"github.com/mpaudit/mpaudit/report"
)

// conversionPackage is an API package whose conversions conversion-gen makes.
type conversionPackage struct {
	dir, importPath string
	rel             string   // dir relative to the module root, slash-separated
	peers           []string // import paths named by +k8s:conversion-gen
}

// generatedConstraint is the build constraint gengo writes: the negated
// --build-tag.
var generatedConstraint = regexp.MustCompile(`(?m)^//go:build !([A-Za-z0-9_.]+)\s*$`)

var conversionTag = regexp.MustCompile(`(?m)^//\s*\+k8s:conversion-gen=([^\s]+)\s*$`)

// conversionRun is the conversion-gen work of one rewrite: the packages
// whose generated file is regenerated and their files as they were.
type conversionRun struct {
	targets []conversionPackage
	before  map[string][]byte
	pkgs    []convgen.Package
	peers   []string
	// flags are the provider's conversion-gen settings used for each package.
	flags []genconfig.ConversionGen
	// run is how conversion-gen runs: the pinned binary or the library.
	run *gentool.Choice
}

// planConversions picks every package whose zz_generated.conversion.go
// conversion-gen made and whose types or peer types the rewrite changed;
// nil when there is none.
func planConversions(st *stage, changed fileChanges, cfg *genconfig.Config) (*conversionRun, error) {
	dirs, _ := changedDirs(changed)
	run := &conversionRun{before: map[string][]byte{}}
	mods, err := st.buildListModules()
	if err != nil {
		return nil, err
	}
	for _, mod := range mods {
		all, err := findConversionPackages(mod.Dir, mod.Path)
		if err != nil {
			return nil, err
		}
		for _, cp := range all {
			touched := dirs[cp.dir]
			for _, peer := range cp.peers {
				for _, m := range mods {
					if rel, ok := strings.CutPrefix(peer, m.Path+"/"); ok && dirs[filepath.Join(m.Dir, filepath.FromSlash(rel))] {
						touched = true
					}
				}
			}
			if touched {
				run.targets = append(run.targets, cp)
			}
		}
	}
	if len(run.targets) == 0 {
		return nil, nil
	}
	for _, cp := range run.targets {
		path := filepath.Join(cp.dir, convgen.File)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		run.before[path] = data
		header, err := existingHeader(path)
		if err != nil {
			return nil, err
		}
		// The provider's settings name packages from the root module,
		// whichever staged module holds this one.
		rel := cp.rel
		if r, err := filepath.Rel(st.dir, cp.dir); err == nil {
			rel = filepath.ToSlash(r)
		}
		flags := cfg.Conversion(rel)
		if flags.BuildTag.Default {
			// No Makefile says: the file conversion-gen made last time does.
			if sm := generatedConstraint.FindSubmatch(data); sm != nil {
				flags.BuildTag = genconfig.Setting{Value: string(sm[1]), From: rel + "/" + convgen.File}
			}
		}
		pkg := convgen.Package{
			ImportPath: cp.importPath, Dir: cp.dir, Header: header, BuildTag: flags.BuildTag.Value,
			ExtraPeerDirs: flags.ExtraPeerDirs, GeneratedBy: convgen.GeneratedByLine(data),
		}
		if h := flags.HeaderFile.Value; h != "" {
			if _, err := os.Stat(filepath.Join(st.dir, filepath.FromSlash(h))); err == nil {
				pkg.HeaderFile = filepath.Join(st.dir, filepath.FromSlash(h))
			}
		}
		run.pkgs = append(run.pkgs, pkg)
		run.flags = append(run.flags, flags)
		run.peers = append(run.peers, cp.peers...)
	}
	return run, nil
}

// buildTags are the conversion-gen build tags of the run's packages.
func (run *conversionRun) buildTags() []string {
	var tags []string
	for _, p := range run.pkgs {
		if !slices.Contains(tags, p.BuildTag) {
			tags = append(tags, p.BuildTag)
		}
	}
	return tags
}

// render runs conversion-gen on the staged copy without writing to it.
func (run *conversionRun) render(ctx context.Context, st *stage) (map[string][]byte, error) {
	var files map[string][]byte
	var err error
	if run.run != nil && run.run.Binary != nil {
		files, err = convgen.RenderBinary(ctx, run.run.Binary.Path, run.run.Binary.Version, st.dir, goEnv, run.pkgs)
	} else {
		files, _, err = convgen.RenderContext(ctx, st.dir, goEnv, run.pkgs, run.peers)
	}
	if err != nil {
		var paths []string
		for _, p := range run.pkgs {
			paths = append(paths, p.ImportPath)
		}
		return nil, fmt.Errorf("regenerating conversions of %s: %w", strings.Join(paths, ", "), err)
	}
	return files, nil
}

// finish writes what render produced, then the conversion functions
// conversion-gen leaves to a person when mpaudit knows their shape, and
// marks the files that changed in cs.
func (run *conversionRun) finish(st *stage, files map[string][]byte, cs *changeSet, res *Result) error {
	for _, path := range slices.Sorted(maps.Keys(files)) {
		if _, err := st.writeFile(path, files[path]); err != nil {
			return err
		}
	}
	if res.conversionDone == nil {
		res.conversionDone = map[string]bool{}
	}
	for _, cp := range run.targets {
		rel, _ := filepath.Rel(st.dir, cp.dir)
		res.conversionDone[filepath.ToSlash(rel)] = true
	}
	for path, old := range run.before {
		now, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Equal(old, now) {
			cs.mark(path, "regenerated with conversion-gen")
		}
	}
	manual := run.manualConversions()
	if err := completeConversions(st, run.targets, run.before, cs, res); err != nil {
		return err
	}
	if run.manualConversions() == manual {
		return nil
	}
	// conversion-gen registers a hand-written Convert_ as one and writes
	// no wrapper for it: run again on the completed packages, as the
	// provider's make generate would.
	again, err := run.render(st.context(), st)
	if err != nil {
		return err
	}
	for _, path := range slices.Sorted(maps.Keys(again)) {
		if old, _ := os.ReadFile(path); bytes.Equal(old, again[path]) {
			continue
		}
		if _, err := st.writeFile(path, again[path]); err != nil {
			return err
		}
		cs.mark(path, "regenerated with conversion-gen")
	}
	return nil
}

// manualConversions counts the Convert_ functions written by hand in the
// run's packages.
func (run *conversionRun) manualConversions() int {
	n := 0
	for _, cp := range run.targets {
		entries, _ := os.ReadDir(cp.dir)
		for _, e := range entries {
			if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && name != convgen.File {
				data, _ := os.ReadFile(filepath.Join(cp.dir, name))
				n += bytes.Count(data, []byte("\nfunc Convert_"))
			}
		}
	}
	return n
}

// goEnv is the environment the rewrite runs go commands with.
var goEnv = []string{"GOWORK=off", "GOFLAGS=-mod=readonly"}

func stagedModulePath(st *stage) (string, error) {
	data, err := os.ReadFile(filepath.Join(st.dir, "go.mod"))
	if err != nil {
		return "", err
	}
	path := modfile.ModulePath(data)
	if path == "" {
		return "", fmt.Errorf("go.mod has no module path")
	}
	return path, nil
}

// findConversionPackages lists the module's packages with a
// zz_generated.conversion.go that conversion-gen made.
func findConversionPackages(root, modPath string) ([]conversionPackage, error) {
	var out []conversionPackage
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != root {
			if _, serr := os.Stat(filepath.Join(path, "go.mod")); serr == nil {
				return filepath.SkipDir // another module, with import paths of its own
			}
		}
		if err != nil || d.IsDir() || d.Name() != convgen.File {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Contains(data[:min(len(data), 2048)], []byte(convgen.Marker)) {
			return nil
		}
		dir := filepath.Dir(path)
		rel, _ := filepath.Rel(root, dir)
		cp := conversionPackage{dir: dir, importPath: modPath, rel: filepath.ToSlash(rel)}
		if rel != "." {
			cp.importPath += "/" + filepath.ToSlash(rel)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || e.Name() == convgen.File || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			for _, m := range conversionTag.FindAllSubmatch(src, -1) {
				if p := string(m[1]); p != "false" {
					cp.peers = append(cp.peers, p)
				}
			}
		}
		if len(cp.peers) > 0 {
			out = append(out, cp)
		}
		return nil
	})
	return out, err
}

// jsonName is the last element of a contract path.
func jsonName(path string) string { return path[strings.LastIndex(path, ".")+1:] }

// fieldByJSON finds the field of a struct whose JSON name is name.
func fieldByJSON(t types.Type, name string) *types.Var {
	s, ok := derefType(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range s.NumFields() {
		tag := reflectTag(s.Tag(i), "json")
		if n, _, _ := strings.Cut(tag, ","); n == name {
			return s.Field(i)
		}
	}
	return nil
}

func reflectTag(tag, key string) string {
	for tag != "" {
		i := strings.IndexByte(tag, ':')
		if i < 0 || i+1 >= len(tag) || tag[i+1] != '"' {
			return ""
		}
		name := strings.TrimSpace(tag[:i])
		rest := tag[i+1:]
		j := 1
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(rest) {
			return ""
		}
		if name == key {
			v, err := strconv.Unquote(rest[:j+1])
			if err != nil {
				return ""
			}
			return v
		}
		tag = strings.TrimSpace(rest[j+1:])
	}
	return ""
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// missingConversion is a public Convert_ function the generated code calls
// and nobody declares: conversion-gen skipped fields of its types.
type missingConversion struct {
	name     string
	in, out  *types.Named
	warnings []skippedField
}

type skippedField struct {
	name, why string
}

var warningLine = regexp.MustCompile(`// WARNING: in\.(\w+) requires manual conversion: (.*)`)

// completeConversions writes the conversion functions conversion-gen
// could not and the hub-only data keeping of ConvertTo/ConvertFrom; before
// holds each generated file as it was before the rewrite. The files it
// writes are marked in cs.
func completeConversions(st *stage, targets []conversionPackage, before map[string][]byte, cs *changeSet, res *Result) error {
	var patterns []string
	for _, cp := range targets {
		patterns = append(patterns, cp.importPath)
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:  st.dir, Env: append(os.Environ(), goEnv...), Context: st.context(),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return fmt.Errorf("loading the regenerated conversion packages: %w", err)
	}
	for _, pkg := range pkgs {
		if pkg.Types == nil || pkg.TypesInfo == nil {
			continue
		}
		c := &completer{st: st, pkg: pkg, cs: cs, res: res, skippedBefore: skippedFields(before[filepath.Join(pkg.Dir, convgen.File)])}
		if err := c.run(); err != nil {
			return err
		}
	}
	return nil
}

type completer struct {
	st  *stage
	pkg *packages.Package
	cs  *changeSet
	res *Result
	// skippedBefore holds "autoConvert_…/field" for the fields the
	// generated file skipped before the rewrite, which the provider
	// handled or dropped on purpose.
	skippedBefore map[string]bool
}

// skippedFields lists the fields each autoConvert_ function of a generated
// file leaves to a hand-written conversion, as "function/field".
func skippedFields(src []byte) map[string]bool {
	out := map[string]bool{}
	if src == nil {
		return out
	}
	f, err := parser.ParseFile(token.NewFileSet(), convgen.File, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return out
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || !strings.HasPrefix(fd.Name.Name, "autoConvert_") {
			continue
		}
		for _, cg := range f.Comments {
			if cg.Pos() < fd.Body.Lbrace || cg.End() > fd.Body.Rbrace {
				continue
			}
			for _, cm := range cg.List {
				if sm := warningLine.FindStringSubmatch(cm.Text); sm != nil {
					out[fd.Name.Name+"/"+sm[1]] = true
				}
			}
		}
	}
	return out
}

func (c *completer) rel(path string) string {
	r, err := filepath.Rel(c.st.dir, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

func (c *completer) run() error {
	var generated *ast.File
	var handWritten []*ast.File
	for _, f := range c.pkg.Syntax {
		name := c.pkg.Fset.File(f.Pos()).Name()
		if filepath.Base(name) == convgen.File {
			generated = f
		} else {
			handWritten = append(handWritten, f)
		}
	}
	if generated == nil {
		return nil
	}
	missing := c.missing(generated)
	target := c.targetFile(handWritten)
	imports := newImportSet(c.pkg, target)
	sets := map[*ast.File]*importSet{target: imports}
	fdEdits := c.checkHandWritten(generated, handWritten, sets)
	var funcs []string
	for _, m := range missing {
		body, unknown := c.plan(m, imports)
		if len(unknown) > 0 {
			c.res.Manual = append(c.res.Manual, fmt.Sprintf("write %s in %s by hand: conversion-gen cannot map %s",
				m.name, c.rel(c.pkg.Dir), strings.Join(unknown, "; ")))
			c.res.conversionTodo = append(c.res.conversionTodo, m.name)
			continue
		}
		funcs = append(funcs, body)
	}
	hubEdits := c.keepHubOnlyData(handWritten, sets)
	for f, e := range fdEdits {
		hubEdits[f] = append(hubEdits[f], e...)
	}
	if len(funcs) == 0 && len(hubEdits) == 0 {
		return nil
	}
	return c.write(target, funcs, hubEdits, sets)
}

// missing lists the public Convert_ functions the generated file refers to
// that are declared nowhere.
func (c *completer) missing(f *ast.File) []missingConversion {
	autos := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "autoConvert_") {
			autos[fd.Name.Name] = fd
		}
	}
	seen := map[string]bool{}
	var out []missingConversion
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !strings.HasPrefix(id.Name, "Convert_") || seen[id.Name] {
			return true
		}
		if c.pkg.TypesInfo.Uses[id] != nil || c.pkg.TypesInfo.Defs[id] != nil || c.pkg.Types.Scope().Lookup(id.Name) != nil {
			return true
		}
		seen[id.Name] = true
		auto := autos["auto"+id.Name]
		if auto == nil {
			return true
		}
		m := missingConversion{name: id.Name}
		if obj, ok := c.pkg.TypesInfo.Defs[auto.Name].(*types.Func); ok {
			sig := obj.Signature()
			if sig.Params().Len() == 3 {
				m.in, _ = types.Unalias(derefType(sig.Params().At(0).Type())).(*types.Named)
				m.out, _ = types.Unalias(derefType(sig.Params().At(1).Type())).(*types.Named)
			}
		}
		for _, cg := range f.Comments {
			if cg.Pos() < auto.Body.Lbrace || cg.End() > auto.Body.Rbrace {
				continue
			}
			for _, cm := range cg.List {
				if sm := warningLine.FindStringSubmatch(cm.Text); sm != nil {
					m.warnings = append(m.warnings, skippedField{sm[1], sm[2]})
				}
			}
		}
		out = append(out, m)
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// targetFile is the hand-written file that already holds conversion
// functions or hub methods, so new ones sit next to them.
func (c *completer) targetFile(files []*ast.File) *ast.File {
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if strings.HasPrefix(fd.Name.Name, "Convert_") || (fd.Recv != nil && (fd.Name.Name == "ConvertTo" || fd.Name.Name == "ConvertFrom")) {
				return f
			}
		}
	}
	return nil
}

// plan writes the body of a missing conversion function, or lists the
// skipped fields whose mapping it does not know.
func (c *completer) plan(m missingConversion, imports *importSet) (string, []string) {
	if m.in == nil || m.out == nil {
		return "", []string{"its argument types (the generated autoConvert function has an unexpected signature)"}
	}
	var code, unknown []string
	deprecated, v1beta1 := deprecatedNames()
	for _, w := range m.warnings {
		inField := structField(m.in, w.name)
		if inField == nil {
			unknown = append(unknown, "in."+w.name+" ("+w.why+")")
			continue
		}
		inJSON := jsonOf(m.in, w.name)
		switch {
		case strings.HasPrefix(w.why, notInPeer) && (inJSON == jsonName(contract.PathInitialization) || isHubOnlyCounter(m.in, m.out, w.name)):
			// Kept by ConvertFrom in the conversion-data annotation and
			// restored by ConvertTo (initialization with ready mapped to
			// provisioned there, a counter while its partner is unchanged).
			if hasHubMethods(m.out) {
				code = append(code, "\t// in."+w.name+" exists only in the hub: ConvertFrom keeps it in the conversion-data annotation and ConvertTo restores it.\n")
			} else {
				code = append(code, "\t// in."+w.name+" exists only in the hub, and "+m.out.Obj().Name()+" has no ConvertTo/ConvertFrom to keep it: a round trip through this version drops it.\n")
			}
		case strings.HasPrefix(w.why, notInPeer) && inJSON == deprecated:
			text, bad := mapFromDeprecated(m, inField, deprecated, v1beta1)
			if bad != "" {
				unknown = append(unknown, bad)
				continue
			}
			code = append(code, text)
		case strings.HasPrefix(w.why, notInPeer):
			text, ok := mapToDeprecated(m, inField, inJSON, deprecated, v1beta1, imports)
			if !ok {
				unknown = append(unknown, fmt.Sprintf("in.%s (%s; %s.%s.%s of %s has no field %q of the same type)", w.name, w.why, deprecated, v1beta1, inJSON, m.out.Obj().Name(), inJSON))
				continue
			}
			code = append(code, text)
		default:
			text, ok := failureDomainsBlock(inField, structField(m.out, w.name), imports)
			if !ok {
				unknown = append(unknown, fmt.Sprintf("in.%s (%s)", w.name, w.why))
				continue
			}
			code = append(code, text)
		}
	}
	if len(unknown) > 0 {
		return "", unknown
	}
	scope := imports.name("k8s.io/apimachinery/pkg/conversion", "apimachineryconversion")
	var b strings.Builder
	fmt.Fprintf(&b, "// %s converts %s, mapping by hand what conversion-gen cannot.\n", m.name, m.in.Obj().Name())
	fmt.Fprintf(&b, "func %s(in *%s, out *%s, s %s.Scope) error {\n", m.name, imports.typeName(m.in), imports.typeName(m.out), scope)
	fmt.Fprintf(&b, "\tif err := auto%s(in, out, s); err != nil {\n\t\treturn err\n\t}\n", m.name)
	for _, s := range code {
		b.WriteString(s)
	}
	b.WriteString("\treturn nil\n}\n")
	return b.String(), nil
}

func structField(t *types.Named, name string) *types.Var {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range s.Fields() {
		if f.Name() == name {
			return f
		}
	}
	return nil
}

func jsonOf(t *types.Named, name string) string {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range s.NumFields() {
		if s.Field(i).Name() == name {
			n, _, _ := strings.Cut(reflectTag(s.Tag(i), "json"), ",")
			return n
		}
	}
	return ""
}

// mapToDeprecated moves a spoke field the hub keeps under
// status.deprecated.v1beta1 there, creating the groups when it is set.
func mapToDeprecated(m missingConversion, in *types.Var, inJSON, deprecated, v1beta1 string, imports *importSet) (string, bool) {
	dep := fieldByJSON(m.out, deprecated)
	if dep == nil {
		return "", false
	}
	v1 := fieldByJSON(dep.Type(), v1beta1)
	if v1 == nil {
		return "", false
	}
	target := fieldByJSON(v1.Type(), inJSON)
	if target == nil || !types.Identical(target.Type(), in.Type()) {
		return "", false
	}
	var b strings.Builder
	cond := "in." + in.Name() + " != nil"
	if _, ptr := types.Unalias(in.Type()).(*types.Pointer); !ptr {
		basic, ok := in.Type().Underlying().(*types.Basic)
		if !ok {
			return "", false
		}
		cond = "in." + in.Name() + " != " + zeroLiteral(basic)
	}
	fmt.Fprintf(&b, "\tif %s {\n", cond)
	path := "out." + dep.Name()
	if _, ptr := types.Unalias(dep.Type()).(*types.Pointer); ptr {
		fmt.Fprintf(&b, "\t\tif %s == nil {\n\t\t\t%s = &%s{}\n\t\t}\n", path, path, imports.typeName(derefType(dep.Type()).(*types.Named)))
	}
	path += "." + v1.Name()
	if _, ptr := types.Unalias(v1.Type()).(*types.Pointer); ptr {
		fmt.Fprintf(&b, "\t\tif %s == nil {\n\t\t\t%s = &%s{}\n\t\t}\n", path, path, imports.typeName(derefType(v1.Type()).(*types.Named)))
	}
	fmt.Fprintf(&b, "\t\t%s.%s = in.%s\n\t}\n", path, target.Name(), in.Name())
	return b.String(), true
}

// deprecatedNames are the JSON names of status.deprecated and its v1beta1 group.
func deprecatedNames() (deprecated, v1beta1 string) {
	return jsonName(strings.TrimSuffix(contract.PathDeprecatedV1B1, ".v1beta1")), jsonName(contract.PathDeprecatedV1B1)
}

// notInPeer starts conversion-gen's reason for a field the other type lacks.
const notInPeer = "does not exist in peer-type"

// deprecatedOf maps field to or from the hub's status.deprecated.v1beta1
// (the failure fields), as a missing conversion function's body does.
func deprecatedOf(field string) func(in, out *types.Named, imports *importSet) (string, bool) {
	return func(in, out *types.Named, imports *importSet) (string, bool) {
		inField := structField(in, field)
		if inField == nil {
			return "", false
		}
		m := missingConversion{in: in, out: out}
		deprecated, v1beta1 := deprecatedNames()
		if inJSON := jsonOf(in, field); inJSON != deprecated {
			return mapToDeprecated(m, inField, inJSON, deprecated, v1beta1, imports)
		}
		text, bad := mapFromDeprecated(m, inField, deprecated, v1beta1)
		return text, bad == "" && text != ""
	}
}

func zeroLiteral(b *types.Basic) string {
	switch {
	case b.Info()&types.IsString != 0:
		return `""`
	case b.Info()&types.IsBoolean != 0:
		return "false"
	default:
		return "0"
	}
}

// mapFromDeprecated maps the hub's status.deprecated.v1beta1 fields back
// to the spoke's top-level fields of the same JSON name and type.
func mapFromDeprecated(m missingConversion, dep *types.Var, deprecated, v1beta1 string) (string, string) {
	depStruct, ok := derefType(dep.Type()).Underlying().(*types.Struct)
	if !ok {
		return "", "in." + dep.Name() + " (not a struct)"
	}
	var b strings.Builder
	for i := range depStruct.NumFields() {
		f := depStruct.Field(i)
		if n, _, _ := strings.Cut(reflectTag(depStruct.Tag(i), "json"), ","); n != v1beta1 {
			return "", fmt.Sprintf("in.%s.%s (the spoke has no place for it)", dep.Name(), f.Name())
		}
	}
	v1 := fieldByJSON(dep.Type(), v1beta1)
	if v1 == nil {
		return "", ""
	}
	v1Struct, ok := derefType(v1.Type()).Underlying().(*types.Struct)
	if !ok {
		return "", "in." + dep.Name() + "." + v1.Name() + " (not a struct)"
	}
	guard := []string{}
	path := "in." + dep.Name()
	if _, ptr := types.Unalias(dep.Type()).(*types.Pointer); ptr {
		guard = append(guard, path+" != nil")
	}
	path += "." + v1.Name()
	if _, ptr := types.Unalias(v1.Type()).(*types.Pointer); ptr {
		guard = append(guard, path+" != nil")
	}
	var assigns []string
	for i := range v1Struct.NumFields() {
		f := v1Struct.Field(i)
		n, _, _ := strings.Cut(reflectTag(v1Struct.Tag(i), "json"), ",")
		target := fieldByJSON(m.out, n)
		if target == nil || !types.Identical(target.Type(), f.Type()) {
			return "", fmt.Sprintf("in.%s.%s.%s (%s.%s.%s: %s has no top-level field %q of the same type)", dep.Name(), v1.Name(), f.Name(), deprecated, v1beta1, n, m.out.Obj().Name(), n)
		}
		assigns = append(assigns, fmt.Sprintf("out.%s = %s.%s\n", target.Name(), path, f.Name()))
	}
	if len(guard) > 0 {
		fmt.Fprintf(&b, "\tif %s {\n", strings.Join(guard, " && "))
		for _, a := range assigns {
			b.WriteString("\t\t" + a)
		}
		b.WriteString("\t}\n")
	} else {
		for _, a := range assigns {
			b.WriteString("\t" + a)
		}
	}
	return b.String(), ""
}

// importSet resolves, and adds when needed, the names a file refers to
// other packages by.
type importSet struct {
	pkg   *packages.Package
	file  *ast.File
	names map[string]string // path -> local name
	taken map[string]bool
	added map[string]string // path -> name to add
}

func newImportSet(pkg *packages.Package, file *ast.File) *importSet {
	s := &importSet{pkg: pkg, file: file, names: map[string]string{}, taken: map[string]bool{}, added: map[string]string{}}
	for _, name := range pkg.Types.Scope().Names() {
		s.taken[name] = true
	}
	if file != nil {
		for _, spec := range file.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			name := ""
			if spec.Name != nil {
				name = spec.Name.Name
			} else if imp := pkg.Types.Imports(); imp != nil {
				for _, p := range imp {
					if p.Path() == path {
						name = p.Name()
					}
				}
			}
			if name == "" {
				name = importgroups.GuessName(path)
			}
			if name != "_" && name != "." {
				s.names[path] = name
				s.taken[name] = true
			}
		}
	}
	return s
}

// name is the local name of path in the file, adding an import under the
// first free one of preferred (then the package's own name) when needed.
func (s *importSet) name(path string, preferred ...string) string {
	if n, ok := s.names[path]; ok {
		return n
	}
	cands := append(append([]string(nil), preferred...), importgroups.GuessName(path))
	for _, p := range s.pkg.Types.Imports() {
		if p.Path() == path {
			cands = append([]string{p.Name()}, cands...)
		}
	}
	pick := importgroups.FreshName(func(n string) bool { return s.taken[n] }, 1, cands...)
	s.names[path] = pick
	s.taken[pick] = true
	s.added[path] = pick
	return pick
}

func (s *importSet) typeName(t *types.Named) string {
	if t.Obj().Pkg() == nil || t.Obj().Pkg() == s.pkg.Types {
		return t.Obj().Name()
	}
	return s.name(t.Obj().Pkg().Path(), t.Obj().Pkg().Name()) + "." + t.Obj().Name()
}

// write appends funcs to target (or a new conversion.go), applies the
// method edits, adds imports and formats each file.
func (c *completer) write(target *ast.File, funcs []string, hubEdits map[*ast.File][]textEdit, sets map[*ast.File]*importSet) error {
	files := map[string][]textEdit{}
	adds := map[string]map[string]string{}
	for f, edits := range hubEdits {
		name := c.pkg.Fset.File(f.Pos()).Name()
		files[name] = append(files[name], edits...)
	}
	for f, set := range sets {
		if f != nil {
			adds[c.pkg.Fset.File(f.Pos()).Name()] = set.added
		}
	}
	targetPath := filepath.Join(c.pkg.Dir, "conversion.go")
	if target != nil {
		targetPath = c.pkg.Fset.File(target.Pos()).Name()
	}
	var src []byte
	if _, err := os.Stat(targetPath); err == nil {
		if src, err = os.ReadFile(targetPath); err != nil {
			return err
		}
	} else {
		src = []byte("package " + c.pkg.Name + "\n")
	}
	if len(funcs) > 0 {
		files[targetPath] = append(files[targetPath], textEdit{offset: len(src), text: "\n" + strings.Join(funcs, "\n")})
		adds[targetPath] = sets[target].added
	}
	for path, edits := range files {
		var data []byte
		if path == targetPath {
			data = src
		} else {
			var err error
			if data, err = os.ReadFile(path); err != nil {
				return err
			}
		}
		out, err := applyTextEdits(data, edits)
		if err != nil {
			return fmt.Errorf("%s: %w", c.rel(path), err)
		}
		out, err = importgroups.Add(path, out, adds[path])
		if err != nil {
			return err
		}
		formatted, err := format.Source(out)
		if err != nil {
			return fmt.Errorf("%s: the completed conversion code does not parse: %w", c.rel(path), err)
		}
		written, err := c.st.writeFile(path, formatted)
		if err != nil {
			return err
		}
		c.cs.mark(written, "conversion functions completed for the migrated hub")
	}
	return nil
}

// conversionHint names, for a rewrite that does not build, the conversion
// functions a person must write.
func (res *Result) conversionHint() string {
	if len(res.conversionTodo) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nconversion code mpaudit cannot write (see the notes):")
	for _, m := range res.Manual {
		if strings.HasPrefix(m, "write Convert_") || strings.HasPrefix(m, "keep ") {
			b.WriteString("\n  - " + m)
		}
	}
	return b.String()
}

// conversionHandled reports whether a spoke finding lies in a package whose
// conversions the rewrite regenerated and completed.
func (res *Result) conversionHandled(f report.Finding) bool {
	if f.Position == nil || len(res.conversionDone) == 0 {
		return false
	}
	file := f.Position.File
	if filepath.IsAbs(file) {
		rel, ok := within(res.Root, file)
		if !ok {
			return false
		}
		file = rel
	}
	return res.conversionDone[filepath.ToSlash(filepath.Dir(file))]
}

// checkHandWritten lists hand-written Convert_ functions whose generated
// part newly skips a field the function body never names: after the hub
// changed, that field would be dropped silently. A field skipped before the
// rewrite too was the provider's choice.
func (c *completer) checkHandWritten(generated *ast.File, handWritten []*ast.File, sets map[*ast.File]*importSet) map[*ast.File][]textEdit {
	edits := map[*ast.File][]textEdit{}
	declared := map[string]*ast.FuncDecl{}
	manualFile := map[*ast.FuncDecl]*ast.File{}
	for _, f := range handWritten {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Convert_") && fd.Body != nil {
				declared[fd.Name.Name] = fd
				manualFile[fd] = f
			}
		}
	}
	for _, d := range generated.Decls {
		auto, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(auto.Name.Name, "autoConvert_") || auto.Body == nil {
			continue
		}
		manual := declared[strings.TrimPrefix(auto.Name.Name, "auto")]
		if manual == nil {
			continue
		}
		var dropped []string
		for _, cg := range generated.Comments {
			if cg.Pos() < auto.Body.Lbrace || cg.End() > auto.Body.Rbrace {
				continue
			}
			for _, cm := range cg.List {
				sm := warningLine.FindStringSubmatch(cm.Text)
				if sm == nil || mentions(manual, sm[1]) || c.hubOnly(auto, sm[1]) || c.skippedBefore[auto.Name.Name+"/"+sm[1]] {
					continue
				}
				block := failureDomainsOf(sm[1])
				if strings.HasPrefix(sm[2], notInPeer) {
					block = deprecatedOf(sm[1])
				}
				if e, ok := c.completeHandWritten(manualFile[manual], manual, auto, sets, block); ok {
					edits[manualFile[manual]] = append(edits[manualFile[manual]], e)
					continue
				}
				dropped = append(dropped, "in."+sm[1]+" ("+sm[2]+")")
			}
		}
		if len(dropped) > 0 {
			c.res.Manual = append(c.res.Manual, fmt.Sprintf("check %s in %s: conversion-gen no longer maps %s, and the hand-written function does not mention it",
				manual.Name.Name, c.rel(c.pkg.Dir), strings.Join(dropped, ", ")))
		}
	}
	return edits
}

// hubOnly reports a skipped field that is the hub's status.initialization,
// which ConvertTo/ConvertFrom keep rather than the field conversions.
func (c *completer) hubOnly(auto *ast.FuncDecl, field string) bool {
	obj, ok := c.pkg.TypesInfo.Defs[auto.Name].(*types.Func)
	if !ok || obj.Signature().Params().Len() == 0 {
		return false
	}
	in, ok := types.Unalias(derefType(obj.Signature().Params().At(0).Type())).(*types.Named)
	if !ok {
		return false
	}
	if jsonOf(in, field) == jsonName(contract.PathInitialization) {
		return true
	}
	out, ok := types.Unalias(derefType(obj.Signature().Params().At(1).Type())).(*types.Named)
	return ok && hasHubMethods(out) && isHubOnlyCounter(in, out, field)
}

// isHubOnlyCounter reports whether field of the hub status in is a renamed
// counter the spoke status out lacks (ConvertTo restores it).
func isHubOnlyCounter(in, out *types.Named, field string) bool {
	for _, c := range hubOnlyCounters(strings.TrimSuffix(out.Obj().Name(), "Status"), in, out) {
		if c.name == field {
			return true
		}
	}
	return false
}

// hasHubMethods reports whether the spoke type, or the root type whose
// status or spec it is, converts to the hub by its own ConvertTo and
// ConvertFrom methods (which keep hub-only data in the annotation).
func hasHubMethods(t *types.Named) bool {
	pkg := t.Obj().Pkg()
	if pkg == nil {
		return false
	}
	name := t.Obj().Name()
	for _, suffix := range []string{"Status", "Spec", ""} {
		root, ok := strings.CutSuffix(name, suffix)
		if !ok {
			continue
		}
		tn, ok := pkg.Scope().Lookup(root).(*types.TypeName)
		if !ok {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		if ms.Lookup(pkg, "ConvertTo") != nil && ms.Lookup(pkg, "ConvertFrom") != nil {
			return true
		}
	}
	return false
}
