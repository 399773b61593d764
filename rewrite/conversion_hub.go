package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// utilConversionPath is Cluster API's package of conversion helpers
// (MarshalData, UnmarshalData), which providers keep hub-only data with.
const utilConversionPath = "sigs.k8s.io/cluster-api/util/conversion"

// hubMethod is a spoke's ConvertTo or ConvertFrom with what the edit needs.
type hubMethod struct {
	file   *ast.File
	decl   *ast.FuncDecl
	recv   string       // the spoke receiver's name
	hubVar string       // the local holding the hub object
	hub    *types.Named // the hub type
	spoke  *types.Named
}

// keepHubOnlyData edits the ConvertTo/ConvertFrom methods of spokes (pools
// and the label-driven kinds) whose hub has status.initialization and the
// spoke does not: ConvertFrom keeps the hub in the conversion-data
// annotation (MarshalData) and sets the v1beta1 readiness field (ready, a
// control plane's initialized) when the hub's v1beta2 one is set; ConvertTo
// restores initialization (UnmarshalData) with its field following the
// spoke's, as Cluster API's own conversions do. Names below say ready and
// provisioned, the pool's.
func (c *completer) keepHubOnlyData(files []*ast.File, sets map[*ast.File]*importSet) map[*ast.File][]textEdit {
	methods := map[string]map[string]*hubMethod{} // spoke type -> method name -> method
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Body == nil || (fd.Name.Name != "ConvertTo" && fd.Name.Name != "ConvertFrom") {
				continue
			}
			m := c.hubMethod(f, fd)
			if m == nil {
				continue
			}
			name := m.spoke.Obj().Name()
			if methods[name] == nil {
				methods[name] = map[string]*hubMethod{}
			}
			methods[name][fd.Name.Name] = m
		}
	}
	status, _, _ := strings.Cut(contract.PathReady, ".")
	initJSON := jsonName(contract.PathInitialization)
	edits := map[*ast.File][]textEdit{}
	for _, name := range sortedKeys(methods) {
		to, from := methods[name]["ConvertTo"], methods[name]["ConvertFrom"]
		any := to
		if any == nil {
			any = from
		}
		readyJSON, initJSONField, ok := readinessPair(name)
		if !ok {
			continue
		}
		hubStatus, spokeStatus := fieldByJSON(any.hub, status), fieldByJSON(any.spoke, status)
		if hubStatus == nil || spokeStatus == nil {
			continue
		}
		hubInit := fieldByJSON(hubStatus.Type(), initJSON)
		if hubInit == nil || fieldByJSON(spokeStatus.Type(), initJSON) != nil {
			continue
		}
		if to == nil || from == nil {
			c.manualHub(name, any.hub, "declare ConvertTo and ConvertFrom")
			continue
		}
		counters := hubOnlyCounters(name, hubStatus.Type(), spokeStatus.Type())
		plan, why := c.planHubData(to, from, hubStatus, spokeStatus, hubInit, readyJSON, initJSONField, counters, sets)
		if why != "" {
			c.manualHub(name, any.hub, why)
			continue
		}
		for f, e := range plan {
			edits[f] = append(edits[f], e...)
		}
	}
	return edits
}

func (c *completer) manualHub(spoke string, hub *types.Named, why string) {
	c.res.Manual = append(c.res.Manual, fmt.Sprintf("keep %s's status.initialization across %s.%s round trips in %s (%s): ConvertFrom should call %s.MarshalData(src, dst), ConvertTo should restore status.initialization with UnmarshalData and %s",
		hub.Obj().Name(), c.pkg.Name, spoke, c.rel(c.pkg.Dir), why, utilConversionPath, followReadiness(spoke)))
	c.res.conversionTodo = append(c.res.conversionTodo, c.pkg.Name+"."+spoke+".ConvertTo/ConvertFrom")
}

