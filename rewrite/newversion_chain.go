package rewrite

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/internal/importgroups"
)

// A group with older versions beside its hub OLD: those spokes keep their
// conversions to OLD (hand-written ones included) and convert to VERSION
// through OLD. Their ConvertTo/ConvertFrom become convertTo<OLD> and
// convertFrom<OLD>, taking any conversion.Convertible (OLD's types are no
// longer hubs), and new ConvertTo/ConvertFrom chain the two steps.
// utilconversion.MarshalData keeps one annotation, which each step would
// overwrite: the hub's data rides inside the spoke's, under its
// metadata.annotations, so a hub→spoke→hub round trip loses nothing.

const (
	runtimeConversion = "sigs.k8s.io/controller-runtime/pkg/conversion"
	chainFile         = "conversion_chain.go"
)

// chainedMethod is a spoke's ConvertTo or ConvertFrom to OLD.
type chainedMethod struct {
	recv, mid string // the spoke's type and OLD's it asserts
	to        bool
}

// chainSpokes rewrites each older version of nv's group to convert to
// VERSION through OLD.
func (nv *newVersion) chainSpokes(st *stage, write func(string, []byte) error) error {
	for _, sp := range nv.spokes {
		if err := nv.chainSpoke(st, sp, write); err != nil {
			return err
		}
	}
	return nil
}

func (nv *newVersion) chainSpoke(st *stage, sp *apiPackage, write func(string, []byte) error) error {
	title := strings.ToUpper(nv.old[:1]) + nv.old[1:]
	toOld, fromOld := "convertTo"+title, "convertFrom"+title
	var methods []chainedMethod
	declared := map[string]bool{}
	lists := map[string]bool{}
	oldAlias := ""
	for _, name := range sp.goFiles {
		path := filepath.Join(sp.dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		convName, oldName := "", ""
		for _, s := range f.Imports {
			switch p, _ := strconv.Unquote(s.Path.Value); p {
			case runtimeConversion:
				convName = cmp.Or(importgroups.Name(s), "conversion")
			case nv.oldPath:
				oldName = cmp.Or(importgroups.Name(s), nv.oldName)
			}
		}
		off := func(p token.Pos) int { return fset.Position(p).Offset }
		var edits []splice
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						declared[spec.Name.Name] = true
						if embedsListMeta(spec) {
							lists[spec.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							declared[n.Name] = true
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = true
					continue
				}
				recv := recvTypeName(d)
				declared[recv+"."+d.Name.Name] = true
				if d.Name.Name != "ConvertTo" && d.Name.Name != "ConvertFrom" || d.Type.Params.NumFields() != 1 || convName == "" {
					continue
				}
				sel, ok := d.Type.Params.List[0].Type.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Hub" {
					continue
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != convName {
					continue
				}
				mid := assertedType(d.Body, oldName)
				if mid == "" {
					return fmt.Errorf("--new-api-version: %s: %s.%s does not convert to %s (no type assertion to its types), so it cannot convert to %s through it",
						st.rel(fset.Position(d.Pos()).String()), recv, d.Name.Name, nv.oldPath, nv.version)
				}
				if !slices.Contains(nv.convertedTypes(), mid) {
					return fmt.Errorf("--new-api-version: %s: %s.%s converts to %s.%s, which is no hub of %s", st.rel(fset.Position(d.Pos()).String()), recv, d.Name.Name, nv.oldName, mid, nv.oldPath)
				}
				oldAlias = oldName
				to := d.Name.Name == "ConvertTo"
				methods = append(methods, chainedMethod{recv: recv, mid: mid, to: to})
				rename := fromOld
				if to {
					rename = toOld
				}
				edits = append(edits, splice{off(d.Name.Pos()), off(d.Name.End()), rename}, splice{off(sel.Sel.Pos()), off(sel.Sel.End()), "Convertible"})
				if d.Doc != nil {
					if c := d.Doc.List[0]; strings.HasPrefix(c.Text, "// "+d.Name.Name+" ") {
						text := "// " + rename + " " + strings.TrimPrefix(c.Text, "// "+d.Name.Name+" ")
						edits = append(edits, splice{off(c.Pos()), off(c.End()), hubVersionWords.ReplaceAllString(text, nv.old)})
					}
				}
			}
		}
		if len(edits) == 0 {
			continue
		}
		out, err := applySplices(src, edits)
		if err == nil {
			out, err = format.Source(out)
		}
		if err != nil {
			return fmt.Errorf("--new-api-version: %s: %w", st.rel(path), err)
		}
		if err := write(path, out); err != nil {
			return err
		}
	}
	if len(methods) == 0 {
		return fmt.Errorf("--new-api-version: %s is a version of %s beside the hub %s but declares no conversion to it", sp.path, nv.group, nv.old)
	}
	for _, m := range methods {
		if declared[m.recv+"."+toOld] || declared[m.recv+"."+fromOld] {
			return fmt.Errorf("--new-api-version: %s already declares %s.%s or %s", sp.path, m.recv, toOld, fromOld)
		}
	}
	path := filepath.Join(sp.dir, chainFile)
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("--new-api-version: %s exists already", st.rel(path))
	}
	text, helpers := nv.chainSource(sp, methods, lists, oldAlias, toOld, fromOld)
	if helpers {
		for _, h := range chainHelpers {
			if declared[h] {
				return fmt.Errorf("--new-api-version: %s already declares %s, which its conversion through %s needs", sp.path, h, nv.old)
			}
		}
	}
	out, err := format.Source([]byte(text))
	if err != nil {
		return err
	}
	return write(path, out)
}

