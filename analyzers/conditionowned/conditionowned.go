package conditionowned

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/imports"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the conditionowned analyzer of env's analyzer set.
func New(env *setup.Env) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "conditionowned",
		Doc:              "reports condition types a reconciler sets on an object that the Cluster API patch helper it patches the object with does not own",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/conditionowned",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
		FactTypes:        []analysis.Fact{(*PatchFact)(nil)},
	}
}

// PatchFact says, per object Go type (package path "." name), what the
// Patch calls of a package and of the packages it imports own: a reconciler
// may set conditions in one package and patch the object in another (a
// scope or control plane package).
type PatchFact struct {
	Objects map[string]*Owned
}

func (*PatchFact) AFact() {}

func (f *PatchFact) String() string { return fmt.Sprintf("patches %d object types", len(f.Objects)) }

// Owned is what the Patch calls of one object type own.
type Owned struct {
	// All: one of them owns every type (WithForceOverwriteConditions, or
	// options that could not be read).
	All bool
	// V1Beta1 and MetaV1 are the types of the owned lists of each family.
	V1Beta1, MetaV1 map[string]bool
	// Where are the Patch calls, as "importpath file.go:line".
	Where []string
}

func (o *Owned) owns(fam family, t string) bool {
	if o.All {
		return true
	}
	if fam == famMetaV1 {
		return o.MetaV1[t]
	}
	return o.V1Beta1[t]
}

// merge adds what p owns to o.
func (o *Owned) merge(p *patchCall, where string) {
	o.Where = append(o.Where, where)
	if p.force || p.unknown {
		o.All = true
	}
	for _, l := range p.lists {
		m := &o.V1Beta1
		if l.fam == famMetaV1 {
			m = &o.MetaV1
		}
		if l.types == nil {
			o.All = true
			continue
		}
		if *m == nil {
			*m = map[string]bool{}
		}
		for t := range l.types {
			(*m)[t] = true
		}
	}
}

// add merges x into o.
func (o *Owned) add(x *Owned) {
	o.All = o.All || x.All
	for _, w := range x.Where {
		if !slices.Contains(o.Where, w) { // reached through several imports
			o.Where = append(o.Where, w)
		}
	}
	for _, pair := range []struct{ from, to *map[string]bool }{{&x.V1Beta1, &o.V1Beta1}, {&x.MetaV1, &o.MetaV1}} {
		for t := range *pair.from {
			if *pair.to == nil {
				*pair.to = map[string]bool{}
			}
			(*pair.to)[t] = true
		}
	}
}

// importedPatches returns what the Patch calls of the package's imports
// own, by object type, and exports it merged with the package's own.
func importedPatches(pass *analysis.Pass, own map[*types.TypeName][]*patchCall) map[string]*Owned {
	imported := map[string]*Owned{}
	exported := map[string]*Owned{}
	for _, imp := range pass.Pkg.Imports() {
		var f PatchFact
		if !pass.ImportPackageFact(imp, &f) {
			continue
		}
		for k, o := range f.Objects {
			for _, m := range []map[string]*Owned{imported, exported} {
				if m[k] == nil {
					m[k] = &Owned{}
				}
				m[k].add(o)
			}
		}
	}
	for obj, calls := range own {
		key := obj.Pkg().Path() + "." + obj.Name()
		if exported[key] == nil {
			exported[key] = &Owned{}
		}
		for _, c := range calls {
			p := pass.Fset.Position(c.call.Pos())
			exported[key].merge(c, fmt.Sprintf("%s %s:%d", pass.Pkg.Path(), shortFile(p.Filename), p.Line))
		}
	}
	if len(exported) > 0 {
		pass.ExportPackageFact(&PatchFact{Objects: exported})
	}
	return imported
}

// isPatchPackage reports whether path is one of Cluster API's patch helpers.
func isPatchPackage(path string) bool { return contract.IsPatchHelperPackage(path) }