// hubMethod recognises `func (r *Spoke) ConvertTo(x conversion.Hub) error`
// whose body asserts x to the hub type.
func (c *completer) hubMethod(f *ast.File, fd *ast.FuncDecl) *hubMethod {
	obj, ok := c.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || len(fd.Recv.List[0].Names) != 1 || fd.Type.Params.NumFields() != 1 || len(fd.Type.Params.List[0].Names) != 1 {
		return nil
	}
	spoke, ok := types.Unalias(derefType(obj.Signature().Recv().Type())).(*types.Named)
	if !ok {
		return nil
	}
	param := c.pkg.TypesInfo.Defs[fd.Type.Params.List[0].Names[0]]
	m := &hubMethod{file: f, decl: fd, recv: fd.Recv.List[0].Names[0].Name, spoke: spoke}
	for _, stmt := range fd.Body.List {
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
		if !ok {
			continue
		}
		if id, ok := ta.X.(*ast.Ident); !ok || c.pkg.TypesInfo.Uses[id] != param {
			continue
		}
		lhs, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			continue
		}
		if hub, ok := types.Unalias(derefType(c.pkg.TypesInfo.TypeOf(ta.Type))).(*types.Named); ok {
			m.hubVar, m.hub = lhs.Name, hub
			return m
		}
	}
	return nil
}

