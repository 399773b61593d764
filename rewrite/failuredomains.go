package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/importgroups"
)

// InfraCluster status.failureDomains is a map under the v1beta1 contract and
// a list under v1beta2, and core decodes it with the shape its label selects
// (no fallback). The rewrite changes the shape of a storage version only
// when the same rewrite labels it v1beta2, and only when an older API
// version (a spoke) keeps the map for cores that read the v1beta1 label:
// one served version cannot have both shapes. The use sites it knows are
// rewritten; any other holds the label for a person.

const (
	pkgSlices = "slices"
	pkgPtr    = "k8s.io/utils/ptr"
)

// fdMigration is the planned change of one kind's hub: edits per staged
// file and the imports each needs.
type fdMigration struct {
	key     labelKey
	hubFile string
	edits   map[string][]textEdit
	imports map[string]*importSet
	// maybeUnused are the packages of the map's types, which a file may no
	// longer use once its uses are rewritten.
	maybeUnused []string
}

// fdPoints are the catalog's two shapes of the field.
func fdPoints() (v1, v2 contract.Point, ok bool) {
	v1, ok1 := contract.InfraCluster.PointOf(contract.V1Beta1, contract.AspectFailureDomains)
	v2, ok2 := contract.InfraCluster.PointOf(contract.V1Beta2, contract.AspectFailureDomains)
	return v1, v2, ok1 && ok2 && v1.Type.Named != nil && v2.Type.Elem != nil && v2.Type.Elem.Named != nil
}

// planFailureDomains plans the shape change of every InfraCluster storage
// type whose status.failureDomains is the v1beta1 map. It returns the
// migrations it can make and, for the others, why the label must stay.
func planFailureDomains(st *stage, targets []kindTarget) (map[labelKey]*fdMigration, map[labelKey]string, error) {
	v1, v2, ok := fdPoints()
	if !ok {
		return nil, nil, nil
	}
	var clusters []kindTarget
	for _, t := range targets {
		if t.kind != nil && t.kind.Name == contract.InfraCluster.Name {
			clusters = append(clusters, t)
		}
	}
	if len(clusters) == 0 {
		return nil, nil, nil
	}
	elemRef := v2.Type.Elem.Named
	// The hub packages alone first: most modules have no map to migrate,
	// and type-checking the whole module would cost as much as a go vet.
	var dirs []string
	for _, t := range clusters {
		dirs = append(dirs, t.dir)
	}
	hubs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedTypes, Dir: st.dir, Env: append(os.Environ(), goEnv...), Context: st.context()}, dirs...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the InfraCluster packages: %w", err)
	}
	if !slices.ContainsFunc(clusters, func(t kindTarget) bool { _, f := hubField(hubs, t, v1); return f != nil }) {
		return nil, nil, nil
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:  st.dir, Env: append(os.Environ(), goEnv...), Tests: true, Context: st.context(),
	}
	pkgs, err := packages.Load(cfg, append([]string{"./..."}, elemRef.Packages...)...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the module for the %s migration: %w", v2.Path, err)
	}
	var elem *types.Named
	for _, p := range pkgs {
		if p.PkgPath == elemRef.Packages[0] && p.Types != nil && len(p.Errors) == 0 {
			if tn, ok := p.Types.Scope().Lookup(elemRef.Name).(*types.TypeName); ok {
				elem, _ = tn.Type().(*types.Named)
			}
		}
	}
	ready, held := map[labelKey]*fdMigration{}, map[labelKey]string{}
	for _, t := range clusters {
		key := labelKey{t.ref.Group, t.ref.Name}
		hubPkg, field := hubField(pkgs, t, v1)
		if field == nil {
			continue // no map to migrate
		}
		switch {
		case elem == nil:
			held[key] = fmt.Sprintf("%s stays the v1beta1 map: the module's Cluster API has no %s.%s (Cluster API v1.11 or later has it), so the label stays (needs a person)",
				v2.Path, elemRef.Packages[0], elemRef.Name)
			continue
		case !t.hasSpokes:
			held[key] = fmt.Sprintf("%s serves one API version, which cannot keep the v1beta1 map for older cores and give newer ones the v1beta2 list; serve the list in a new API version labelled %s, the map in the old one (as Cluster API v1.11.0 did for DockerCluster) (needs a person)",
				key.kind, contract.LabelKey(contract.V1Beta2))
			continue
		}
		fp := &fdPlanner{st: st, pkgs: pkgs, field: field, elem: elem, v2: v2,
			m: &fdMigration{key: key, edits: map[string][]textEdit{}, imports: map[string]*importSet{}, maybeUnused: v1.Type.Named.Packages}}
		fp.typeEdit(hubPkg)
		fp.uses()
		if err := fp.otherConfigurations(); err != nil {
			return nil, nil, err
		}
		if len(fp.problems) > 0 {
			sort.Strings(fp.problems)
			held[key] = fmt.Sprintf("%s stays the v1beta1 map: mpaudit cannot rewrite %s (needs a person)", v2.Path, strings.Join(fp.problems, "; "))
			continue
		}
		ready[key] = fp.m
	}
	return ready, held, nil
}

