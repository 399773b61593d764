package kindtypes

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// DeprecatedFieldDoc is the doc line Cluster API gives every field under
// status.deprecated.v1beta1.
const DeprecatedFieldDoc = "// Deprecated: This field is deprecated and is going to be removed when support for v1beta1 is dropped."

// FailureGetter and FailureSetter name the accessors the MPA105/MPA106 fix
// declares on the status type for a moved field (FailureReason ->
// V1Beta1FailureReason, SetV1Beta1FailureReason).
func FailureGetter(field string) string { return "V1Beta1" + field }
func FailureSetter(field string) string { return "SetV1Beta1" + field }

// FailureMove is how the MPA105/MPA106 fix moves a status type's top-level
// failureReason and failureMessage under status.deprecated.v1beta1. It is
// computed from types alone, so poolusage (which sees the API package only
// through export data) decides exactly as the type-side fix does.
type FailureMove struct {
	Status *types.Named
	// Fields are the top-level failure fields, failureReason first.
	Fields []*types.Var
	// Deprecated and V1Beta1 are the existing group fields, nil when the fix
	// adds them; the Ptr flags say whether the groups are pointers.
	Deprecated, V1Beta1       *types.Var
	DeprecatedName            string // Go name of the status field (Deprecated)
	V1Beta1Name               string // Go name of the group field (V1Beta1)
	DeprecatedType            string // name of the group struct type
	V1Beta1Type               string
	DeprecatedPtr, V1Beta1Ptr bool
}

// Moves reports whether v is one of the moved fields.
func (m *FailureMove) Moves(v *types.Var) bool {
	return slices.Contains(m.Fields, v)
}

// PlanFailureMove decides whether the failure fields of status (the status
// type of a pool of the given kind) can be moved, and where to. It refuses
// when the fields are promoted from an embedded struct, when an existing
// status.deprecated or its v1beta1 group has another shape or already holds
// fields of those names, or when a name the fix declares is taken.
func PlanFailureMove(status types.Type, kind string) (*FailureMove, bool) {
	named, ok := types.Unalias(kindfinder.Deref(status)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, false
	}
	pkg := named.Obj().Pkg()
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	m := &FailureMove{Status: named, DeprecatedName: "Deprecated", V1Beta1Name: "V1Beta1"}
	for _, name := range []string{contract.Leaf(contract.PathFailureReason), contract.Leaf(contract.PathFailureMessage)} {
		f, ok := kindfinder.FieldByJSON(named, name)
		if !ok {
			continue
		}
		if !directField(st, f.Var) {
			return nil, false
		}
		m.Fields = append(m.Fields, f.Var)
	}
	if len(m.Fields) == 0 {
		return nil, false
	}
	ptrToStatus := types.NewPointer(named)
	for _, f := range m.Fields {
		for _, name := range []string{FailureGetter(f.Name()), FailureSetter(f.Name())} {
			if obj, _, _ := types.LookupFieldOrMethod(ptrToStatus, true, pkg, name); obj != nil {
				return nil, false
			}
		}
	}
	taken := func(name string) bool { return pkg.Scope().Lookup(name) != nil }

	dep, hasDep := kindfinder.FieldByJSON(named, contract.Segment(contract.PathDeprecatedV1B1, 1))
	if !hasDep {
		m.DeprecatedType, m.V1Beta1Type = kind+"DeprecatedStatus", kind+"V1Beta1DeprecatedStatus"
		m.DeprecatedPtr, m.V1Beta1Ptr = true, true
		if obj, _, _ := types.LookupFieldOrMethod(ptrToStatus, true, pkg, m.DeprecatedName); obj != nil ||
			taken(m.DeprecatedType) || taken(m.V1Beta1Type) {
			return nil, false
		}
		return m, true
	}
	if !directField(st, dep.Var) {
		return nil, false
	}
	depNamed, depPtr, ok := localStruct(dep.Var.Type(), pkg)
	if !ok {
		return nil, false
	}
	m.Deprecated, m.DeprecatedName, m.DeprecatedType, m.DeprecatedPtr = dep.Var, dep.Var.Name(), depNamed.Obj().Name(), depPtr
	v1, hasV1 := kindfinder.FieldByJSON(depNamed, contract.Segment(contract.PathDeprecatedV1B1, 2))
	if !hasV1 {
		m.V1Beta1Type, m.V1Beta1Ptr = kind+"V1Beta1DeprecatedStatus", true
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(depNamed), true, pkg, m.V1Beta1Name); obj != nil || taken(m.V1Beta1Type) {
			return nil, false
		}
		return m, true
	}
	if !directField(depNamed.Underlying().(*types.Struct), v1.Var) {
		return nil, false
	}
	v1Named, v1Ptr, ok := localStruct(v1.Var.Type(), pkg)
	if !ok {
		return nil, false
	}
	m.V1Beta1, m.V1Beta1Name, m.V1Beta1Type, m.V1Beta1Ptr = v1.Var, v1.Var.Name(), v1Named.Obj().Name(), v1Ptr
	for _, f := range m.Fields {
		json, _ := kindfinder.JSONNameOf(st, f)
		if _, dup := kindfinder.FieldByJSON(v1Named, json); dup {
			return nil, false
		}
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(v1Named), true, pkg, f.Name()); obj != nil {
			return nil, false
		}
	}
	return m, true
}

