package rewrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// failureDomainsBlock converts an InfraCluster's status.failureDomains
// between the v1beta1 map (a spoke's) and the v1beta2 list (the hub's), as
// Cluster API v1.11.0's DockerCluster conversion does: the list is sorted
// by name so the result is the same on every run; controlPlane and
// attributes are kept, an unset controlPlane reads as false.
func failureDomainsBlock(in, out *types.Var, imports *importSet) (string, bool) {
	v1, v2, ok := fdPoints()
	if !ok || in == nil || out == nil {
		return "", false
	}
	list, mapType, toList := out, in, true
	if isNamed(in.Type(), v1.Type.Named) {
		// map to list
	} else if isNamed(out.Type(), v1.Type.Named) {
		list, mapType, toList = in, out, false
	} else {
		return "", false
	}
	slice, ok := types.Unalias(list.Type()).(*types.Slice)
	if !ok || !isNamed(slice.Elem(), v2.Type.Elem.Named) {
		return "", false
	}
	elem := types.Unalias(slice.Elem()).(*types.Named)
	m, ok := mapType.Type().Underlying().(*types.Map)
	if !ok {
		return "", false
	}
	spec, ok := types.Unalias(m.Elem()).(*types.Named)
	if !ok {
		return "", false
	}
	fields := contract.FailureDomainFields
	name, cp, attrs := fieldByJSON(elem, fields.Key), fieldByJSON(elem, fields.ControlPlane), fieldByJSON(elem, fields.Attributes)
	specCP, specAttrs := fieldByJSON(spec, fields.ControlPlane), fieldByJSON(spec, fields.Attributes)
	if name == nil || cp == nil || attrs == nil || specCP == nil || specAttrs == nil {
		return "", false
	}
	// The conventional names, when free, over the packages' own (v1beta1, v1beta2).
	imports.name(elem.Obj().Pkg().Path(), pkgQualifier(v2))
	if spec.Obj().Pkg() != nil {
		q, _, _ := strings.Cut(v1.Type.String(), ".")
		imports.name(spec.Obj().Pkg().Path(), q)
	}
	ptr := imports.name(pkgPtr, "ptr")
	f := in.Name()
	var b strings.Builder
	fmt.Fprintf(&b, "\tif in.%s != nil {\n", f)
	if toList {
		slices, maps := imports.name(pkgSlices), imports.name("maps")
		fmt.Fprintf(&b, "\t\t// Sorted by name: a map has no order, the list's must not change between runs.\n")
		fmt.Fprintf(&b, "\t\tout.%[1]s = make([]%[2]s, 0, len(in.%[1]s))\n", f, imports.typeName(elem))
		fmt.Fprintf(&b, "\t\tfor _, key := range %s.Sorted(%s.Keys(in.%s)) {\n", slices, maps, f)
		fmt.Fprintf(&b, "\t\t\tout.%[1]s = append(out.%[1]s, %[2]s{%[3]s: key, %[4]s: %[5]s.To(in.%[1]s[key].%[6]s), %[7]s: in.%[1]s[key].%[8]s})\n",
			f, imports.typeName(elem), name.Name(), cp.Name(), ptr, specCP.Name(), attrs.Name(), specAttrs.Name())
	} else {
		fmt.Fprintf(&b, "\t\tout.%[1]s = make(%[2]s, len(in.%[1]s))\n", f, mapTypeName(mapType.Type(), imports))
		fmt.Fprintf(&b, "\t\tfor _, domain := range in.%s {\n", f)
		fmt.Fprintf(&b, "\t\t\tout.%[1]s[domain.%[2]s] = %[3]s{%[4]s: %[5]s.Deref(domain.%[6]s, false), %[7]s: domain.%[8]s}\n",
			f, name.Name(), imports.typeName(spec), specCP.Name(), ptr, cp.Name(), specAttrs.Name(), attrs.Name())
	}
	b.WriteString("\t\t}\n\t}\n")
	return b.String(), true
}

func mapTypeName(t types.Type, imports *importSet) string {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return imports.typeName(n)
	}
	return types.TypeString(t, func(p *types.Package) string { return imports.name(p.Path(), p.Name()) })
}