// planHubData returns the edits of both methods, or why it cannot.
func (c *completer) planHubData(to, from *hubMethod, hubStatus, spokeStatus, hubInit *types.Var, readyJSON, provisionedJSON string, counters []hubCounter, sets map[*ast.File]*importSet) (map[*ast.File][]textEdit, string) {
	for _, m := range []*hubMethod{to, from} {
		if (mentions(m.decl, "MarshalData") || mentions(m.decl, "UnmarshalData")) && mentions(m.decl, hubInit.Name()) {
			// The provider (or an earlier round) keeps it already; a later
			// round's list of failure domains still needs its restore.
			return c.failureDomainsLater(to, hubStatus, spokeStatus), ""
		}
	}
	spokeReady := fieldByJSON(spokeStatus.Type(), readyJSON)
	provisioned := fieldByJSON(hubInit.Type(), provisionedJSON)
	isBool := func(v *types.Var) bool {
		b, ok := types.Unalias(v.Type()).(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	if spokeReady == nil || !isBool(spokeReady) || provisioned == nil || !types.Identical(provisioned.Type(), types.NewPointer(types.Typ[types.Bool])) {
		return nil, fmt.Sprintf("status.%s of the spoke is not a bool or initialization.%s of the hub is not a *bool", readyJSON, provisionedJSON)
	}
	out := map[*ast.File][]textEdit{}
	set := func(f *ast.File) *importSet {
		if sets[f] == nil {
			sets[f] = newImportSet(c.pkg, f)
		}
		return sets[f]
	}
	st, rd, in, pv := spokeStatus.Name(), spokeReady.Name(), hubInit.Name(), provisioned.Name()
	follow := func(src, dst string) string {
		return fmt.Sprintf(`	if %[1]s.%[3]s.%[5]s {
		provisioned := true
		%[2]s.%[3]s.%[4]s.%[6]s = &provisioned
	} else if p := %[2]s.%[3]s.%[4]s.%[6]s; p != nil && *p {
		%[2]s.%[3]s.%[4]s.%[6]s = nil
	}
`, src, dst, st, in, rd, pv)
	}

	// With the annotation, the hub's readiness is restored as it was unless
	// the spoke's ready changed since ConvertFrom: a hub whose ready and
	// provisioned disagree then round-trips, as conversion fuzz tests check.
	hubReady := fieldByJSON(hubStatus.Type(), readyJSON)
	if hubReady != nil && !isBool(hubReady) {
		hubReady = nil // not what conversion-gen maps from the spoke's bool
	}
	keepOrFollow := func(src, dst, ok, restored string) string {
		derived := fmt.Sprintf("%[1]s.%[2]s.%[3]s.%[4]s != nil && *%[1]s.%[2]s.%[3]s.%[4]s", restored, st, in, pv)
		if hubReady != nil {
			derived = fmt.Sprintf("%s.%s.%s || %s", restored, st, hubReady.Name(), derived)
		}
		cond := fmt.Sprintf("%s.%s.%s != (%s)", src, st, rd, derived)
		if ok != "" {
			cond = "!" + ok + " || " + cond
		}
		var b strings.Builder
		fmt.Fprintf(&b, "\t// provisioned follows ready unless the spoke's ready is still what\n\t// ConvertFrom made of the restored hub.\n\tif %s {\n", cond)
		for line := range strings.Lines(follow(src, dst)) {
			b.WriteString("\t" + line)
		}
		if hubReady != nil {
			fmt.Fprintf(&b, "\t} else {\n\t\t%[1]s.%[2]s.%[3]s = %[4]s.%[2]s.%[3]s\n", dst, st, hubReady.Name(), restored)
		}
		b.WriteString("\t}\n")
		return b.String()
	}

	// ConvertTo: restore initialization, provisioned following ready, and
	// the hub-only counters and pointers.
	pointers := hubPointerShapes(to.spoke.Obj().Name(), hubStatus.Type(), spokeStatus.Type())
	restoreCounters := func(restored string) string {
		return counterRestore(counters, to.hubVar, st, restored) + pointerRestore(pointers, to.hubVar, st, restored) +
			failureDomainsRestore(hubStatus.Type(), spokeStatus.Type(), to.hubVar, st, restored) + deprecatedRestore(hubStatus, to.hubVar, restored)
	}
	if mentions(to.decl, "UnmarshalData") {
		// The provider restores other hub-only data already: restore
		// initialization with it.
		derive := counterDerive(counters, to.hubVar, st, set(to.file))
		edits, why := c.restoreWithExisting(to, st, in, follow(to.recv, to.hubVar), keepOrFollow, derive, restoreCounters)
		if why != "" {
			return nil, why
		}
		out[to.file] = append(out[to.file], edits...)
	} else {
		imports := set(to.file)
		util := imports.name(utilConversionPath, "utilconversion")
		scope := c.scopeAtEnd(to.decl)
		restored, ok, err := fresh(scope, "restored"), fresh(scope, "ok"), fresh(scope, "err")
		src, dst := to.recv, to.hubVar
		block := counterDerive(counters, dst, st, imports) + fmt.Sprintf(`	// %[9]s exists only in the hub: restore it from the conversion-data
	// annotation ConvertFrom wrote.
	%[1]s := &%[2]s{}
	%[3]s, %[4]s := %[5]s.UnmarshalData(%[6]s, %[1]s)
	if %[4]s != nil {
		return %[4]s
	}
	if %[3]s {
		%[7]s.%[8]s.%[10]s = %[1]s.%[8]s.%[10]s
%[11]s		delete(%[7]s.GetAnnotations(), %[5]s.DataAnnotation)
	}
`, restored, imports.typeName(to.hub), ok, err, util, src, dst, st, contract.PathInitialization, in,
			indent(restoreCounters(restored)))
		e, why := c.beforeFinalReturn(to, block+keepOrFollow(src, dst, ok, restored), "nil", false)
		if why != "" {
			return nil, why
		}
		out[to.file] = append(out[to.file], e)
	}

	// ConvertFrom: ready when the hub says provisioned; keep the hub.
	{
		src, dst := from.hubVar, from.recv
		block := fmt.Sprintf(`	// A hub that reports only %[5]s reads as ready here.
	if p := %[1]s.%[3]s.%[4]s.%[6]s; p != nil && *p {
		%[2]s.%[3]s.%[7]s = true
	}
`, src, dst, st, in, contract.PathInitialization+"."+provisionedJSON, pv, rd)
		block += c.emptyStringBlock(from, dst)
		var e textEdit
		var why string
		if mentions(from.decl, "MarshalData") {
			// The hub is kept in the annotation already, initialization with it.
			e, why = c.beforeFinalReturn(from, block, "", true)
		} else {
			util := set(from.file).name(utilConversionPath, "utilconversion")
			block += fmt.Sprintf("\t// Keep what only the hub has (%s) for ConvertTo.\n", contract.PathInitialization)
			e, why = c.beforeFinalReturn(from, block, fmt.Sprintf("%s.MarshalData(%s, %s)", util, src, dst), false)
		}
		if why != "" {
			return nil, why
		}
		out[from.file] = append(out[from.file], e)
	}
	return out, ""
}

// restoreWithExisting adds status.initialization to what a ConvertTo that
// already calls UnmarshalData restores, in either of the shapes Cluster API
// providers write:
//
//	ok, err := utilconversion.UnmarshalData(src, restored) ... if ok { <restore> }
//	if ok, err := utilconversion.UnmarshalData(src, restored); err != nil || !ok { return err }; <restore>
//	if ok, err := utilconversion.UnmarshalData(src, restored); err != nil { return err } else if !ok { return nil }; <restore>
//
// keepOrFollow runs after the restore, and in the second shape follow
// (provisioned following ready) before the early return of an object
// without the annotation.
//
// derive goes before the UnmarshalData call, restoreCounters(restored)
// after the restore of initialization (the hub-only counters).
func (c *completer) restoreWithExisting(to *hubMethod, st, in, follow string, keepOrFollow func(src, dst, ok, restored string) string, derive string, restoreCounters func(string) string) ([]textEdit, string) {
	const why = "ConvertTo calls UnmarshalData in a shape mpaudit does not know; restore status.initialization with what it restores"
	tf := c.pkg.Fset.File(to.decl.Pos())
	unmarshal := func(s ast.Stmt) (okName, restored string) {
		as, isAssign := s.(*ast.AssignStmt)
		if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return "", ""
		}
		call, isCall := as.Rhs[0].(*ast.CallExpr)
		if !isCall || len(call.Args) != 2 {
			return "", ""
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		ok, okIdent := as.Lhs[0].(*ast.Ident)
		r, rIdent := call.Args[1].(*ast.Ident)
		if !isSel || sel.Sel.Name != "UnmarshalData" || !okIdent || !rIdent {
			return "", ""
		}
		if t, isNamed := types.Unalias(derefType(c.pkg.TypesInfo.TypeOf(r))).(*types.Named); !isNamed || !types.Identical(t, to.hub) {
			return "", ""
		}
		return ok.Name, r.Name
	}
	restore := func(r string) string {
		return fmt.Sprintf("\t%[1]s.%[2]s.%[3]s = %[4]s.%[2]s.%[3]s\n", to.hubVar, st, in, r) + restoreCounters(r)
	}
	body := to.decl.Body.List
	for i, s := range body {
		if okName, r := unmarshal(s); okName != "" {
			// Shape 1: restore inside the following `if ok { ... }`.
			for _, later := range body[i+1:] {
				ifs, isIf := later.(*ast.IfStmt)
				if !isIf || ifs.Init != nil {
					continue
				}
				if id, isIdent := ifs.Cond.(*ast.Ident); isIdent && id.Name == okName {
					e := textEdit{offset: tf.Offset(ifs.Body.Rbrace), text: indent(restore(r))}
					final, why := c.beforeFinalReturn(to, keepOrFollow(to.recv, to.hubVar, okName, r), "", true)
					if why != "" {
						return nil, why
					}
					edits := []textEdit{e, final}
					if derive != "" {
						edits = append(edits, textEdit{offset: tf.Offset(s.Pos()), text: strings.TrimPrefix(derive, "\t") + "\t"})
					}
					return edits, ""
				}
			}
			return nil, why
		}
		ifs, isIf := s.(*ast.IfStmt)
		if !isIf || ifs.Init == nil {
			continue
		}
		if okName, r := unmarshal(ifs.Init); okName != "" {
			if !returnsOnly(ifs.Body) {
				return nil, why
			}
			// Shape 3: `if err != nil { return … } else if !ok { return … }`.
			if ifs.Else != nil {
				alt, isIf := ifs.Else.(*ast.IfStmt)
				if !isIf || alt.Init != nil || alt.Else != nil || !returnsOnly(alt.Body) || !isNot(alt.Cond, okName) {
					return nil, why
				}
			}
			// Shape 2: the early return skips what follows for an object
			// that was never converted from the hub.
			before := textEdit{offset: tf.Offset(ifs.Pos()), text: "// Without the annotation, provisioned follows ready.\n" + follow + derive + "\t"}
			after := textEdit{offset: tf.Offset(ifs.End()), text: "\n\t// " + contract.PathInitialization + " exists only in the hub.\n" + restore(r) + strings.TrimSuffix(keepOrFollow(to.recv, to.hubVar, "", r), "\n")}
			return []textEdit{before, after}, ""
		}
	}
	return nil, why
}

// failureDomainsLater adds failureDomainsRestore inside the `if ok { … }`
// after ConvertTo's UnmarshalData of the hub, unless ConvertTo unsets the
// controlPlane already.
func (c *completer) failureDomainsLater(to *hubMethod, hubStatus, spokeStatus *types.Var) map[*ast.File][]textEdit {
	body := to.decl.Body.List
	for i, s := range body {
		as, isAssign := s.(*ast.AssignStmt)
		if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			continue
		}
		call, isCall := as.Rhs[0].(*ast.CallExpr)
		if !isCall || len(call.Args) != 2 {
			continue
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		ok, okIdent := as.Lhs[0].(*ast.Ident)
		r, rIdent := call.Args[1].(*ast.Ident)
		if !isSel || sel.Sel.Name != "UnmarshalData" || !okIdent || !rIdent {
			continue
		}
		text := failureDomainsRestore(hubStatus.Type(), spokeStatus.Type(), to.hubVar, spokeStatus.Name(), r.Name)
		if text == "" || unsetsField(to.decl, contract.FailureDomainFields.ControlPlane, c.pkg.TypesInfo) {
			return nil
		}
		for _, later := range body[i+1:] {
			if ifs, isIf := later.(*ast.IfStmt); isIf && ifs.Init == nil {
				if id, isIdent := ifs.Cond.(*ast.Ident); isIdent && id.Name == ok.Name {
					tf := c.pkg.Fset.File(to.decl.Pos())
					return map[*ast.File][]textEdit{to.file: {{offset: tf.Offset(ifs.Body.Rbrace), text: indent(text)}}}
				}
			}
		}
		return nil
	}
	return nil
}

// unsetsField reports whether fd assigns nil to a field of JSON name json.
func unsetsField(fd *ast.FuncDecl, json string, info *types.Info) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return !found
		}
		if id, ok := as.Rhs[0].(*ast.Ident); !ok || id.Name != "nil" {
			return true
		}
		if sel, ok := as.Lhs[0].(*ast.SelectorExpr); ok {
			if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
				if x := info.TypeOf(sel.X); x != nil && fieldByJSON(x, json) == v {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// returnsOnly reports a block that is one return statement.
func returnsOnly(b *ast.BlockStmt) bool {
	if len(b.List) != 1 {
		return false
	}
	_, ok := b.List[0].(*ast.ReturnStmt)
	return ok
}

// isNot reports whether e is !name.
func isNot(e ast.Expr, name string) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return false
	}
	id, ok := ast.Unparen(u.X).(*ast.Ident)
	return ok && id.Name == name
}

// emptyStringBlock turns each empty string the hub holds where the spoke
// holds a *string (an InfraMachine's spec.providerID, a BootstrapConfig's
// status.dataSecretName: the points the v1beta2 contract made strings) back
// into an unset pointer: conversion-gen maps "" to a pointer to "", so an
// unset spoke field would come back set.
func (c *completer) emptyStringBlock(from *hubMethod, dst string) string {
	var b strings.Builder
	for _, k := range append([]*contract.Kind{&contract.InfraMachinePool}, contract.LabelDrivenKinds...) {
		if !k.MatchesTypeName(from.spoke.Obj().Name()) {
			continue
		}
		for _, q := range k.Points(contract.V1Beta2) {
			if q.Type.Kind != contract.TypeString || q.Type.Pointer || q.Type.Named != nil || len(q.Segments()) != 2 {
				continue
			}
			top := contract.Segment(q.Path, 0)
			hubTop, spokeTop := fieldByJSON(from.hub, top), fieldByJSON(from.spoke, top)
			if hubTop == nil || spokeTop == nil {
				continue
			}
			hubF, spokeF := fieldByJSON(hubTop.Type(), contract.Leaf(q.Path)), fieldByJSON(spokeTop.Type(), contract.Leaf(q.Path))
			if hubF == nil || spokeF == nil || !types.Identical(hubF.Type(), types.Typ[types.String]) || !types.Identical(spokeF.Type(), types.NewPointer(types.Typ[types.String])) {
				continue
			}
			fmt.Fprintf(&b, `	// The hub's %[4]s is a string: an empty one is an unset pointer here.
	if %[1]s.%[2]s.%[3]s != nil && *%[1]s.%[2]s.%[3]s == "" {
		%[1]s.%[2]s.%[3]s = nil
	}
`, dst, spokeTop.Name(), spokeF.Name(), q.Path)
		}
		break
	}
	return b.String()
}

// deprecatedRestore brings back from the annotation's hub a
// status.deprecated group holding nothing the spoke has (an empty
// deprecated or v1beta1 group): the spoke's fields cannot tell it from an
// unset group, which is what converting them back makes. A group with
// values is what the spoke's fields convert back to and is left alone.
func deprecatedRestore(hubStatus *types.Var, dst, restored string) string {
	deprecated, v1beta1 := deprecatedNames()
	dep := fieldByJSON(hubStatus.Type(), deprecated)
	if dep == nil {
		return ""
	}
	depStruct, ok := derefType(dep.Type()).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	_, depPtr := types.Unalias(dep.Type()).(*types.Pointer)
	st := hubStatus.Name()
	path := func(root string) string { return root + "." + st + "." + dep.Name() }
	// Every group below deprecated must be v1beta1, every v1beta1 field a
	// pointer or a basic value the spoke maps.
	var zero []string
	for i := range depStruct.NumFields() {
		if n, _, _ := strings.Cut(reflectTag(depStruct.Tag(i), "json"), ","); n != v1beta1 {
			return ""
		}
	}
	v1 := fieldByJSON(dep.Type(), v1beta1)
	if v1 == nil {
		return ""
	}
	v1Struct, ok := derefType(v1.Type()).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	_, v1Ptr := types.Unalias(v1.Type()).(*types.Pointer)
	if !depPtr && !v1Ptr {
		return "" // no unset group to tell from an empty one
	}
	r := path(restored) + "." + v1.Name()
	for f := range v1Struct.Fields() {
		switch t := f.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map:
			zero = append(zero, r+"."+f.Name()+" == nil")
		case *types.Basic:
			zero = append(zero, r+"."+f.Name()+" == "+zeroLiteral(t))
		default:
			return ""
		}
	}
	empty := "true"
	if len(zero) > 0 {
		empty = strings.Join(zero, " && ")
	}
	var cond, assign string
	if depPtr {
		// The whole deprecated group goes back as the hub had it.
		cond = fmt.Sprintf("%s == nil && %s != nil", path(dst), path(restored))
		if v1Ptr {
			cond += fmt.Sprintf(" && (%s == nil || %s)", r, empty)
		} else {
			cond += " && " + empty
		}
		assign = fmt.Sprintf("%s = %s", path(dst), path(restored))
	} else {
		cond = fmt.Sprintf("%s.%s == nil && %s != nil && %s", path(dst), v1.Name(), r, empty)
		assign = fmt.Sprintf("%s.%s = %s", path(dst), v1.Name(), r)
	}
	return fmt.Sprintf("\t// %s exists only in the hub: a group without values comes back as it was.\n\tif %s {\n\t\t%s\n\t}\n",
		strings.TrimSuffix(contract.PathDeprecatedV1B1, "."+v1beta1), cond, assign)
}