// isConditionsPackage reports whether path is one of Cluster API's
// condition utilities (util/conditions and its v1beta1 and v1beta2
// variants of every release).
func isConditionsPackage(path string) bool { return contract.IsConditionUtilityPackage(path) }

// family is which of the helper's owned lists a condition type belongs to.
type family int

const (
	famV1Beta1 family = iota // clusterv1beta1.Conditions: WithOwnedV1Beta1Conditions
	famMetaV1                // []metav1.Condition: WithOwnedConditions
)

// optionName names the option owning types of fam in the patch package the
// pass's package imports: v1.10's util/patch takes v1beta1 types in
// WithOwnedConditions, v1.11's metav1 ones. Without such an import, the
// names of v1.11 on.
func optionName(pkg *types.Package, fam family) string {
	for _, imp := range pkg.Imports() {
		if !isPatchPackage(imp.Path()) {
			continue
		}
		for _, name := range []string{"WithOwnedConditions", "WithOwnedV1Beta1Conditions", "WithOwnedV1Beta2Conditions"} {
			if tn, ok := imp.Scope().Lookup(name).(*types.TypeName); ok && familyOf(tn.Type()) == fam {
				return name
			}
		}
	}
	return map[family]string{famV1Beta1: "WithOwnedV1Beta1Conditions", famMetaV1: "WithOwnedConditions"}[fam]
}

// familyOf is the family of an owned-conditions option type: the element
// type of its Conditions list says.
func familyOf(t types.Type) family {
	if st, ok := t.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if f.Name() == "Conditions" {
				if sl, ok := f.Type().Underlying().(*types.Slice); ok && types.Identical(sl.Elem(), types.Typ[types.String]) {
					return famMetaV1
				}
			}
		}
	}
	return famV1Beta1
}

// ownedList is one option's Conditions list.
type ownedList struct {
	fam   family
	types map[string]bool
	// lit is the list's composite literal, where the fix adds a type; file
	// the file holding it.
	lit  *ast.CompositeLit
	file *ast.File
}

// patchCall is one call of a patch helper's Patch.
type patchCall struct {
	call  *ast.CallExpr
	force bool
	lists []*ownedList
	// unknown is set when an option could not be read: it may own any type.
	unknown bool
}

func (p *patchCall) owns(fam family, t string) bool {
	if p.force || p.unknown {
		return true
	}
	for _, l := range p.lists {
		if l.fam == fam && (l.types == nil || l.types[t]) {
			return true
		}
	}
	return false
}