// localStruct accepts T or *T for a named struct type T of pkg.
func localStruct(t types.Type, pkg *types.Package) (*types.Named, bool, bool) {
	_, isPtr := types.Unalias(t).(*types.Pointer)
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != pkg {
		return nil, false, false
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil, false, false
	}
	return named, isPtr, true
}

func directField(st *types.Struct, v *types.Var) bool {
	for f := range st.Fields() {
		if f == v {
			return true
		}
	}
	return false
}

// failuresFix moves the top-level failure fields of a storage type's status
// under status.deprecated.v1beta1 (adding the Cluster API style groups when
// missing) and declares nil-safe accessors on the status type, which the
// poolusage fixes rewrite use sites to. The one fix moves both fields, so
// it is offered on both findings; identical fixes merge when both apply.
func (c fixer) failures() []analysis.SuggestedFix {
	p := c.t
	if c.t == nil || !p.Storage {
		return nil // spokes follow through conversion, not by hand
	}
	m, ok := PlanFailureMove(p.Status, p.Kind)
	if !ok || m.Status.Obj().Pkg() != p.Obj.Pkg() {
		return nil
	}
	statusSpec := c.mk.TypeSpec(m.Status.Obj())
	if statusSpec == nil {
		return nil
	}
	statusST, ok := statusSpec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	statusDecl := enclosingGenDecl(c.pass, statusSpec)
	if statusDecl == nil {
		return nil
	}
	src := newSources(c.pass)
	statusFile := c.pass.Fset.File(statusSpec.Pos())

	l := newLayout()
	var edits []analysis.TextEdit
	var moved []func() *ast.Field // the v1beta1 group's fields, laid out where they go
	var accessors []ast.Decl
	typeExprs := []ast.Expr{} // type expressions of the moved fields
	for _, v := range m.Fields {
		f := fieldFor(statusST, v, c.pass.TypesInfo)
		if f == nil || len(f.Names) != 1 {
			return nil // `FailureReason, FailureMessage *string` needs a person
		}
		from, to, ok := src.wholeLines(f)
		if !ok {
			return nil
		}
		typ, ok := typeCopy(f.Type)
		if !ok {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: from, End: to})
		moved = append(moved, func() *ast.Field { return l.movedField(f, typ) })
		typeExprs = append(typeExprs, f.Type)
		accessors = append(accessors, accessorDecls(l, m, v, typ)...)
	}
	fields := func() []*ast.Field {
		var out []*ast.Field
		for i, f := range moved {
			if i > 0 {
				l.line++ // a blank line between the moved fields
			}
			out = append(out, f())
		}
		return out
	}

	var decls []ast.Decl
	switch {
	case m.Deprecated == nil:
		field, ok := l.printField(l.field([]string{
			contract.Segment(contract.PathDeprecatedV1B1, 1) + " groups all the status fields that are deprecated and will be removed when all the nested field are removed.",
			contract.Marker{Name: contract.MarkerOptional}.String(),
		}, m.DeprecatedName, pointerTo(m.DeprecatedType), groupTag(1)))
		if !ok {
			return nil
		}
		at := src.closingLine(statusST)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + field + "\n")})
		decls = append(decls, deprecatedDecl(l, m), l.structDecl(v1Beta1Doc(m), m.V1Beta1Type, fields))
	case m.V1Beta1 == nil:
		depSpec := c.mk.TypeSpec(namedOf(m.Deprecated.Type()).Obj())
		depST, ok := typeStruct(depSpec)
		if !ok {
			return nil
		}
		field, ok := l.printField(v1Beta1Field(l, m))
		if !ok {
			return nil
		}
		at := src.closingLine(depST)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + field + "\n")})
		decls = append(decls, l.structDecl(v1Beta1Doc(m), m.V1Beta1Type, fields))
	default:
		v1Spec := c.mk.TypeSpec(namedOf(m.V1Beta1.Type()).Obj())
		v1ST, ok := typeStruct(v1Spec)
		if !ok {
			return nil
		}
		if c.pass.Fset.File(v1Spec.Pos()) != statusFile {
			// The moved types are spelled with the status file's imports.
			if slices.ContainsFunc(typeExprs, qualified) {
				return nil
			}
		}
		var printed []string
		for _, f := range fields() {
			t, ok := l.printField(f)
			if !ok {
				return nil
			}
			printed = append(printed, t)
		}
		at := src.closingLine(v1ST)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + strings.Join(printed, "\n\n") + "\n")})
	}
	var text strings.Builder
	for _, d := range append(decls, accessors...) {
		t, ok := l.print(d)
		if !ok {
			return nil
		}
		text.WriteString("\n" + t + "\n")
	}
	// After the status declaration's line: the initialization fix inserts
	// right at the declaration's end, and two different insertions at one
	// point would merge in an order that depends on the driver.
	at := src.nextLine(statusDecl.End())
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text.String())})

	names := make([]string, len(m.Fields))
	for i, v := range m.Fields {
		names[i], _ = kindfinder.JSONNameOf(m.Status.Underlying().(*types.Struct), v)
		names[i] = "status." + names[i]
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("move %s under %s with nil-safe accessors on %s", strings.Join(names, " and "), contract.PathDeprecatedV1B1, m.Status.Obj().Name()),
		TextEdits: normalize(edits),
	}}
}