// hubField finds the storage type's status.failureDomains when it has the
// v1beta1 map shape.
func hubField(pkgs []*packages.Package, t kindTarget, v1 contract.Point) (*packages.Package, *types.Var) {
	status, _, _ := strings.Cut(v1.Path, ".")
	for _, p := range pkgs {
		if p.Types == nil || filepath.Clean(pkgDir(p)) != filepath.Clean(t.dir) {
			continue
		}
		tn, ok := p.Types.Scope().Lookup(t.ref.Name).(*types.TypeName)
		if !ok {
			continue
		}
		s := fieldByJSON(tn.Type(), status)
		if s == nil {
			return nil, nil
		}
		f := fieldByJSON(s.Type(), jsonName(v1.Path))
		if f == nil || !isNamed(f.Type(), v1.Type.Named) {
			return nil, nil
		}
		return p, f
	}
	return nil, nil
}

func pkgDir(p *packages.Package) string {
	if p.Dir != "" {
		return p.Dir
	}
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	return ""
}

// isNamed reports whether t is the catalog's named type.
func isNamed(t types.Type, ref *contract.TypeRef) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != ref.Name {
		return false
	}
	for _, p := range ref.Packages {
		if n.Obj().Pkg().Path() == p {
			return true
		}
	}
	return false
}

type fdPlanner struct {
	// ranges are the bodies of ranges over the field: a change of the
	// list inside one would change what the range sees, not so the map's.
	ranges   []ast.Node
	st       *stage
	pkgs     []*packages.Package
	field    *types.Var
	elem     *types.Named
	v2       contract.Point
	m        *fdMigration
	problems []string
	seen     map[string]bool // files the load type-checked
}

func (fp *fdPlanner) problem(fset *token.FileSet, pos token.Pos, what string) {
	p := fset.Position(pos)
	rel, err := filepath.Rel(fp.st.dir, p.Filename)
	if err != nil {
		rel = p.Filename
	}
	fp.problems = append(fp.problems, fmt.Sprintf("%s (%s:%d)", what, filepath.ToSlash(rel), p.Line))
}

func (fp *fdPlanner) edit(fset *token.FileSet, from, to token.Pos, text string) {
	tf := fset.File(from)
	fp.m.edits[tf.Name()] = append(fp.m.edits[tf.Name()], textEdit{offset: tf.Offset(from), remove: tf.Offset(to) - tf.Offset(from), text: text})
}

func (fp *fdPlanner) importsOf(pkg *packages.Package, f *ast.File) *importSet {
	name := pkg.Fset.File(f.Pos()).Name()
	if fp.m.imports[name] == nil {
		fp.m.imports[name] = newImportSet(pkg, f)
	}
	return fp.m.imports[name]
}

// elemType is the v1beta2 element type as the file names it.
func (fp *fdPlanner) elemType(imports *importSet) ast.Expr {
	return &ast.SelectorExpr{X: ast.NewIdent(imports.name(fp.elem.Obj().Pkg().Path(), pkgQualifier(fp.v2))), Sel: ast.NewIdent(fp.elem.Obj().Name())}
}

// pkgQualifier is the conventional name of the element's package.
func pkgQualifier(p contract.Point) string {
	s := p.Type.Elem.String()
	q, _, _ := strings.Cut(s, ".")
	return q
}

