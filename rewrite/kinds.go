package rewrite

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// The type side of the label-driven kinds (InfraCluster, InfraMachine,
// ControlPlane, BootstrapConfig), from the catalog: the v1beta2 readiness
// struct beside the kept v1beta1 field, renamed status fields under both
// names, v1beta1 shapes the v1beta2 contract replaced, and top-level failure
// fields under status.deprecated.v1beta1. The analyzers' fixes run first;
// this adds only what the storage type still lacks, so it is a no-op on a
// type they (or a person) migrated.

// kindTarget is the storage type of a label-driven kind in the staged module.
type kindTarget struct {
	ref       report.TypeRef
	kind      *contract.Kind
	dir       string // staged package directory
	hasSpokes bool   // older API versions convert to it
}

// kindTargets lists the storage types of label-driven kinds the audit saw.
func kindTargets(rep *report.Report, dirOf map[string]string) []kindTarget {
	if rep == nil {
		return nil
	}
	spokes := map[string]bool{}
	for _, r := range rep.Summary.TypeRefs {
		if !r.Storage {
			spokes[r.Group+"/"+r.Name] = true
		}
	}
	var out []kindTarget
	for _, r := range rep.Summary.TypeRefs {
		k, ok := contract.KindByName(r.Kind)
		if !ok || !r.Storage || !slices.Contains(contract.LabelDrivenKinds, k) {
			continue
		}
		pkg, _, ok := cutLast(r.GoType, ".")
		if !ok || dirOf[pkg] == "" {
			continue
		}
		out = append(out, kindTarget{ref: r, kind: k, dir: dirOf[pkg], hasSpokes: spokes[r.Group+"/"+r.Name]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ref.GoType < out[j].ref.GoType })
	return slices.CompactFunc(out, func(a, b kindTarget) bool { return a.ref.GoType == b.ref.GoType })
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// span replaces [start, end) of a file's source.
type span struct {
	start, end int
	text       string
}

// goPackage is one staged package directory, parsed without types.
type goPackage struct {
	fset  *token.FileSet
	files map[string]*ast.File
	src   map[string][]byte
	decls map[string]bool // top-level names
	edits map[string][]span
	why   map[string][]string
	count int // edits made
}

func parseDir(dir string) (*goPackage, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	p := &goPackage{fset: token.NewFileSet(), files: map[string]*ast.File{}, src: map[string][]byte{}, decls: map[string]bool{},
		edits: map[string][]span{}, why: map[string][]string{}}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(p.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.files[path], p.src[path] = f, src
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						p.decls[ts.Name.Name] = true
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					p.decls[d.Name.Name] = true
				}
			}
		}
	}
	return p, nil
}

// typeDecl finds a struct type declaration by name.
type typeDecl struct {
	file string
	gen  *ast.GenDecl
	spec *ast.TypeSpec
	st   *ast.StructType
}

func (p *goPackage) structType(name string) (typeDecl, bool) {
	for path, f := range p.files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if ts.Name.Name != name {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				return typeDecl{file: path, gen: gd, spec: ts, st: st}, ok
			}
		}
	}
	return typeDecl{}, false
}

func (p *goPackage) offset(pos token.Pos) int { return p.fset.Position(pos).Offset }

func (p *goPackage) edit(file string, s span, why string) {
	p.count++
	p.edits[file] = append(p.edits[file], s)
	p.why[file] = append(p.why[file], why)
}

// jsonField finds the field of st with the json name, by its tag.
func jsonField(st *ast.StructType, name string) *ast.Field {
	for _, f := range st.Fields.List {
		if f.Tag == nil || len(f.Names) != 1 {
			continue
		}
		tag, err := strconv.Unquote(f.Tag.Value)
		if err != nil {
			continue
		}
		if n, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ","); n == name {
			return f
		}
	}
	return nil
}