// setCall is a call of a condition utility that sets type typ of family
// fam on an object of Go type obj.
type setCall struct {
	call *ast.CallExpr
	obj  *types.TypeName
	fam  family
	typ  string
	expr ast.Expr // the expression naming the type (nil: Ready of SetSummary)
	fn   string   // the utility as the code names it
}

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	em, out := emit.New(pass, env)
	patching := importsPatch(pass.Pkg)
	if !patching && !importsFact(pass) {
		return out, nil
	}
	a := &analysis_{pass: pass, funcs: map[*types.Func]*ast.FuncDecl{}, fileOf: map[*ast.FuncDecl]*ast.File{}}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					a.funcs[fn] = fd
					a.fileOf[fd] = f
				}
			}
		}
	}
	patches := map[*types.TypeName][]*patchCall{}
	var sets []setCall
	for _, f := range pass.Files {
		skip := ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := typeutilCallee(pass.TypesInfo, call)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			switch {
			case patching && isPatchPackage(fn.Pkg().Path()) && fn.Name() == "Patch" && isMethod(fn) && len(call.Args) >= 2 && !skip:
				if obj := objectType(pass.TypesInfo, call.Args[1]); obj != nil {
					patches[obj] = append(patches[obj], a.patchCall(f, call))
				}
			case isConditionsPackage(fn.Pkg().Path()) && !isMethod(fn) && !skip:
				sets = append(sets, a.setCalls(call, fn)...)
			}
			return true
		})
	}
	imported := importedPatches(pass, patches)
	rule := contract.MustRule(contract.RuleConditionsNotOwned)
	fixed := map[string]bool{}
	// Every type a list lacks is added by one fix, the first finding's:
	// fixes inserting at the same place would conflict.
	type pending struct {
		call  *ast.CallExpr
		f     report.Finding
		parts []insertion
	}
	var found []pending
	texts := map[*ast.CompositeLit][]insertion{}
	for _, s := range sets {
		calls := patches[s.obj]
		remote := imported[s.obj.Pkg().Path()+"."+s.obj.Name()]
		if len(calls) == 0 && remote == nil || ownedByAny(calls, s.fam, s.typ) || remote != nil && remote.owns(s.fam, s.typ) {
			continue
		}
		var where []string
		for _, c := range calls {
			p := pass.Fset.Position(c.call.Pos())
			where = append(where, fmt.Sprintf("%s:%d", shortFile(p.Filename), p.Line))
		}
		if remote != nil {
			where = append(where, remote.Where...)
		}
		key := fmt.Sprintf("%s|%d|%s", s.obj.Id(), s.fam, s.typ)
		var parts []insertion
		if !fixed[key] && remote == nil {
			fixed[key] = true
			parts = a.fix(s, calls)
			for _, in := range parts {
				texts[in.lit] = append(texts[in.lit], in)
			}
		}
		hint := "add it to the Conditions of its " + optionName(pass.Pkg, s.fam) + " option"
		if remote != nil && (remote.V1Beta1 == nil && s.fam == famV1Beta1 || remote.MetaV1 == nil && s.fam == famMetaV1) || !allHaveList(calls, s.fam) {
			hint = "pass patch." + optionName(pass.Pkg, s.fam) + " listing it"
		}
		msg := fmt.Sprintf("%s sets the condition type %q on a %s, which the patch helper's Patch (%s) does not own: "+
			"on a conflicting change by another writer the patch fails and the change is lost; %s",
			s.fn, s.typ, s.obj.Name(), strings.Join(where, ", "), hint)
		found = append(found, pending{s.call, report.Finding{Rule: contract.RuleConditionsNotOwned, Severity: rule.Severity(contract.Context{}),
			Kind: s.obj.Name(), Type: s.obj.Pkg().Path() + "." + s.obj.Name(), Field: s.typ, Message: msg}, parts})
	}
	claimed := map[*ast.CompositeLit]bool{}
	for _, p := range found {
		var fixes []analysis.SuggestedFix
		if len(p.parts) > 0 && !slices.ContainsFunc(p.parts, func(in insertion) bool { return claimed[in.lit] }) {
			var edits []analysis.TextEdit
			var names []string
			seen := map[string]bool{}
			for _, in := range p.parts {
				claimed[in.lit] = true
				var add []string
				for _, x := range texts[in.lit] {
					add = append(add, x.text)
					for _, e := range x.imports {
						if k := fmt.Sprint(e.Pos, e.End, string(e.NewText)); !seen[k] {
							seen[k] = true
							edits = append(edits, e)
						}
					}
					if !slices.Contains(names, x.typ) {
						names = append(names, x.typ)
					}
				}
				edits = append(edits, a.insert(in.lit, add))
			}
			fixes = []analysis.SuggestedFix{{Message: "own the condition type(s) " + strings.Join(names, ", ") + " in the patch helper's options", TextEdits: edits}}
		}
		em.At(p.call.Pos(), p.f, fixes...)
	}
	return out, nil
}

// insertion is a condition type text to add to an owned list literal,
// with the import edits its spelling needs.
type insertion struct {
	lit       *ast.CompositeLit
	text, typ string
	imports   []analysis.TextEdit
}

func ownedByAny(calls []*patchCall, fam family, t string) bool {
	for _, c := range calls {
		if c.owns(fam, t) {
			return true
		}
	}
	return false
}

func allHaveList(calls []*patchCall, fam family) bool {
	for _, c := range calls {
		if !hasList(c, fam) {
			return false
		}
	}
	return true
}