// typeEdit gives the hub field the v1beta2 type and the markers the
// catalog prescribes that its doc lacks.
func (fp *fdPlanner) typeEdit(p *packages.Package) {
	for _, f := range p.Syntax {
		if f.Pos() > fp.field.Pos() || fp.field.Pos() > f.End() {
			continue
		}
		in := inspector.New([]*ast.File{f})
		for c := range in.Root().Preorder((*ast.Field)(nil)) {
			field := c.Node().(*ast.Field)
			if len(field.Names) != 1 || field.Names[0].Pos() != fp.field.Pos() {
				continue
			}
			imports := fp.importsOf(p, f)
			fp.m.hubFile = p.Fset.File(f.Pos()).Name()
			fp.edit(p.Fset, field.Type.Pos(), field.Type.End(), printNode(p.Fset, &ast.ArrayType{Elt: fp.elemType(imports)}))
			doc := ""
			if field.Doc != nil {
				doc = field.Doc.Text()
			}
			var add strings.Builder
			for _, m := range fp.v2.Markers {
				if !m.OnType && !strings.Contains(doc, m.String()[1:]) {
					add.WriteString("// " + m.String() + "\n")
				}
			}
			if add.Len() > 0 {
				fp.edit(p.Fset, field.Names[0].Pos(), field.Names[0].Pos(), add.String())
			}
			return
		}
	}
}

// uses plans the rewrite of every use of the field in the module, or
// records why one cannot be rewritten.
func (fp *fdPlanner) uses() {
	seen := map[string]bool{}
	fp.seen = map[string]bool{}
	for _, p := range fp.pkgs {
		for _, f := range p.GoFiles {
			fp.seen[f] = true
		}
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			name := p.Fset.File(f.Pos()).Name()
			if seen[name] || ast.IsGenerated(f) {
				continue
			}
			seen[name] = true
			in := inspector.New([]*ast.File{f})
			for c := range in.Root().Preorder((*ast.SelectorExpr)(nil)) {
				sel := c.Node().(*ast.SelectorExpr)
				if obj, ok := p.TypesInfo.Uses[sel.Sel].(*types.Var); ok && obj.Pos() == fp.field.Pos() && obj.Name() == fp.field.Name() {
					fp.use(p, f, c)
				}
			}
		}
	}
}

// otherConfigurations holds the label when a Go file the load did not see
// (another GOOS, GOARCH or build tag) selects a field of the field's name:
// the rewrite cannot type-check its uses, and verification would fail.
func (fp *fdPlanner) otherConfigurations() error {
	needle := []byte("." + fp.field.Name())
	return filepath.WalkDir(fp.st.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != fp.st.dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || fp.seen[path] {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if before, _, found := bytes.Cut(data, needle); found {
			rel, _ := filepath.Rel(fp.st.dir, path)
			fp.problems = append(fp.problems, fmt.Sprintf("a possible use in a file another build configuration compiles (%s:%d)", filepath.ToSlash(rel), 1+bytes.Count(before, []byte("\n"))))
		}
		return nil
	})
}

func (fp *fdPlanner) use(p *packages.Package, f *ast.File, c inspector.Cursor) {
	sel := c.Node().(*ast.SelectorExpr)
	fset := p.Fset
	info := p.TypesInfo
	parent := c.Parent().Node()
	switch n := parent.(type) {
	case *ast.RangeStmt:
		if n.X == sel {
			fp.rangeUse(p, f, n)
			return
		}
	case *ast.CallExpr:
		if b, ok := info.Uses[calleeIdent(n)].(*types.Builtin); ok {
			switch {
			case b.Name() == "len":
				return
			case b.Name() == "delete" && len(n.Args) == 2 && n.Args[0] == sel:
				if stmt, ok := c.Parent().Parent().Node().(*ast.ExprStmt); ok && fp.pure(info, sel) && fp.pure(info, n.Args[1]) && !fp.inRange(n) {
					imports := fp.importsOf(p, f)
					call := &ast.CallExpr{Fun: qualified(imports, pkgSlices, "DeleteFunc"), Args: []ast.Expr{sel, fp.byKey(imports, n.Args[1], f)}}
					fp.edit(fset, stmt.Pos(), stmt.End(), printNode(fset, &ast.AssignStmt{Lhs: []ast.Expr{sel}, Tok: token.ASSIGN, Rhs: []ast.Expr{call}}))
					return
				}
			}
		}
	case *ast.BinaryExpr:
		if (n.Op == token.EQL || n.Op == token.NEQ) && (isNil(info, n.X) || isNil(info, n.Y)) {
			return
		}
	case *ast.AssignStmt:
		if len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Lhs[0] == sel && n.Tok == token.ASSIGN {
			if fp.newValue(p, f, n.Rhs[0]) {
				return
			}
		}
	case *ast.IndexExpr:
		if n.X == sel && fp.indexUse(p, f, c.Parent(), n) {
			return
		}
	}
	fp.problem(fset, sel.Pos(), "a use of the map")
}

