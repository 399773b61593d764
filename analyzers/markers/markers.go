package markers

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// New returns a markers analyzer for one analyzer set.
func New() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "markers",
		Doc:              "parses kubebuilder markers on types, fields and packages (a shared helper; reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/markers",
		Run:              run,
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Markers](),
	}
}

// ResultOf is the markers result among the pass's inputs.
func ResultOf(pass *analysis.Pass) *Markers {
	for _, r := range pass.ResultOf {
		if m, ok := r.(*Markers); ok {
			return m
		}
	}
	panic("analyzer " + pass.Analyzer.Name + " does not require markers")
}

// Marker is one "+name=value" comment line.
type Marker struct {
	Name  string
	Value string
	Pos   token.Pos
}

// Set is the markers of one declaration, in source order.
type Set []Marker

// Has reports whether a marker named name is present.
func (s Set) Has(name string) bool {
	_, ok := s.Get(name)
	return ok
}

// Get returns the first marker named name.
func (s Set) Get(name string) (Marker, bool) {
	for _, m := range s {
		if m.Name == name {
			return m, true
		}
	}
	return Marker{}, false
}

// All returns every marker named name.
func (s Set) All(name string) []Marker {
	var out []Marker
	for _, m := range s {
		if m.Name == name {
			out = append(out, m)
		}
	}
	return out
}

// Markers is the analyzer's result for one package. The comments are
// parsed on first use: most packages go vet visits for facts declare no
// API type, and kindfinder skips them without asking.
type Markers struct {
	once    sync.Once
	pass    *analysis.Pass
	types   map[*types.TypeName]Set
	fields  map[*types.Var]Set
	pkg     Set
	typeAST map[*types.TypeName]*ast.TypeSpec
}

// Type returns the markers on a named type declared in the package.
func (m *Markers) Type(tn *types.TypeName) Set { m.parse(); return m.types[tn] }

// Field returns the markers on a struct field declared in the package.
func (m *Markers) Field(v *types.Var) Set { m.parse(); return m.fields[v] }

// Package returns package-level markers (+groupName, +versionName, +kubebuilder:skipversion).
func (m *Markers) Package() Set { m.parse(); return m.pkg }

// TypeSpec returns the declaration of a named type declared in the package.
func (m *Markers) TypeSpec(tn *types.TypeName) *ast.TypeSpec { m.parse(); return m.typeAST[tn] }

func run(pass *analysis.Pass) (any, error) {
	return &Markers{pass: pass}, nil
}

func (m *Markers) parse() { m.once.Do(m.load) }

func (m *Markers) load() {
	pass, res := m.pass, m
	res.types = map[*types.TypeName]Set{}
	res.fields = map[*types.Var]Set{}
	res.typeAST = map[*types.TypeName]*ast.TypeSpec{}
	for _, f := range pass.Files {
		groups := commentGroupsByEndLine(pass.Fset, f)
		if f.Doc != nil {
			res.pkg = append(res.pkg, parse(f.Doc)...)
		}
		// Package markers may also sit in a free comment just above "package".
		res.pkg = append(res.pkg, above(pass.Fset, groups, f.Package, f.Doc)...)
		for ts, set := range typeSpecMarkers(pass.Fset, f, groups) {
			tn, _ := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
			if tn == nil {
				continue
			}
			res.typeAST[tn] = ts
			res.types[tn] = set
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, fld := range st.Fields.List {
				fs := parse(fld.Doc)
				for _, name := range fld.Names {
					if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
						res.fields[v] = fs
					}
				}
				if len(fld.Names) == 0 {
					if v, ok := pass.TypesInfo.Implicits[fld].(*types.Var); ok {
						res.fields[v] = fs
					}
				}
			}
		}
	}
	m.pass = nil // the pass is not kept beyond the package's analysis
}

// FileTypeMarkers returns the markers of every type declared in a parsed
// file, for callers that read files outside the analyzed package.
func FileTypeMarkers(fset *token.FileSet, f *ast.File) map[*ast.TypeSpec]Set {
	return typeSpecMarkers(fset, f, commentGroupsByEndLine(fset, f))
}

func typeSpecMarkers(fset *token.FileSet, f *ast.File, groups map[int]*ast.CommentGroup) map[*ast.TypeSpec]Set {
	out := map[*ast.TypeSpec]Set{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			doc, start := ts.Doc, ts.Pos()
			if len(gd.Specs) == 1 || !gd.Lparen.IsValid() {
				doc, start = gd.Doc, gd.Pos()
			}
			var set Set
			set = append(set, parse(doc)...)
			set = append(set, above(fset, groups, start, doc)...)
			out[ts] = set
		}
	}
	return out
}

// commentGroupsByEndLine indexes a file's comment groups by their last line.
func commentGroupsByEndLine(fset *token.FileSet, f *ast.File) map[int]*ast.CommentGroup {
	m := map[int]*ast.CommentGroup{}
	for _, cg := range f.Comments {
		m[fset.Position(cg.End()).Line] = cg
	}
	return m
}

// above collects markers from comment groups that end one or two lines above
// pos (a blank line may separate them), skipping the doc group already read.
func above(fset *token.FileSet, groups map[int]*ast.CommentGroup, pos token.Pos, doc *ast.CommentGroup) Set {
	var out Set
	line := fset.Position(pos).Line
	if doc != nil {
		line = fset.Position(doc.Pos()).Line
	}
	for {
		var cg *ast.CommentGroup
		for _, l := range []int{line - 1, line - 2} {
			if g, ok := groups[l]; ok && g != doc {
				cg = g
				break
			}
		}
		if cg == nil {
			return out
		}
		out = append(parse(cg), out...)
		line = fset.Position(cg.Pos()).Line
	}
}

func parse(cg *ast.CommentGroup) Set {
	if cg == nil {
		return nil
	}
	var out Set
	for _, c := range cg.List {
		text := strings.TrimPrefix(c.Text, "//")
		text = strings.TrimSpace(text)
		if !strings.HasPrefix(text, "+") || len(text) < 2 {
			continue
		}
		text = text[1:]
		name, value, _ := strings.Cut(text, "=")
		out = append(out, Marker{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value), Pos: c.Pos()})
	}
	return out
}

// Labels parses the values of +kubebuilder:metadata:labels markers
// ("k=v", "k=v";"k2=v2", {"k=v","k2=v2"}) into a map.
func Labels(s Set) map[string]string {
	out := map[string]string{}
	for _, m := range s.All("kubebuilder:metadata:labels") {
		v := strings.TrimSpace(m.Value)
		v = strings.TrimPrefix(v, "{")
		v = strings.TrimSuffix(v, "}")
		for _, item := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ',' }) {
			item = strings.Trim(strings.TrimSpace(item), `"`+"`")
			if k, val, ok := strings.Cut(item, "="); ok {
				out[strings.TrimSpace(k)] = strings.TrimSpace(val)
			}
		}
	}
	return out
}