// container returns the struct declaring the first segment of a two-segment
// path (spec, status) of the root type.
func (p *goPackage) container(root typeDecl, path string) (typeDecl, string, bool) {
	segs := strings.Split(path, ".")
	if len(segs) != 2 || root.st == nil {
		return typeDecl{}, "", false
	}
	f := jsonField(root.st, segs[0])
	if f == nil {
		return typeDecl{}, "", false
	}
	t := f.Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	id, ok := t.(*ast.Ident)
	if !ok {
		return typeDecl{}, "", false
	}
	d, ok := p.structType(id.Name)
	return d, segs[1], ok
}

// goName is the exported Go field name of a JSON name, in Cluster API's
// style: a letter after a digit starts a word (v1beta1 → V1Beta1).
func goName(json string) string {
	b := []byte(json)
	for i := range b {
		if i == 0 || (b[i-1] >= '0' && b[i-1] <= '9') {
			b[i] = byte(unicode.ToUpper(rune(b[i])))
		}
	}
	return string(b)
}

func fieldMarkers(p contract.Point, onType bool, indent string) string {
	var b strings.Builder
	for _, m := range p.Markers {
		if m.OnType == onType {
			b.WriteString(indent + "// " + m.String() + "\n")
		}
	}
	return b.String()
}

// noteBefore is where a doc line joins a field's doc: before its first
// +marker, so generated CRD descriptions keep prose together.
func (p *goPackage) noteBefore(f *ast.Field) int {
	if f.Doc != nil {
		for _, c := range f.Doc.List {
			if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "+") {
				return p.offset(c.Pos())
			}
		}
	}
	return p.offset(f.Names[0].Pos())
}

// afterField is the end of a field's line, past its trailing comment.
func (p *goPackage) afterField(f *ast.Field) int {
	if f.Comment != nil {
		return p.offset(f.Comment.End())
	}
	return p.offset(f.End())
}

// kindMigration collects what the type side did and left for a person.
type kindMigration struct {
	manual   []string
	migrated map[string]bool // resource kinds whose types changed
}

// hasKinds reports whether the audit saw a label-driven kind.
func hasKinds(rep *report.Report) bool {
	return rep != nil && slices.ContainsFunc(rep.Summary.TypeRefs, func(r report.TypeRef) bool {
		k, ok := contract.KindByName(r.Kind)
		return ok && slices.Contains(contract.LabelDrivenKinds, k)
	})
}

// packageDirs maps the staged module's import paths to directories.
func packageDirs(st *stage) (map[string]string, error) {
	pkgs, err := listPackages(st.dir, nil, "./...")
	if err != nil {
		return nil, err
	}
	dirOf := map[string]string{}
	for _, p := range pkgs {
		dirOf[p.ImportPath] = p.Dir
	}
	return dirOf, nil
}

// migrateKindTypes edits the staged storage types of the label-driven kinds.
func migrateKindTypes(st *stage, targets []kindTarget, mark func(string, string), res *Result) (bool, error) {
	var err error
	m := &kindMigration{migrated: map[string]bool{}}
	parsed := map[string]*goPackage{}
	for _, t := range targets {
		p := parsed[t.dir]
		if p == nil {
			if p, err = parseDir(t.dir); err != nil {
				// The build verification names what does not parse.
				m.manual = append(m.manual, fmt.Sprintf("%s %s: migrate its type by hand (%v)", t.kind.Name, t.ref.Name, err))
				continue
			}
			parsed[t.dir] = p
		}
		_, name, _ := cutLast(t.ref.GoType, ".")
		root, ok := p.structType(name)
		if !ok {
			continue
		}
		if err := m.migrate(st, p, t, root); err != nil {
			return false, err
		}
	}
	changed := false
	for _, dir := range sortedKeys(parsed) {
		p := parsed[dir]
		for _, file := range sortedKeys(p.edits) {
			out, err := applySpans(p.src[file], p.edits[file])
			if err != nil {
				return false, fmt.Errorf("%s: %v", st.real(file), err)
			}
			if _, err := st.writeFile(file, out); err != nil {
				return false, err
			}
			for _, why := range p.why[file] {
				mark(file, why)
			}
			changed = true
		}
	}
	res.Manual = append(res.Manual, m.manual...)
	res.fieldsTodo = append(res.fieldsTodo, m.manual...)
	for k := range m.migrated {
		res.migratedKinds = append(res.migratedKinds, k)
	}
	return changed, nil
}