// beforeFinalReturn inserts block before the method's last statement, a
// return of one error. With keep, the return stays as it is. Otherwise
// `return nil` becomes block + `return final`; `return call(...)` becomes a
// checked call, block and `return final`.
func (c *completer) beforeFinalReturn(m *hubMethod, block, final string, keep bool) (textEdit, string) {
	body := m.decl.Body.List
	if len(body) == 0 {
		return textEdit{}, m.decl.Name.Name + " has an empty body"
	}
	ret, ok := body[len(body)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return textEdit{}, m.decl.Name.Name + " does not end in a return of one error"
	}
	tf := c.pkg.Fset.File(ret.Pos())
	start, end := tf.Offset(ret.Pos()), tf.Offset(ret.End())
	if keep {
		return textEdit{offset: tf.Offset(leadingComment(tf, m.file, m.decl.Body)), text: strings.TrimPrefix(block, "\t") + "\t"}, ""
	}
	src, err := readSource(tf.Name())
	if err != nil {
		return textEdit{}, err.Error()
	}
	result := string(src[tf.Offset(ret.Results[0].Pos()):tf.Offset(ret.Results[0].End())])
	var b strings.Builder
	if id, ok := ret.Results[0].(*ast.Ident); !ok || id.Name != "nil" {
		if _, ok := ret.Results[0].(*ast.CallExpr); !ok {
			return textEdit{}, m.decl.Name.Name + " ends in `return " + result + "`, not a call or nil"
		}
		fmt.Fprintf(&b, "if err := %s; err != nil {\n\t\treturn err\n\t}\n", result)
	}
	b.WriteString(block)
	b.WriteString("\treturn " + final)
	return textEdit{offset: start, remove: end - start, text: strings.TrimPrefix(b.String(), "\t")}, ""
}