func namedOf(t types.Type) *types.Named {
	n, _ := types.Unalias(kindfinder.Deref(t)).(*types.Named)
	return n
}

func typeStruct(spec *ast.TypeSpec) (*ast.StructType, bool) {
	if spec == nil {
		return nil, false
	}
	st, ok := spec.Type.(*ast.StructType)
	return st, ok
}

// qualified reports whether a type expression names another package.
func qualified(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.SelectorExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// normalize sorts edits and joins those that touch, so a deletion followed
// by an insertion at its end is one edit.
func normalize(edits []analysis.TextEdit) []analysis.TextEdit {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	var out []analysis.TextEdit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].End == e.Pos {
			out[n-1].End = e.End
			out[n-1].NewText = append(append([]byte(nil), out[n-1].NewText...), e.NewText...)
			continue
		}
		out = append(out, e)
	}
	return out
}

// sources reads the files of the package, for source spans.
type sources struct {
	pass  *analysis.Pass
	files map[*token.File][]byte
}

func newSources(pass *analysis.Pass) *sources {
	return &sources{pass: pass, files: map[*token.File][]byte{}}
}

func (s *sources) content(pos token.Pos) (*token.File, []byte) {
	tf := s.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	if b, ok := s.files[tf]; ok {
		return tf, b
	}
	read := s.pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	b, err := read(tf.Name())
	if err != nil || len(b) != tf.Size() {
		b = nil
	}
	s.files[tf] = b
	return tf, b
}

// wholeLines is the range of f's lines (doc comment through line comment
// and newline), when nothing else shares them.
func (s *sources) wholeLines(f *ast.Field) (token.Pos, token.Pos, bool) {
	start, end := f.Pos(), f.End()
	if f.Doc != nil {
		start = f.Doc.Pos()
	}
	if f.Comment != nil {
		end = f.Comment.End()
	}
	tf, b := s.content(start)
	if b == nil {
		return 0, 0, false
	}
	from := tf.Offset(start)
	for from > 0 && (b[from-1] == ' ' || b[from-1] == '\t') {
		from--
	}
	if from > 0 && b[from-1] != '\n' {
		return 0, 0, false
	}
	to := tf.Offset(end)
	for to < len(b) && (b[to] == ' ' || b[to] == '\t' || b[to] == '\r') {
		to++
	}
	if to < len(b) {
		if b[to] != '\n' {
			return 0, 0, false
		}
		to++
	}
	return tf.Pos(from), tf.Pos(to), true
}

// closingLine is where a field can be inserted as the last one of st: the
// start of the closing brace's line when the brace starts it, else the brace.
func (s *sources) closingLine(st *ast.StructType) token.Pos {
	closing := st.Fields.Closing
	tf, b := s.content(closing)
	if b == nil {
		return closing
	}
	off := tf.Offset(closing)
	line := bytes.LastIndexByte(b[:off], '\n') + 1
	if strings.TrimSpace(string(b[line:off])) == "" {
		return tf.Pos(line)
	}
	return closing
}

// nextLine is the start of the line after pos, or the end of the file.
func (s *sources) nextLine(pos token.Pos) token.Pos {
	tf, b := s.content(pos)
	if b == nil {
		return pos
	}
	off := tf.Offset(pos)
	if i := bytes.IndexByte(b[off:], '\n'); i >= 0 {
		return tf.Pos(off + i + 1)
	}
	return tf.Pos(len(b))
}
