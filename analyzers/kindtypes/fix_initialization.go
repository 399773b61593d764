package kindtypes

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// InitializationTypeName is the name Cluster API's style gives the struct.
func InitializationTypeName(kind string) string { return kind + "InitializationStatus" }

// initializationFix adds status.initialization.provisioned next to
// status.ready on a storage type (the dual shape), keeping Ready with a
// comment that says why.
func (c *poolChecker) initializationFix(ready kindfinder.JSONField) []analysis.SuggestedFix {
	p := c.pool
	if !p.Storage {
		return nil // spokes follow through conversion, not by hand
	}
	statusNamed, ok := kindfinder.Deref(p.Status).(*types.Named)
	if !ok || statusNamed.Obj().Pkg() != p.Obj.Pkg() {
		return nil
	}
	statusSpec := c.mk.TypeSpec(statusNamed.Obj())
	st, ok := statusSpec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	readyField := fieldFor(st, ready.Var, c.pass.TypesInfo)
	if readyField == nil {
		return nil
	}
	if _, taken := kindfinder.FieldByPath(p.Obj.Type(), contract.PathInitialization); taken || fieldNamed(st, "Initialization") {
		return nil // a misshapen initialization exists: MPA104 says what to change
	}
	initType := InitializationTypeName(p.Kind)
	if p.Obj.Pkg().Scope().Lookup(initType) != nil {
		return nil // a type of that name exists: a person must decide
	}
	statusDecl := enclosingGenDecl(c.pass, statusSpec)
	if statusDecl == nil {
		return nil
	}

	field := fmt.Sprintf(`

// initialization provides observations of the %[1]s initialization process.
// NOTE: Fields in this struct are part of the Cluster API contract and are used to orchestrate initial MachinePool provisioning.
// +optional
Initialization %[2]s `+"`json:\"initialization,omitempty,omitzero\"`", p.Kind, initType)
	typeDecl := fmt.Sprintf(`

// %[1]s provides observations of the %[2]s initialization process.
// +kubebuilder:validation:MinProperties=1
type %[1]s struct {
	// provisioned is true when the infrastructure provider reports that the MachinePool's infrastructure is fully provisioned.
	// NOTE: this field is part of the Cluster API contract, and it is used to orchestrate initial MachinePool provisioning.
	// +optional
	Provisioned *bool `+"`json:\"provisioned,omitempty\"`"+`
}`, initType, p.Kind)
	if err := parses(typeDecl); err != nil {
		return nil
	}
	readyNote := "// NOTE: ready is kept because Cluster API cores through " + contract.LatestVerifiedCore +
		" read only status.ready; set it together with initialization.provisioned.\n"
	edits := []analysis.TextEdit{
		{Pos: notePos(readyField), End: notePos(readyField), NewText: []byte(readyNote)},
		{Pos: afterLineComment(readyField), End: afterLineComment(readyField), NewText: []byte(field)},
		{Pos: statusDecl.End(), End: statusDecl.End(), NewText: []byte(typeDecl)},
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("add status.initialization.provisioned (%s) and keep status.ready", initType),
		TextEdits: edits,
	}}
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

// parses checks that generated declarations are valid Go.
func parses(decls string) error {
	src := "package p\n" + decls
	if _, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments); err != nil {
		return err
	}
	_, err := format.Source([]byte(src))
	return err
}