// leadingComment is where the last statement of body begins with the
// comment lines right above it, which are about it: code inserted before
// the statement goes above them.
func leadingComment(tf *token.File, file *ast.File, body *ast.BlockStmt) token.Pos {
	stmt := body.List[len(body.List)-1]
	after := body.Lbrace
	if n := len(body.List); n > 1 {
		after = body.List[n-2].End()
	}
	pos := stmt.Pos()
	if file == nil {
		return pos
	}
	for _, cg := range slices.Backward(file.Comments) {
		if cg.End() > pos {
			continue
		}
		if cg.Pos() <= after || tf.Line(cg.Pos()) == tf.Line(after) || tf.Line(cg.End())+1 != tf.Line(pos) {
			break
		}
		pos = cg.Pos()
	}
	return pos
}

// indent indents every non-empty line of code by one more tab.
func indent(code string) string {
	var b strings.Builder
	for line := range strings.Lines(code) {
		if strings.TrimSpace(line) != "" {
			b.WriteString("\t")
		}
		b.WriteString(line)
	}
	return b.String()
}

// scopeAtEnd is the function body's scope.
func (c *completer) scopeAtEnd(fd *ast.FuncDecl) *types.Scope {
	if s := c.pkg.TypesInfo.Scopes[fd.Type]; s != nil {
		return s
	}
	return types.NewScope(nil, token.NoPos, token.NoPos, "")
}