// hubVersionWords name OLD as the hub in a spoke's method comment.
var hubVersionWords = regexp.MustCompile(`(?i)the hub version(\s*\(\w+\))?`)

var chainHelpers = []string{"takeHubData", "keepHubData", "hubDataOf", "restoreHubData"}

// chainSource is the spoke's file of chained conversions; helpers reports
// that it declares chainHelpers (an object type, not only lists).
func (nv *newVersion) chainSource(sp *apiPackage, methods []chainedMethod, lists map[string]bool, oldAlias, toOld, fromOld string) (string, bool) {
	var b strings.Builder
	objects := slices.ContainsFunc(methods, func(m chainedMethod) bool { return !lists[m.recv] })
	fmt.Fprintf(&b, "package %s\n\nimport (\n", sp.name)
	if objects {
		b.WriteString("\t\"encoding/json\"\n\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\tutilconversion \"sigs.k8s.io/cluster-api/util/conversion\"\n")
	}
	fmt.Fprintf(&b, "\t%q\n\n\t%s %q\n)\n", runtimeConversion, oldAlias, nv.oldPath)
	fmt.Fprintf(&b, "\n// %s converts to the hub, %s, through %s: its conversions to %s stay\n// as they are, and the hub's conversion data rides inside %s's.\n", sp.version, nv.version, nv.old, nv.old, nv.old)
	// A list has no annotations: only an object carries the hub's data.
	for _, m := range methods {
		data := !lists[m.recv]
		if m.to {
			fmt.Fprintf(&b, "\n// ConvertTo converts this %s to the Hub version (%s) through %s.\nfunc (src *%s) ConvertTo(dstRaw conversion.Hub) error {\n", m.recv, nv.version, nv.old, m.recv)
			if data {
				b.WriteString("\thubData, err := hubDataOf(src)\n\tif err != nil {\n\t\treturn err\n\t}\n")
			}
			fmt.Fprintf(&b, "\tmid := &%s.%s{}\n\tif err := src.%s(mid); err != nil {\n\t\treturn err\n\t}\n", oldAlias, m.mid, toOld)
			if data {
				b.WriteString("\trestoreHubData(mid, hubData)\n")
			}
			b.WriteString("\treturn mid.ConvertTo(dstRaw)\n}\n")
			continue
		}
		fmt.Fprintf(&b, "\n// ConvertFrom converts from the Hub version (%s) to this version through %s.\nfunc (dst *%s) ConvertFrom(srcRaw conversion.Hub) error {\n", nv.version, nv.old, m.recv)
		fmt.Fprintf(&b, "\tmid := &%s.%s{}\n\tif err := mid.ConvertFrom(srcRaw); err != nil {\n\t\treturn err\n\t}\n", oldAlias, m.mid)
		if !data {
			fmt.Fprintf(&b, "\treturn dst.%s(mid)\n}\n", fromOld)
			continue
		}
		fmt.Fprintf(&b, "\thubData := takeHubData(mid)\n\tif err := dst.%s(mid); err != nil {\n\t\treturn err\n\t}\n\treturn keepHubData(dst, hubData)\n}\n", fromOld)
	}
	if objects {
		fmt.Fprintf(&b, chainHelperSource, nv.old)
	}
	return b.String(), objects
}