func hasList(c *patchCall, fam family) bool {
	for _, l := range c.lists {
		if l.fam == fam {
			return true
		}
	}
	return false
}

func shortFile(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// analysis_ holds the package's function declarations, to follow options
// through calls.
type analysis_ struct {
	pass   *analysis.Pass
	funcs  map[*types.Func]*ast.FuncDecl
	fileOf map[*ast.FuncDecl]*ast.File
}

// importsFact reports whether an import carries a PatchFact (each package
// passes its imports' on, so direct imports are enough).
func importsFact(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(PatchFact)) {
			return true
		}
	}
	return false
}

func importsPatch(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if isPatchPackage(imp.Path()) {
			return true
		}
	}
	return false
}

func isMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// typeutilCallee is the callee of call, a function or method (the
// generic one for an instance), or nil.
func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

// objectType is the named type of the object e is (a pointer to), or nil
// for an interface or anything unnamed.
func objectType(info *types.Info, e ast.Expr) *types.TypeName {
	t := info.TypeOf(e)
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(n) {
		return nil
	}
	return n.Origin().Obj()
}

// maxDepth bounds how many calls options are followed through.
const maxDepth = 4

// patchCall reads the options of a Patch call in file f.
func (a *analysis_) patchCall(f *ast.File, call *ast.CallExpr) *patchCall {
	pc := &patchCall{call: call}
	opts := call.Args[2:]
	if call.Ellipsis.IsValid() && len(opts) > 0 {
		spread, ok := a.spread(f, opts[len(opts)-1], call.Pos(), 0)
		if !ok {
			pc.unknown = true
			return pc
		}
		opts = append(opts[:len(opts)-1:len(opts)-1], spread...)
	}
	for _, o := range opts {
		a.option(pc, o)
	}
	return pc
}

// spread lists the option expressions a spread argument e (at pos, in f)
// may hold: a slice literal, a local slice built by literals and appends,
// or a variadic parameter, through the calls of its function in the
// package. ok is false when the options cannot be read.
func (a *analysis_) spread(f *ast.File, e ast.Expr, pos token.Pos, depth int) ([]ast.Expr, bool) {
	if depth > maxDepth {
		return nil, false
	}
	info := a.pass.TypesInfo
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		return e.Elts, true
	case *ast.Ident:
		if e.Name == "nil" {
			return nil, true
		}
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || v.Pkg() != a.pass.Pkg || v.Parent() == a.pass.Pkg.Scope() {
			return nil, false
		}
		fd := a.enclosing(pos)
		if fd == nil {
			return nil, false
		}
		body, ok := a.localSlice(f, fd, v, depth)
		if !ok || !a.isVariadicParam(fd, v) {
			return body, ok
		}
		// A variadic parameter holds its callers' options, and what the
		// body appends.
		callers, ok := a.fromCallers(fd, depth)
		return append(callers, body...), ok
	}
	return nil, false
}

// enclosing is the function declaration holding pos.
func (a *analysis_) enclosing(pos token.Pos) *ast.FuncDecl {
	for _, fd := range a.funcs {
		if fd.Pos() <= pos && pos < fd.End() {
			return fd
		}
	}
	return nil
}

func (a *analysis_) isVariadicParam(fd *ast.FuncDecl, v *types.Var) bool {
	fn, ok := a.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Variadic() && sig.Params().At(sig.Params().Len()-1) == v
}