// completeHandWritten adds to a hand-written Convert_ function, before its
// final return, the block that maps a field its generated part newly skips
// (block builds it from the function's in and out types, or declines).
// autoConvert leaves that field alone, so the block's place before or after
// the call does not matter.
func (c *completer) completeHandWritten(file *ast.File, manual, auto *ast.FuncDecl, sets map[*ast.File]*importSet,
	block func(in, out *types.Named, imports *importSet) (string, bool)) (textEdit, bool) {
	obj, ok := c.pkg.TypesInfo.Defs[auto.Name].(*types.Func)
	if !ok || obj.Signature().Params().Len() != 3 || file == nil {
		return textEdit{}, false
	}
	in, ok1 := types.Unalias(derefType(obj.Signature().Params().At(0).Type())).(*types.Named)
	out, ok2 := types.Unalias(derefType(obj.Signature().Params().At(1).Type())).(*types.Named)
	if !ok1 || !ok2 {
		return textEdit{}, false
	}
	body := manual.Body.List
	if len(body) == 0 || manual.Type.Params.NumFields() != 3 || !paramsNamed(manual, "in", "out") {
		return textEdit{}, false
	}
	if _, isRet := body[len(body)-1].(*ast.ReturnStmt); !isRet {
		return textEdit{}, false
	}
	if sets[file] == nil {
		sets[file] = newImportSet(c.pkg, file)
	}
	text, ok := block(in, out, sets[file])
	if !ok {
		return textEdit{}, false
	}
	tf := c.pkg.Fset.File(manual.Pos())
	return textEdit{offset: tf.Offset(leadingComment(tf, file, manual.Body)), text: strings.TrimPrefix(text, "\t") + "\t"}, true
}

// failureDomainsOf converts field as failureDomainsBlock does.
func failureDomainsOf(field string) func(in, out *types.Named, imports *importSet) (string, bool) {
	return func(in, out *types.Named, imports *importSet) (string, bool) {
		return failureDomainsBlock(structField(in, field), structField(out, field), imports)
	}
}

// paramsNamed reports whether the function's first parameters carry the
// names the generated blocks use.
func paramsNamed(fd *ast.FuncDecl, names ...string) bool {
	var got []string
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			got = append(got, n.Name)
		}
	}
	for i, n := range names {
		if i >= len(got) || got[i] != n {
			return false
		}
	}
	return true
}

// failureDomainsRestore keeps an unset controlPlane of the hub's
// status.failureDomains unset across a round trip: the spoke's map holds
// the false it was converted to (failureDomainsBlock), and the annotation's
// hub has it unset. "" when the hub's list and the spoke's map are not both
// there.
func failureDomainsRestore(hubStatus, spokeStatus types.Type, dst, st, restored string) string {
	v1, v2, ok := fdPoints()
	if !ok {
		return ""
	}
	fields := contract.FailureDomainFields
	json := contract.Leaf(v2.Path)
	hub, spoke := fieldByJSON(hubStatus, json), fieldByJSON(spokeStatus, json)
	if hub == nil || spoke == nil || !isNamed(spoke.Type(), v1.Type.Named) {
		return ""
	}
	slice, ok := types.Unalias(hub.Type()).(*types.Slice)
	if !ok || !isNamed(slice.Elem(), v2.Type.Elem.Named) {
		return ""
	}
	name, cp := fieldByJSON(slice.Elem(), fields.Key), fieldByJSON(slice.Elem(), fields.ControlPlane)
	if name == nil || cp == nil {
		return ""
	}
	list := dst + "." + st + "." + hub.Name()
	return fmt.Sprintf(`	// %[6]s.%[7]s is a pointer only in the hub: unset stays unset while the spoke holds the false it was converted to.
	for i, domain := range %[1]s {
		if domain.%[2]s == nil || *domain.%[2]s {
			continue
		}
		for _, was := range %[3]s.%[4]s.%[5]s {
			if was.%[8]s == domain.%[8]s && was.%[2]s == nil {
				%[1]s[i].%[2]s = nil
			}
		}
	}
`, list, cp.Name(), restored, st, hub.Name(), v2.Path, fields.ControlPlane, name.Name())
}