// chainHelperSource declares chainHelpers; %[1]s is OLD.
const chainHelperSource = `
// takeHubData removes the hub's conversion data from obj, converted from
// the hub to %[1]s.
func takeHubData(obj metav1.Object) string {
	annotations := obj.GetAnnotations()
	data, ok := annotations[utilconversion.DataAnnotation]
	if ok {
		delete(annotations, utilconversion.DataAnnotation)
		obj.SetAnnotations(annotations)
	}
	return data
}

// keepHubData stores the hub's conversion data inside obj's own, under
// its metadata.annotations.
func keepHubData(obj metav1.Object, hubData string) error {
	if hubData == "" {
		return nil
	}
	annotations := obj.GetAnnotations()
	own := map[string]json.RawMessage{}
	if data, ok := annotations[utilconversion.DataAnnotation]; ok {
		if err := json.Unmarshal([]byte(data), &own); err != nil {
			return err
		}
	}
	meta, err := json.Marshal(map[string]map[string]string{"annotations": {utilconversion.DataAnnotation: hubData}})
	if err != nil {
		return err
	}
	own["metadata"] = meta
	data, err := json.Marshal(own)
	if err != nil {
		return err
	}
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[utilconversion.DataAnnotation] = string(data)
	obj.SetAnnotations(annotations)
	return nil
}

// hubDataOf is the hub's conversion data keepHubData stored in obj.
func hubDataOf(obj metav1.Object) (string, error) {
	data, ok := obj.GetAnnotations()[utilconversion.DataAnnotation]
	if !ok {
		return "", nil
	}
	var own struct {
		Metadata struct {
			Annotations map[string]string ` + "`json:\"annotations\"`" + `
		} ` + "`json:\"metadata\"`" + `
	}
	if err := json.Unmarshal([]byte(data), &own); err != nil {
		return "", err
	}
	return own.Metadata.Annotations[utilconversion.DataAnnotation], nil
}

// restoreHubData gives obj, converted to %[1]s, the hub's conversion data
// in place of its own, or none.
func restoreHubData(obj metav1.Object, hubData string) {
	annotations := obj.GetAnnotations()
	if _, ok := annotations[utilconversion.DataAnnotation]; !ok && hubData == "" {
		return
	}
	if hubData == "" {
		delete(annotations, utilconversion.DataAnnotation)
	} else {
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[utilconversion.DataAnnotation] = hubData
	}
	obj.SetAnnotations(annotations)
}
`

// embedsListMeta reports whether the type spec is a struct embedding
// metav1.ListMeta (a list kind, which has no annotations).
func embedsListMeta(spec *ast.TypeSpec) bool {
	st, ok := spec.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, f := range st.Fields.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && len(f.Names) == 0 && sel.Sel.Name == "ListMeta" {
			return true
		}
	}
	return false
}

// fieldTypeSelectors calls visit with each qualified name (x.Sel) in the
// types of the file's struct fields.
func fieldTypeSelectors(f *ast.File, visit func(x *ast.Ident, sel *ast.SelectorExpr)) {
	ast.Inspect(f, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, field := range st.Fields.List {
			ast.Inspect(field.Type, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok {
					visit(x, sel)
				}
				return false
			})
		}
		return true
	})
}

// recvTypeName is the name of the method's receiver type, "" when it is
// not a (pointer to a) plain name.
func recvTypeName(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// assertedType is the name of the type of package alias the body asserts
// an interface to (dst := dstRaw.(*alias.T)), "" if none.
func assertedType(body *ast.BlockStmt, alias string) string {
	if body == nil || alias == "" {
		return ""
	}
	found := ""
	ast.Inspect(body, func(n ast.Node) bool {
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok || found != "" {
			return found == ""
		}
		star, ok := ta.Type.(*ast.StarExpr)
		if !ok {
			return true
		}
		if sel, ok := star.X.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == alias {
				found = sel.Sel.Name
			}
		}
		return true
	})
	return found
}

// crossTypes are the types of the other new versions' OLD packages that
// OLD's struct fields carry (a control plane embedding its bootstrap
// config's spec): path → names, and the name OLD imports each path by;
// with what OLD's files declare and import, which the functions
// crossGroupConversions adds must not repeat.
type crossTypes struct {
	used    map[string][]string
	aliases map[string]string
	// declared are OLD's package-level functions; taken the names its
	// files import packages by.
	declared, taken map[string]bool
}

