package kindtypes

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/contract"
)

// fixer builds the type-side fixes of one classified type, of any kind,
// from the catalog's points. Only storage types get fixes: spokes follow
// through conversion, not by hand. A nil t offers none.
type fixer struct {
	pass *analysis.Pass
	mk   *markers.Markers
	t    *kindfinder.Type
}

// InitializationTypeName is the name Cluster API's style gives the kind's
// initialization struct for a root type (FooMachine →
// FooMachineInitializationStatus), from the catalog.
func InitializationTypeName(k *contract.Kind, root string) (string, bool) {
	init, ok := k.PointOf(contract.V1Beta2, contract.AspectInitialization)
	if !ok || init.Type.Named == nil {
		return "", false
	}
	return init.Type.Named.NameFor(root), true
}

// Initialization names the initialization field of a kind as the type fix
// declares it: the Go names of the field and of its readiness field.
func Initialization(k *contract.Kind) (field, inner string, ok bool) {
	init, ok1 := k.PointOf(contract.V1Beta2, contract.AspectInitialization)
	in, ok2 := k.Readiness(contract.V1Beta2)
	if !ok1 || !ok2 || len(init.Segments()) != 2 || !strings.HasPrefix(in.Path, init.Path+".") {
		return "", "", false
	}
	return GoName(init.Segments()[1]), GoName(strings.TrimPrefix(in.Path, init.Path+".")), true
}

// initialization adds the kind's v1beta2 initialization struct beside its
// v1beta1 readiness field (the dual shape), keeping that field with a note
// that says why.
func (x fixer) initialization(ready kindfinder.JSONField) []analysis.SuggestedFix {
	t := x.t
	if x.t == nil || !t.Storage {
		return nil
	}
	k := t.Catalog
	v1, ok1 := k.Readiness(contract.V1Beta1)
	init, ok2 := k.PointOf(contract.V1Beta2, contract.AspectInitialization)
	inner, ok3 := k.Readiness(contract.V1Beta2)
	fieldName, innerName, ok4 := Initialization(k)
	typeName, ok5 := InitializationTypeName(k, t.Kind)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || v1.Segments()[0] != init.Segments()[0] {
		return nil
	}
	innerType, ok := basicType(inner.Type)
	if !ok {
		return nil
	}
	statusSpec, st, ok := x.declaredStruct(t.Status)
	if !ok {
		return nil
	}
	readyField := fieldFor(st, ready.Var, x.pass.TypesInfo)
	if readyField == nil {
		return nil
	}
	if _, taken := kindfinder.FieldByPath(t.Obj.Type(), init.Path); taken || fieldNamed(st, fieldName) {
		return nil // a misshapen initialization exists: the shape rule says what to change
	}
	if t.Obj.Pkg().Scope().Lookup(typeName) != nil {
		return nil // a type of that name exists: a person must decide
	}
	statusDecl := enclosingGenDecl(x.pass, statusSpec)
	if statusDecl == nil {
		return nil
	}

	initJSON, innerJSON := init.Segments()[1], contract.Leaf(inner.Path)
	l := newLayout()
	field := l.field(append([]string{
		fmt.Sprintf("%s provides observations of the %s initialization process.", initJSON, t.Kind),
		"NOTE: Fields in this struct are part of the Cluster API contract.",
	}, markerLines(init, false)...), fieldName, func(pos token.Pos) ast.Expr { return &ast.Ident{Name: typeName, NamePos: pos} }, init.Tag)
	fieldText, ok := l.printField(field)
	if !ok {
		return nil
	}
	decl := l.structDecl(append([]string{
		fmt.Sprintf("%s provides observations of the %s initialization process.", typeName, t.Kind),
	}, markerLines(init, true)...), typeName, func() []*ast.Field {
		return []*ast.Field{l.field(append([]string{
			fmt.Sprintf("%s is true when the provider reports that the %s is %s.", innerJSON, t.Kind, k.InitializedMeans),
			"NOTE: this field is part of the Cluster API contract.",
		}, markerLines(inner, false)...), innerName, innerType, inner.Tag)}
	})
	declText, ok := l.print(decl)
	if !ok {
		return nil
	}
	note := readyNote(k, v1, inner)
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("add %s (%s) and keep %s", inner.Path, typeName, v1.Path),
		TextEdits: []analysis.TextEdit{
			{Pos: notePos(readyField), End: notePos(readyField), NewText: []byte("// " + note + "\n")},
			{Pos: afterLineComment(readyField), End: afterLineComment(readyField), NewText: []byte("\n\n" + fieldText)},
			{Pos: statusDecl.End(), End: statusDecl.End(), NewText: []byte("\n\n" + declText)},
		},
	}}
}

// readyNote says why the v1beta1 readiness field stays: pools are read by
// it whatever their label; the label-driven kinds by cores before v1beta2
// and under a v1beta1 label.
func readyNote(k *contract.Kind, v1, inner contract.Point) string {
	old, next := contract.Leaf(v1.Path), strings.TrimPrefix(inner.Path, contract.Segment(inner.Path, 0)+".")
	if k.LabelExclusiveSince == "" {
		return fmt.Sprintf("NOTE: %s is kept because Cluster API cores through %s read only %s; set it together with %s.",
			old, contract.LatestVerifiedCore, v1.Path, next)
	}
	return fmt.Sprintf("NOTE: %s is kept because cores before %s and CRDs labelled %s read it; set it together with %s.",
		old, k.LabelExclusiveSince, contract.V1Beta1, next)
}

// notePos is where a doc line joins a field's doc: before its first
// +marker, so generated CRD descriptions keep prose together.
func notePos(f *ast.Field) token.Pos {
	if f.Doc != nil {
		for _, c := range f.Doc.List {
			if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "+") {
				return c.Pos()
			}
		}
	}
	return f.Names[0].Pos()
}

// afterLineComment is where text can follow a field without taking its
// trailing comment.
func afterLineComment(f *ast.Field) token.Pos {
	if f.Comment != nil {
		return f.Comment.End()
	}
	return f.End()
}

func fieldNamed(st *ast.StructType, name string) bool {
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// fieldFor finds the AST field that declares v.
func fieldFor(st *ast.StructType, v *types.Var, info *types.Info) *ast.Field {
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if info.Defs[n] == v {
				return f
			}
		}
	}
	return nil
}

// enclosingGenDecl finds the type declaration holding spec.
func enclosingGenDecl(pass *analysis.Pass, spec *ast.TypeSpec) *ast.GenDecl {
	for _, f := range pass.Files {
		if f.Pos() > spec.Pos() || spec.End() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				for _, s := range gd.Specs {
					if s == spec {
						return gd
					}
				}
			}
		}
	}
	return nil
}

// declaredStruct is the declaration of container (a spec or status type,
// or a pointer to one) when it is a struct declared in the root type's
// own package, the only place a fix edits.
func (x fixer) declaredStruct(container types.Type) (*ast.TypeSpec, *ast.StructType, bool) {
	named, ok := kindfinder.Deref(container).(*types.Named)
	if !ok || named.Obj().Pkg() != x.t.Obj.Pkg() {
		return nil, nil, false
	}
	spec := x.mk.TypeSpec(named.Obj())
	if spec == nil {
		return nil, nil, false
	}
	st, ok := spec.Type.(*ast.StructType)
	return spec, st, ok
}
