package kindtypes

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"strconv"
	"strings"
	"unicode"

	"github.com/mpaudit/mpaudit/contract"
)

// layout gives generated nodes and their comments positions in a synthetic
// file, so go/printer places each doc comment above its node: without
// positions it prints comments in the middle of the code.
type layout struct {
	fset *token.FileSet
	file *token.File
	line int
}

const (
	layoutLines = 4096
	layoutWidth = 256
)

func newLayout() *layout {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, layoutLines*layoutWidth)
	lines := make([]int, layoutLines)
	for i := range lines {
		lines[i] = i * layoutWidth
	}
	f.SetLines(lines)
	return &layout{fset: fset, file: f}
}

// next starts a new line; at is a column of the current one.
func (l *layout) next() token.Pos { l.line = min(l.line+1, layoutLines-1); return l.at(0) }
func (l *layout) at(col int) token.Pos {
	return l.file.Pos(l.line*layoutWidth + min(col, layoutWidth-1))
}

// doc is a comment group of lines, each on its own line.
func (l *layout) doc(lines []string) *ast.CommentGroup {
	if len(lines) == 0 {
		return nil
	}
	g := &ast.CommentGroup{}
	for _, s := range lines {
		g.List = append(g.List, &ast.Comment{Slash: l.next(), Text: "// " + s})
	}
	return g
}

// field is a struct field with doc lines, a name, a type and a json tag.
func (l *layout) field(doc []string, name string, typ func(token.Pos) ast.Expr, tag contract.JSONTag) *ast.Field {
	d := l.doc(doc)
	return &ast.Field{
		Doc:   d,
		Names: []*ast.Ident{{Name: name, NamePos: l.next()}},
		Type:  typ(l.at(1)),
		Tag:   &ast.BasicLit{ValuePos: l.at(2), Kind: token.STRING, Value: "`json:" + strconv.Quote(tag.String()) + "`"},
	}
}

// structDecl is `type name struct { fields }` with a doc comment; fields
// are made by the callback so they are laid out inside the braces.
func (l *layout) structDecl(doc []string, name string, fields func() []*ast.Field) *ast.GenDecl {
	d := l.doc(doc)
	tok := l.next()
	st := &ast.StructType{Struct: l.at(2), Fields: &ast.FieldList{Opening: l.at(3)}}
	spec := &ast.TypeSpec{Name: &ast.Ident{Name: name, NamePos: l.at(1)}, Type: st}
	st.Fields.List = fields()
	st.Fields.Closing = l.next()
	return &ast.GenDecl{Doc: d, TokPos: tok, Tok: token.TYPE, Specs: []ast.Spec{spec}}
}

// print formats a generated declaration.
func (l *layout) print(n ast.Node) (string, bool) {
	var buf bytes.Buffer
	if err := format.Node(&buf, l.fset, n); err != nil {
		return "", false
	}
	return buf.String(), true
}

// printField formats one field as it reads inside a struct: the struct
// printed around it, less its braces and their indentation.
func (l *layout) printField(f *ast.Field) (string, bool) {
	// The closing brace on the line after the field's (lines are 1-based).
	closing := l.file.Pos(l.file.Line(f.Names[0].Pos()) * layoutWidth)
	st := &ast.StructType{Struct: f.Pos() - 2, Fields: &ast.FieldList{Opening: f.Pos() - 1, List: []*ast.Field{f}, Closing: closing}}
	if f.Doc != nil {
		st.Struct, st.Fields.Opening = f.Doc.Pos()-2, f.Doc.Pos()-1
	}
	s, ok := l.print(st)
	if !ok {
		return "", false
	}
	first, last := strings.IndexByte(s, '\n'), strings.LastIndexByte(s, '\n')
	if first < 0 || last <= first {
		return "", false
	}
	return strings.ReplaceAll(s[first+1:last], "\n\t", "\n")[1:], true
}

// basicType is the expression of a catalogued basic shape (bool, *bool,
// string, *int32, ...); false for named, slice and map shapes.
func basicType(g contract.GoType) (func(token.Pos) ast.Expr, bool) {
	switch g.Kind {
	case contract.TypeBool, contract.TypeString, contract.TypeInt32:
	default:
		return nil, false
	}
	if g.Named != nil || g.Elem != nil {
		return nil, false
	}
	return func(pos token.Pos) ast.Expr {
		id := &ast.Ident{Name: string(g.Kind), NamePos: pos}
		if g.Pointer {
			return &ast.StarExpr{Star: pos, X: id}
		}
		return id
	}, true
}

// GoName is the exported Go field name of a JSON name, in Cluster API's
// style: a letter after a digit starts a word (v1beta1 → V1Beta1).
func GoName(json string) string {
	r := []rune(json)
	for i := range r {
		if i == 0 || unicode.IsDigit(r[i-1]) {
			r[i] = unicode.ToUpper(r[i])
		}
	}
	return string(r)
}

// markerLines are the markers of a point on its field (or its type).
func markerLines(p contract.Point, onType bool) []string {
	var out []string
	for _, m := range p.Markers {
		if m.OnType == onType {
			out = append(out, m.String())
		}
	}
	return out
}