// crossGroupTypes reads nv's crossTypes.
func (nv *newVersion) crossGroupTypes(all []*newVersion) (crossTypes, error) {
	others := map[string]bool{}
	for _, o := range all {
		if o != nv {
			others[o.oldPath] = true
		}
	}
	c := crossTypes{used: map[string][]string{}, aliases: map[string]string{}, declared: map[string]bool{}, taken: map[string]bool{}}
	if len(others) == 0 {
		return c, nil
	}
	entries, err := os.ReadDir(nv.oldDir)
	if err != nil {
		return crossTypes{}, err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(nv.oldDir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return crossTypes{}, err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				c.declared[fd.Name.Name] = true
			}
		}
		byName := map[string]string{}
		for _, s := range f.Imports {
			p, _ := strconv.Unquote(s.Path.Value)
			local := cmp.Or(importgroups.Name(s), importgroups.GuessName(p))
			c.taken[local] = true
			if others[p] {
				byName[local] = p
			}
		}
		// The generated code carries what the types carry.
		if len(byName) == 0 || strings.HasPrefix(name, "zz_generated.") {
			continue
		}
		fieldTypeSelectors(f, func(x *ast.Ident, sel *ast.SelectorExpr) {
			if p := byName[x.Name]; p != "" {
				c.aliases[p] = x.Name
				if !slices.Contains(c.used[p], sel.Sel.Name) {
					c.used[p] = append(c.used[p], sel.Sel.Name)
				}
			}
		})
	}
	return c, nil
}

// crossGroupConversions declares in OLD, for each type of another new
// version's OLD that its fields carry, the conversion functions
// conversion-gen looks for by name between that group's two versions,
// each calling the one that group's conversions generated.
func (nv *newVersion) crossGroupConversions(all []*newVersion, cross crossTypes, write func(string, []byte) error) error {
	used, aliases, declared := cross.used, cross.aliases, cross.declared
	if len(used) == 0 {
		return nil
	}
	taken := maps.Clone(cross.taken)
	taken[nv.newName], taken["apimachineryconversion"] = true, true
	imports := map[string]string{"k8s.io/apimachinery/pkg/conversion": "apimachineryconversion"}
	var b strings.Builder
	for _, path := range slices.Sorted(maps.Keys(used)) {
		o := all[slices.IndexFunc(all, func(o *newVersion) bool { return o.oldPath == path })]
		oldAlias := aliases[path]
		prefix := strings.TrimRight(strings.TrimSuffix(oldAlias, o.oldName), "0123456789")
		prefix = strings.TrimSuffix(prefix, "v")
		newAlias := importgroups.FreshName(func(n string) bool { return taken[n] }, 1, prefix+o.newName)
		taken[newAlias] = true
		imports[path], imports[o.newPath] = oldAlias, newAlias
		slices.Sort(used[path])
		for _, t := range used[path] {
			for _, dir := range [][2]string{{o.oldName, o.newName}, {o.newName, o.oldName}} {
				fn := fmt.Sprintf("Convert_%s_%s_To_%s_%s", dir[0], t, dir[1], t)
				if declared[fn] {
					continue
				}
				in, out := oldAlias+"."+t, newAlias+"."+t
				if dir[0] == o.newName {
					in, out = out, in
				}
				fmt.Fprintf(&b, "\n// %s converts with %s's own conversion.\nfunc %s(in *%s, out *%s, s apimachineryconversion.Scope) error {\n\treturn %s.%s(in, out, s)\n}\n",
					fn, o.oldPath, fn, in, out, oldAlias, fn)
			}
		}
	}
	if b.Len() == 0 {
		return nil
	}
	return appendDecls(filepath.Join(nv.oldDir, "conversion.go"), nv.oldName, b.String(), imports, write)
}

// conversionOrder orders the new versions so that one whose OLD carries
// another's types comes after it: its conversions call that group's. It
// returns each one's crossTypes too.
func conversionOrder(nvs []*newVersion) ([]*newVersion, map[*newVersion]crossTypes, error) {
	deps, cross := map[*newVersion][]string{}, map[*newVersion]crossTypes{}
	for _, nv := range nvs {
		c, err := nv.crossGroupTypes(nvs)
		if err != nil {
			return nil, nil, err
		}
		cross[nv], deps[nv] = c, slices.Collect(maps.Keys(c.used))
	}
	var out []*newVersion
	done := map[string]bool{}
	for len(out) < len(nvs) {
		progressed := false
		for _, nv := range nvs {
			if slices.Contains(out, nv) || slices.ContainsFunc(deps[nv], func(p string) bool { return !done[p] }) {
				continue
			}
			out, done[nv.oldPath], progressed = append(out, nv), true, true
		}
		if !progressed {
			return append(out, slices.DeleteFunc(slices.Clone(nvs), func(nv *newVersion) bool { return slices.Contains(out, nv) })...), cross, nil // a cycle: as listed
		}
	}
	return out, cross, nil
}