// fromCallers lists the options the package's calls of fd pass to its
// variadic parameter. An exported function, or one used other than by a
// call, may get other options: not read.
func (a *analysis_) fromCallers(fd *ast.FuncDecl, depth int) ([]ast.Expr, bool) {
	fn := a.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn.Exported() {
		return nil, false
	}
	n := fn.Type().(*types.Signature).Params().Len()
	var out []ast.Expr
	ok := true
	uses, calls := 0, 0
	for _, obj := range a.pass.TypesInfo.Uses {
		if obj == fn {
			uses++
		}
	}
	for _, f := range a.pass.Files {
		ast.Inspect(f, func(node ast.Node) bool {
			call, isCall := node.(*ast.CallExpr)
			if !isCall || !ok || typeutilCallee(a.pass.TypesInfo, call) != fn {
				return true
			}
			calls++
			if len(call.Args) < n-1 {
				return true
			}
			args := call.Args[n-1:]
			if call.Ellipsis.IsValid() {
				s, good := a.spread(f, args[len(args)-1], call.Pos(), depth+1)
				if !good {
					ok = false
					return false
				}
				args = append(args[:len(args)-1:len(args)-1], s...)
			}
			out = append(out, args...)
			return true
		})
	}
	if !ok || calls == 0 || calls != uses {
		return nil, false
	}
	return out, true
}

// localSlice lists the options a local slice v of fd may hold: its
// declaration's and assignments' literals and the values appended to it.
// Any other write, or its address taken, makes it unreadable.
func (a *analysis_) localSlice(f *ast.File, fd *ast.FuncDecl, v *types.Var, depth int) ([]ast.Expr, bool) {
	info := a.pass.TypesInfo
	var out []ast.Expr
	ok := true
	is := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && info.ObjectOf(id) == v
	}
	value := func(rhs ast.Expr) {
		rhs = ast.Unparen(rhs)
		switch r := rhs.(type) {
		case *ast.CompositeLit:
			out = append(out, r.Elts...)
			return
		case *ast.Ident:
			if r.Name == "nil" {
				return
			}
		case *ast.CallExpr:
			if b, isB := info.Uses[identOf(r.Fun)].(*types.Builtin); isB && b.Name() == "append" && len(r.Args) > 0 && is(r.Args[0]) {
				rest := r.Args[1:]
				if r.Ellipsis.IsValid() && len(rest) > 0 {
					s, good := a.spread(f, rest[len(rest)-1], r.Pos(), depth+1)
					if !good {
						ok = false
						return
					}
					rest = append(rest[:len(rest)-1:len(rest)-1], s...)
				}
				out = append(out, rest...)
				return
			}
		}
		ok = false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !is(lhs) {
					continue
				}
				if len(n.Rhs) != len(n.Lhs) {
					ok = false
					continue
				}
				value(n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if i < len(n.Values) {
					if len(n.Values) != len(n.Names) {
						ok = false
						continue
					}
					value(n.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		}
		return ok
	})
	return out, ok
}

func identOf(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	}
	return nil
}

// option reads one option expression into pc.
func (a *analysis_) option(pc *patchCall, o ast.Expr) {
	info := a.pass.TypesInfo
	o = ast.Unparen(o)
	if u, ok := o.(*ast.UnaryExpr); ok && u.Op == token.AND {
		o = ast.Unparen(u.X)
	}
	t := info.TypeOf(o)
	if t == nil {
		pc.unknown = true
		return
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !isPatchPackage(n.Obj().Pkg().Path()) || types.IsInterface(n) {
		pc.unknown = true // an option of another package, or a patch.Option value: may own anything
		return
	}
	switch name := n.Obj().Name(); {
	case name == "WithForceOverwriteConditions":
		pc.force = true
	case strings.HasPrefix(name, "WithOwned"):
		if _, ok := n.Underlying().(*types.Struct); !ok {
			pc.unknown = true
			return
		}
		l := &ownedList{fam: familyOf(n)}
		pc.lists = append(pc.lists, l)
		lit, ok := o.(*ast.CompositeLit)
		if !ok {
			l.types = nil // not a literal: owns whatever it holds
			return
		}
		var val ast.Expr
		for i, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Conditions" {
					val = kv.Value
				}
			} else if i == 0 {
				val = el
			}
		}
		l.types = map[string]bool{}
		if val == nil {
			return // no list: owns nothing
		}
		cl, ok := ast.Unparen(val).(*ast.CompositeLit)
		if !ok {
			l.types = nil
			return
		}
		for _, el := range cl.Elts {
			s, ok := constString(info, el)
			if !ok {
				l.types = nil
				return
			}
			l.types[s] = true
		}
		l.lit = cl
		l.file = a.fileAt(cl.Pos())
	}
}