func applySpans(src []byte, spans []span) ([]byte, error) {
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start > spans[j].start })
	out := slices.Clone(src)
	for _, s := range spans {
		out = slices.Concat(out[:s.start:s.start], []byte(s.text), out[s.end:])
	}
	return format.Source(out)
}

func (m *kindMigration) migrate(st *stage, p *goPackage, t kindTarget, root typeDecl) error {
	before := p.count
	defer func() {
		if p.count != before {
			m.migrated[t.ref.Name] = true
		}
	}()
	if t.hasSpokes {
		// A renamed field would need hand-written conversion functions.
		m.manual = append(m.manual, fmt.Sprintf("%s %s has older API versions that convert to it: add the v1beta2 names of renamed fields by hand, with their conversions",
			t.kind.Name, t.ref.Name))
		return nil
	}
	m.renamed(p, t, root)
	return nil
}

func point(k *contract.Kind, c contract.Contract, a contract.Aspect) (contract.Point, bool) {
	for _, p := range k.Points(c) {
		if p.Aspect == a {
			return p, true
		}
	}
	return contract.Point{}, false
}

func fieldNamedAST(st *ast.StructType, name string) bool {
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// renamed adds a status field core reads under the v1beta2 label by a new
// name (a ControlPlane's upToDateReplicas, availableReplicas) beside the
// v1beta1 one; the analyzers' use-site fixes then write both.
func (m *kindMigration) renamed(p *goPackage, t kindTarget, root typeDecl) {
	var nested []string
	for _, q := range t.kind.Points(contract.V1Beta2) {
		if q.Aspect == contract.AspectReadiness || q.Aspect == contract.AspectInitialization || !readByLabel(q, contract.V1Beta2) {
			continue
		}
		old, ok := t.kind.PairOf(q)
		if !ok || old.Path == q.Path {
			continue
		}
		parent, oldName, ok := p.container(root, old.Path)
		_, newName, ok2 := p.container(root, q.Path)
		if !ok || !ok2 || old.Segments()[0] != q.Segments()[0] {
			if _, has := p.pathField(root, old.Path); has {
				nested = append(nested, q.Path)
			}
			continue
		}
		oldField := jsonField(parent.st, oldName)
		if oldField == nil || jsonField(parent.st, newName) != nil || q.Type.Named != nil || fieldNamedAST(parent.st, goName(newName)) {
			continue
		}
		text := fmt.Sprintf("\n\n// %s is %s under the v1beta2 contract's name; write both while both labels are served.\n%s%s %s `json:%q`",
			newName, oldName, fieldMarkers(q, false, ""), goName(newName), q.Type.String(), q.Tag.String())
		after := p.afterField(oldField)
		p.edit(parent.file, span{after, after, text}, contract.RuleKindRenamedField)
	}
	if len(nested) > 0 {
		m.manual = append(m.manual, fmt.Sprintf("%s %s: add %s (the v1beta2 names of fields it has under v1beta1 names) and write both; the rewrite adds only renamed fields of the same struct",
			t.kind.Name, t.ref.Name, strings.Join(nested, ", ")))
	}
}

// pathField finds the field at a dotted JSON path through local struct types.
func (p *goPackage) pathField(root typeDecl, path string) (*ast.Field, bool) {
	cur := root
	segs := strings.Split(path, ".")
	for i, s := range segs {
		if cur.st == nil {
			return nil, false
		}
		f := jsonField(cur.st, s)
		if f == nil {
			return nil, false
		}
		if i == len(segs)-1 {
			return f, true
		}
		t := f.Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		id, ok := t.(*ast.Ident)
		if !ok {
			return nil, false
		}
		if cur, ok = p.structType(id.Name); !ok {
			return nil, false
		}
	}
	return nil, false
}

func readByLabel(p contract.Point, c contract.Contract) bool {
	return slices.ContainsFunc(p.Reads, func(r contract.Read) bool { return r.Mode == contract.ReadLabelDriven && r.Label == c })
}