func (fp *fdPlanner) inRange(n ast.Node) bool {
	for _, r := range fp.ranges {
		if r.Pos() <= n.Pos() && n.End() <= r.End() {
			return true
		}
	}
	return false
}

func calleeIdent(call *ast.CallExpr) *ast.Ident {
	id, _ := ast.Unparen(call.Fun).(*ast.Ident)
	return id
}

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.Uses[id].(*types.Nil)
	return isNil
}

// newValue rewrites an empty map (a literal or make) assigned to the field
// to an empty list; nil stays.
func (fp *fdPlanner) newValue(p *packages.Package, f *ast.File, rhs ast.Expr) bool {
	info := p.TypesInfo
	if isNil(info, rhs) {
		return true
	}
	imports := fp.importsOf(p, f)
	list := &ast.ArrayType{Elt: fp.elemType(imports)}
	switch e := ast.Unparen(rhs).(type) {
	case *ast.CompositeLit:
		if len(e.Elts) == 0 && e.Type != nil && types.Identical(info.TypeOf(e), fp.field.Type()) {
			fp.edit(p.Fset, e.Type.Pos(), e.Type.End(), printNode(p.Fset, list))
			return true
		}
	case *ast.CallExpr:
		if b, ok := info.Uses[calleeIdent(e)].(*types.Builtin); ok && b.Name() == "make" && len(e.Args) >= 1 && len(e.Args) <= 2 && types.Identical(info.TypeOf(e.Args[0]), fp.field.Type()) {
			args := []ast.Expr{list, &ast.BasicLit{Kind: token.INT, Value: "0"}}
			if len(e.Args) == 2 {
				args = append(args, e.Args[1])
			}
			fp.edit(p.Fset, e.Pos(), e.End(), printNode(p.Fset, &ast.CallExpr{Fun: ast.NewIdent("make"), Args: args}))
			return true
		}
	}
	return false
}