// fresh returns name, or name with a number, unused in scope itself.
func fresh(scope *types.Scope, name string) string {
	n := name
	for i := 2; scope.Lookup(n) != nil; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	return n
}

func mentions(fd *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

func readSource(path string) ([]byte, error) { return os.ReadFile(path) }

func sortStrings(s []string) { sort.Strings(s) }

// readinessKind is the kind, among those whose readiness the hub
// conversions map, a type name belongs to (pools first, whose suffix is
// the longest).
func readinessKind(typeName string) (*contract.Kind, bool) {
	for _, k := range append([]*contract.Kind{&contract.InfraMachinePool}, contract.LabelDrivenKinds...) {
		if k.MatchesTypeName(typeName) {
			return k, true
		}
	}
	return nil, false
}

// readinessPaths are kind k's v1beta1 readiness field and its v1beta2
// successor, from the catalog (status.ready and
// status.initialization.dataSecretCreated for a BootstrapConfig).
func readinessPaths(k *contract.Kind) (v1, v2 string, ok bool) {
	old, next, ok := k.ReadinessPair()
	return old.Path, next.Path, ok
}

// followReadiness says which field follows which in a conversion of the
// type name, in its kind's own names.
func followReadiness(typeName string) string {
	if k, ok := readinessKind(typeName); ok {
		if v1, v2, ok := readinessPaths(k); ok {
			return fmt.Sprintf("set %s from %s", v2, v1)
		}
	}
	return "set the v1beta2 readiness field under status.initialization from the v1beta1 one"
}

// readinessPair names, by JSON name, the v1beta1 readiness field of the
// kind a type name belongs to and its v1beta2 successor under
// status.initialization.
func readinessPair(typeName string) (v1, v2 string, ok bool) {
	k, ok := readinessKind(typeName)
	if !ok {
		return "", "", false
	}
	old, next, ok := readinessPaths(k)
	return jsonName(old), jsonName(next), ok
}