func (a *analysis_) fileAt(pos token.Pos) *ast.File {
	for _, f := range a.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// constString is the value of a string constant expression.
func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// The v1beta1 utilities that set the type given as their second argument.
var v1beta1TypeArg = map[string]bool{
	"MarkTrue": true, "MarkFalse": true, "MarkUnknown": true, "MarkTrueWithNegativePolarity": true,
	"MarkFalseWithNegativePolarity": true, "SetMirror": true, "SetAggregate": true,
}

// The v1beta1 constructors of a condition of the type of their first argument.
var v1beta1Constructors = map[string]bool{
	"TrueCondition": true, "FalseCondition": true, "UnknownCondition": true,
	"TrueConditionWithNegativePolarity": true, "FalseConditionWithNegativePolarity": true,
}

// The metav1 utilities that set, on their second argument, the type given
// as their third.
var metaV1TypeArg = map[string]bool{
	"SetSummaryCondition": true, "SetAggregateCondition": true,
	"SetMirrorCondition": true, "SetMirrorConditionFromUnstructured": true,
}

// readyType is the type the v1beta1 SetSummary sets.
const readyType = "Ready"

// setCalls lists what a call of the condition utility fn sets.
func (a *analysis_) setCalls(call *ast.CallExpr, fn *types.Func) []setCall {
	info := a.pass.TypesInfo
	name := fn.Name()
	spelled := name
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			spelled = x.Name + "." + name
		}
	}
	mk := func(target ast.Expr, fam family, typExpr ast.Expr) []setCall {
		obj := objectType(info, target)
		if obj == nil {
			return nil
		}
		s := setCall{call: call, obj: obj, fam: fam, expr: typExpr, fn: spelled}
		if typExpr == nil {
			s.typ = readyType
		} else {
			v, ok := constString(info, typExpr)
			if !ok {
				return nil // not a compile-time type
			}
			s.typ = v
		}
		return []setCall{s}
	}
	args := call.Args
	switch {
	case v1beta1TypeArg[name] && len(args) >= 2:
		return mk(args[0], famV1Beta1, args[1])
	case name == "SetSummary" && len(args) >= 1:
		return mk(args[0], famV1Beta1, nil)
	case (name == "Set" || name == "SetWithCustomLastTransitionTime") && len(args) >= 2:
		c := ast.Unparen(args[1])
		if u, ok := c.(*ast.UnaryExpr); ok && u.Op == token.AND {
			c = ast.Unparen(u.X)
		}
		switch c := c.(type) {
		case *ast.CallExpr:
			if cf := typeutilCallee(info, c); cf != nil && cf.Pkg() != nil && isConditionsPackage(cf.Pkg().Path()) && v1beta1Constructors[cf.Name()] && len(c.Args) > 0 {
				return mk(args[0], famV1Beta1, c.Args[0])
			}
		case *ast.CompositeLit:
			t := info.TypeOf(c)
			fam := famV1Beta1
			if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == contract.PkgMetaV1 {
				fam = famMetaV1
			}
			for _, el := range c.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Type" {
						return mk(args[0], fam, kv.Value)
					}
				}
			}
		}
	case metaV1TypeArg[name] && len(args) >= 3:
		typ := args[2]
		if strings.HasPrefix(name, "SetMirror") {
			// TargetConditionType(t) renames the mirrored condition.
			for _, o := range args[3:] {
				if oc, ok := ast.Unparen(o).(*ast.CallExpr); ok && len(oc.Args) == 1 {
					if tn, ok := info.Uses[identOf(oc.Fun)].(*types.TypeName); ok && tn.Name() == "TargetConditionType" {
						typ = oc.Args[0]
					}
				}
			}
		}
		return mk(args[1], famMetaV1, typ)
	}
	return nil
}