// indexUse rewrites `m[k] = spec` to an update of the entry named k or an
// append, and `_, ok := m[k]` to a search by name.
func (fp *fdPlanner) indexUse(p *packages.Package, f *ast.File, c inspector.Cursor, ix *ast.IndexExpr) bool {
	as, ok := c.Parent().Node().(*ast.AssignStmt)
	info, fset := p.TypesInfo, p.Fset
	if !ok || !fp.pure(info, ix.X) || !fp.pure(info, ix.Index) || (as.Lhs[0] == ix && fp.inRange(ix)) {
		return false
	}
	imports := fp.importsOf(p, f)
	switch {
	case len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Lhs[0] == ix && as.Tok == token.ASSIGN:
		lit := fp.element(p, imports, ix.Index, as.Rhs[0])
		if lit == nil {
			return false
		}
		i := freshIn(f, "i")
		find := &ast.CallExpr{Fun: qualified(imports, pkgSlices, "IndexFunc"), Args: []ast.Expr{ix.X, fp.byKey(imports, ix.Index, f)}}
		stmt := &ast.IfStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(i)}, Tok: token.DEFINE, Rhs: []ast.Expr{find}},
			Cond: &ast.BinaryExpr{X: ast.NewIdent(i), Op: token.GEQ, Y: &ast.BasicLit{Kind: token.INT, Value: "0"}},
			Body: &ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: ix.X, Index: ast.NewIdent(i)}}, Tok: token.ASSIGN, Rhs: []ast.Expr{lit}}}},
			Else: &ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ix.X}, Tok: token.ASSIGN,
				Rhs: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent("append"), Args: []ast.Expr{ix.X, lit}}}}}},
		}
		fp.edit(fset, as.Pos(), as.End(), printNode(fset, stmt))
		return true
	case len(as.Lhs) == 2 && len(as.Rhs) == 1 && as.Rhs[0] == ix && isBlank(as.Lhs[0]):
		call := &ast.CallExpr{Fun: qualified(imports, pkgSlices, "ContainsFunc"), Args: []ast.Expr{ix.X, fp.byKey(imports, ix.Index, f)}}
		fp.edit(fset, as.Pos(), as.End(), printNode(fset, &ast.AssignStmt{Lhs: []ast.Expr{as.Lhs[1]}, Tok: as.Tok, Rhs: []ast.Expr{call}}))
		return true
	}
	return false
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// element builds the v1beta2 element of the entry key: spec, from a keyed
// literal of the v1beta1 value type or a side-effect-free value of it.
func (fp *fdPlanner) element(p *packages.Package, imports *importSet, key, spec ast.Expr) ast.Expr {
	info := p.TypesInfo
	fields := contract.FailureDomainFields
	elts := []ast.Expr{&ast.KeyValueExpr{Key: ast.NewIdent(fp.elemField(fields.Key)), Value: key}}
	cp, attrs := fp.elemField(fields.ControlPlane), fp.elemField(fields.Attributes)
	specType := info.TypeOf(spec)
	if specType == nil || cp == "" || attrs == "" || fp.elemField(fields.Key) == "" {
		return nil
	}
	specCP, specAttrs := fieldByJSON(specType, fields.ControlPlane), fieldByJSON(specType, fields.Attributes)
	if specCP == nil || specAttrs == nil {
		return nil
	}
	toPtr := func(e ast.Expr) ast.Expr {
		return &ast.CallExpr{Fun: qualified(imports, pkgPtr, "To"), Args: []ast.Expr{e}}
	}
	switch e := ast.Unparen(spec).(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil
			}
			k, ok := kv.Key.(*ast.Ident)
			if !ok {
				return nil
			}
			switch k.Name {
			case specCP.Name():
				elts = append(elts, &ast.KeyValueExpr{Key: ast.NewIdent(cp), Value: toPtr(kv.Value)})
			case specAttrs.Name():
				elts = append(elts, &ast.KeyValueExpr{Key: ast.NewIdent(attrs), Value: kv.Value})
			default:
				return nil
			}
		}
	default:
		if !fp.pure(info, spec) {
			return nil
		}
		elts = append(elts,
			&ast.KeyValueExpr{Key: ast.NewIdent(cp), Value: toPtr(&ast.SelectorExpr{X: spec, Sel: ast.NewIdent(specCP.Name())})},
			&ast.KeyValueExpr{Key: ast.NewIdent(attrs), Value: &ast.SelectorExpr{X: spec, Sel: ast.NewIdent(specAttrs.Name())}})
	}
	return &ast.CompositeLit{Type: fp.elemType(imports), Elts: elts}
}

// elemField is the Go name of the v1beta2 element's field with the JSON name.
func (fp *fdPlanner) elemField(json string) string {
	if f := fieldByJSON(fp.elem, json); f != nil {
		return f.Name()
	}
	return ""
}

// byKey is `func(d Elem) bool { return d.Name == key }`.
func (fp *fdPlanner) byKey(imports *importSet, key ast.Expr, f *ast.File) ast.Expr {
	d := freshIn(f, "d")
	return &ast.FuncLit{
		Type: &ast.FuncType{
			Params:  &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent(d)}, Type: fp.elemType(imports)}}},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("bool")}}},
		},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{&ast.BinaryExpr{
			X: &ast.SelectorExpr{X: ast.NewIdent(d), Sel: ast.NewIdent(fp.elemField(contract.FailureDomainFields.Key))}, Op: token.EQL, Y: key}}}}},
	}
}

