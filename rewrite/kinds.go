package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// The type side of the label-driven kinds (InfraCluster, InfraMachine,
// ControlPlane, BootstrapConfig) is the analyzers' fixes (kindtypes, with
// their use sites in poolusage), applied by the fix rounds. What is left
// here is what no per-package fix does: naming, for the PR body, the
// changes that stay with a person (renamed fields of a storage type that
// spokes convert to, renamed fields nested in another struct).

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

// goPackage is one staged package directory, parsed without types.
type goPackage struct {
	fset  *token.FileSet
	files map[string]*ast.File
	src   map[string][]byte
}

func parseDir(dir string) (*goPackage, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	p := &goPackage{fset: token.NewFileSet(), files: map[string]*ast.File{}, src: map[string][]byte{}}
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

// kindMigration collects what the type side leaves for a person.
type kindMigration struct {
	manual []string
}

// hasKinds reports whether the audit saw a label-driven kind.
func hasKinds(rep *report.Report) bool {
	return rep != nil && slices.ContainsFunc(rep.Summary.TypeRefs, func(r report.TypeRef) bool {
		k, ok := contract.KindByName(r.Kind)
		return ok && slices.Contains(contract.LabelDrivenKinds, k)
	})
}

// packageDirs maps the staged module's import paths, and those of the
// modules it replaces by a staged directory, to directories.
func packageDirs(st *stage) (map[string]string, error) {
	pkgs, err := listPackages(st.context(), st.dir, nil, localPatterns(st.dir)...)
	if err != nil {
		return nil, err
	}
	dirOf := map[string]string{}
	for _, p := range pkgs {
		dirOf[p.ImportPath] = p.Dir
	}
	return dirOf, nil
}

// kindNotes names, for a person, the type changes of the label-driven kinds
// that the fixes do not make.
func kindNotes(targets []kindTarget, res *Result) {
	m := &kindMigration{}
	parsed := map[string]*goPackage{}
	for _, t := range targets {
		p := parsed[t.dir]
		if p == nil {
			var err error
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
		m.renamed(p, t, root)
	}
	res.Manual = append(res.Manual, m.manual...)
	res.fieldsTodo = append(res.fieldsTodo, m.manual...)
}

// renamed names the fields core reads under the v1beta2 label by a new name
// that the fixes do not add: on a storage type spokes convert to (the
// conversions would need hand-written functions), and fields nested in
// another struct (a machine template's).
func (m *kindMigration) renamed(p *goPackage, t kindTarget, root typeDecl) {
	var missing []string
	for _, r := range t.kind.RenamedPairs() {
		old, q := r.Old, r.New
		if q.Aspect == contract.AspectReadiness || !readByLabel(q, contract.V1Beta2) {
			continue
		}
		if _, has := p.pathField(root, old.Path); !has {
			continue
		}
		if _, has := p.pathField(root, q.Path); has {
			continue
		}
		if !r.SameStruct() || t.hasSpokes {
			missing = append(missing, q.Path)
		}
	}
	if len(missing) == 0 {
		return
	}
	why := "the fixes add only renamed fields of the same struct"
	if t.hasSpokes {
		why = "older API versions convert to it, so the conversions need them too"
	}
	m.manual = append(m.manual, fmt.Sprintf("%s %s: add %s (the v1beta2 names of fields it has under v1beta1 names) and write both; %s",
		t.kind.Name, t.ref.Name, strings.Join(missing, ", "), why))
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