// fix adds s's type to the owned list of its family of every Patch call
// that lacks it; nil when one of them has no such list literal.
func (a *analysis_) fix(s setCall, calls []*patchCall) []insertion {
	var out []insertion
	done := map[*ast.CompositeLit]bool{}
	for _, c := range calls {
		if c.owns(s.fam, s.typ) {
			continue
		}
		var l *ownedList
		for _, x := range c.lists {
			if x.fam == s.fam && x.lit != nil {
				l = x
			}
		}
		if l == nil || l.file == nil {
			return nil
		}
		if done[l.lit] {
			continue
		}
		done[l.lit] = true
		text, imp, ok := a.spell(s, l)
		if !ok {
			return nil
		}
		out = append(out, insertion{lit: l.lit, text: text, typ: strconv.Quote(s.typ), imports: imp})
	}
	return out
}

// spell is how the owned list l names s's type: the constant the set call
// names, through the file's import of its package, when it has the list's
// element type; else the string literal.
func (a *analysis_) spell(s setCall, l *ownedList) (string, []analysis.TextEdit, bool) {
	elem := a.pass.TypesInfo.TypeOf(l.lit).Underlying().(*types.Slice).Elem()
	if s.expr != nil {
		if c, ok := a.pass.TypesInfo.Uses[identOf(s.expr)].(*types.Const); ok && ast.Unparen(s.expr) != nil &&
			c.Pkg() != nil && c.Parent() == c.Pkg().Scope() && (c.Exported() || c.Pkg() == a.pass.Pkg) &&
			types.AssignableTo(c.Type(), elem) && isConstRef(s.expr) {
			f := imports.New(a.pass.Fset, a.pass.TypesInfo, a.pass.Pkg, l.file)
			prefix, edits, ok := f.Qualify(l.lit.Rbrace, c.Pkg().Path(), c.Name())
			if ok {
				return prefix + c.Name(), edits, true
			}
		}
	}
	if s.expr == nil {
		// SetSummary's Ready: Cluster API's own constant when the list's
		// element type is its ConditionType.
		if n, ok := types.Unalias(elem).(*types.Named); ok && n.Obj().Pkg() != nil {
			pkg := n.Obj().Pkg()
			for _, name := range []string{"ReadyV1Beta1Condition", "ReadyCondition"} {
				if c, ok := pkg.Scope().Lookup(name).(*types.Const); ok && types.Identical(c.Type(), elem) && constant.StringVal(c.Val()) == readyType {
					f := imports.New(a.pass.Fset, a.pass.TypesInfo, a.pass.Pkg, l.file)
					if prefix, edits, ok := f.Qualify(l.lit.Rbrace, pkg.Path(), name); ok {
						return prefix + name, edits, true
					}
				}
			}
		}
	}
	return strconv.Quote(s.typ), nil, true
}

// isConstRef reports whether e is just a (qualified) name.
func isConstRef(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, ok := e.X.(*ast.Ident)
		return ok
	}
	return false
}

// insert adds text as the last element of lit, in its layout: on the
// closing line of a one-line literal, on a line of its own in a
// multi-line one.
func (a *analysis_) insert(lit *ast.CompositeLit, texts []string) analysis.TextEdit {
	fset := a.pass.Fset
	if len(lit.Elts) == 0 {
		return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(strings.Join(texts, ", "))}
	}
	last := lit.Elts[len(lit.Elts)-1]
	if fset.Position(last.End()).Line == fset.Position(lit.Rbrace).Line {
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + strings.Join(texts, ", "))}
	}
	sep := ",\n" + a.indent(last.Pos())
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(sep + strings.Join(texts, sep))}
}

// indent is the white space that starts the line of pos.
func (a *analysis_) indent(pos token.Pos) string {
	tf := a.pass.Fset.File(pos)
	src, err := a.pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	off := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := off
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[off:end])
}