// rangeUse rewrites `for k, v := range m` to a range over the list: k
// becomes the element's name, v.controlPlane a dereference.
func (fp *fdPlanner) rangeUse(p *packages.Package, f *ast.File, r *ast.RangeStmt) {
	info, fset := p.TypesInfo, p.Fset
	fp.ranges = append(fp.ranges, r.Body)
	if r.Tok != token.DEFINE {
		fp.problem(fset, r.Pos(), "a range over the map that assigns existing variables")
		return
	}
	key, _ := r.Key.(*ast.Ident)
	val, _ := r.Value.(*ast.Ident)
	if key != nil && key.Name == "_" {
		key = nil
	}
	if val != nil && val.Name == "_" {
		val = nil
	}
	imports := fp.importsOf(p, f)
	ok := true
	if val != nil {
		obj := info.Defs[val]
		cpName := ""
		if cp := fieldByJSON(info.TypeOf(val), contract.FailureDomainFields.ControlPlane); cp != nil {
			cpName = cp.Name()
		}
		in := inspector.New([]*ast.File{f})
		body, _ := in.Root().FindNode(r.Body)
		for c := range body.Preorder((*ast.Ident)(nil)) {
			id := c.Node().(*ast.Ident)
			if info.Uses[id] != obj {
				continue
			}
			sel, isSel := c.Parent().Node().(*ast.SelectorExpr)
			if !isSel || sel.X != id {
				fp.problem(fset, id.Pos(), "a use of a map value as a whole")
				ok = false
				continue
			}
			switch jsonOfVar(info, sel) {
			case contract.FailureDomainFields.Attributes:
				if !readOnly(c.Parent()) {
					fp.problem(fset, id.Pos(), "a write to a map value")
					ok = false
				}
			case contract.FailureDomainFields.ControlPlane:
				if !readOnly(c.Parent()) || sel.Sel.Name != cpName {
					fp.problem(fset, id.Pos(), "a write to a map value")
					ok = false
					continue
				}
				deref := &ast.CallExpr{Fun: qualified(imports, pkgPtr, "Deref"), Args: []ast.Expr{
					&ast.SelectorExpr{X: ast.NewIdent(id.Name), Sel: ast.NewIdent(fp.elemField(contract.FailureDomainFields.ControlPlane))}, ast.NewIdent("false")}}
				fp.edit(fset, sel.Pos(), sel.End(), printNode(fset, deref))
			default:
				fp.problem(fset, id.Pos(), "a use of a map value's field mpaudit does not know")
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	elemVar := ""
	if val != nil {
		elemVar = val.Name
	} else if key != nil {
		elemVar = freshIn(f, "fd")
	}
	switch {
	case key == nil && r.Key != nil:
		// `for _, v := range m` ranges over the list alike.
	case key == nil:
		// `for range m` too.
	case val == nil:
		fp.edit(fset, r.Key.Pos(), r.Key.End(), "_, "+elemVar)
	default:
		fp.edit(fset, r.Key.Pos(), r.Key.End(), "_")
	}
	if key != nil {
		decl := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(key.Name)}, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.SelectorExpr{X: ast.NewIdent(elemVar), Sel: ast.NewIdent(fp.elemField(contract.FailureDomainFields.Key))}}}
		fp.edit(fset, r.Body.Lbrace+1, r.Body.Lbrace+1, "\n"+printNode(fset, decl))
	}
}

// jsonOfVar is the JSON name of the struct field a selector picks.
func jsonOfVar(info *types.Info, sel *ast.SelectorExpr) string {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return ""
	}
	st, ok := derefType(s.Recv()).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if st.Field(i) == s.Obj() {
			n, _, _ := strings.Cut(reflectTag(st.Tag(i), "json"), ",")
			return n
		}
	}
	return ""
}

// readOnly reports whether the expression at c is only read: not assigned,
// incremented, or addressed.
func readOnly(c inspector.Cursor) bool {
	switch p := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == c.Node() {
				return false
			}
		}
	case *ast.IncDecStmt:
		return false
	case *ast.UnaryExpr:
		return p.Op != token.AND
	case *ast.IndexExpr:
		if p.X == c.Node() {
			return readOnly(c.Parent())
		}
	}
	return true
}

// pure reports whether evaluating e twice has no side effect and gives
// the same value: names, constants, field selections, dereferences,
// conversions of such.
func (fp *fdPlanner) pure(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		if _, isPkg := info.Uses[identOf(e.X)].(*types.PkgName); isPkg {
			return true
		}
		if s, ok := info.Selections[e]; ok && s.Kind() != types.FieldVal {
			return false
		}
		return fp.pure(info, e.X)
	case *ast.StarExpr:
		return fp.pure(info, e.X)
	case *ast.CallExpr:
		tv, ok := info.Types[e.Fun]
		return ok && tv.IsType() && len(e.Args) == 1 && fp.pure(info, e.Args[0])
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

func qualified(imports *importSet, path, name string) ast.Expr {
	return &ast.SelectorExpr{X: ast.NewIdent(imports.name(path)), Sel: ast.NewIdent(name)}
}

// freshIn returns name, or name with a number, that no identifier of the
// file spells, so it shadows nothing and is shadowed by nothing.
func freshIn(f *ast.File, name string) string {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	n := name
	for i := 2; used[n]; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	return n
}

// printNode formats a node the planner built; it cannot fail on nodes
// built as above, so a failure is reported as a text that does not
// compile, which the verification then names.
func printNode(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if err := format.Node(&b, fset, n); err != nil {
		return fmt.Sprintf("mpaudit could not print its own code: %v", err)
	}
	return b.String()
}

// apply writes the planned edits and imports, formatted, and marks each
// file in cs.
func (m *fdMigration) apply(st *stage, why string, cs *changeSet) error {
	for _, path := range sortedKeys(m.edits) {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		edited, err := applyTextEdits(data, m.edits[path])
		if err != nil {
			return fmt.Errorf("%s: %w for %s", path, err, why)
		}
		var added map[string]string
		if s := m.imports[path]; s != nil {
			added = s.added
		}
		out, err := importgroups.Add(path, edited, added)
		if err == nil {
			out, err = importgroups.DropUnused(path, out, func(_, p string) bool { return slices.Contains(m.maybeUnused, p) })
		}
		if err != nil {
			return fmt.Errorf("%s: the %s rewrite does not parse: %w", path, why, err)
		}
		formatted, err := format.Source(out)
		if err != nil {
			return fmt.Errorf("%s: the %s rewrite does not format: %w", path, why, err)
		}
		written, err := st.writeFile(path, formatted)
		if err != nil {
			return err
		}
		cs.mark(written, why)
	}
	return nil
}

// planFailureDomainShapes plans the migrations before the labels are
// placed: a kind whose uses cannot be rewritten keeps its label (the
// returned hold), with the reason in the PR body.
func planFailureDomainShapes(st *stage, targets []kindTarget, res *Result) (map[labelKey]bool, error) {
	ready, held, err := planFailureDomains(st, targets)
	if err != nil {
		return nil, err
	}
	res.fdPlanned = ready
	hold := map[labelKey]bool{}
	for _, key := range sortedLabelKeys(held) {
		hold[key] = true
		res.held = append(res.held, heldLabel{key: key, reason: held[key]})
	}
	return hold, nil
}

func sortedLabelKeys[V any](m map[labelKey]V) []labelKey {
	keys := make([]labelKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	return keys
}

// migrateFailureDomainShapes changes the shape of the planned kinds the
// labels moved to v1beta2, then regenerates their deepcopy functions and
// the conversions of their spokes. It reports whether it changed anything.
func migrateFailureDomainShapes(st *stage, res *Result, lp *labelPass, cs *changeSet, trace *tracer) (bool, error) {
	_, v2, _ := fdPoints()
	shapes := cs.phase()
	for _, key := range sortedLabelKeys(res.fdPlanned) {
		if _, flipped := lp.flipped[key]; !flipped || lp.both[key] {
			continue // held for another reason: the map stays with the label
		}
		why := fmt.Sprintf("%s as the v1beta2 list with the %s label (%s)", v2.Path, contract.LabelKey(contract.V1Beta2), contract.RuleKindShapeForLabel)
		if err := res.fdPlanned[key].apply(st, why, shapes); err != nil {
			return false, err
		}
		res.fdMigrated = append(res.fdMigrated, key)
	}
	if shapes.empty() {
		return false, nil
	}
	trace.step(v2.Path + " list shape")
	if err := requireUtils(st, cs, res); err != nil {
		return false, err
	}
	// The schemas follow from the shape changes, not from the conversions
	// regenerated for them.
	dirs := goDirs(shapes.files)
	if err := regenerate(st, shapes, res, trace); err != nil {
		return false, err
	}
	return true, regenerateCRDs(st, &packageGraph{ctx: st.context(), dir: st.dir}, dirs, nil, shapes, res, trace)
}
