package contract

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/module"
)

var updateSignatures = flag.Bool("update-goapi-signatures", false, "write goapi_signatures_gen.go from the Cluster API releases in the module cache")

// sigFunc is one exported package-level function of a release: its
// parameter and result types, each written by mapPath.
type sigFunc struct {
	params, results []ast.Expr
	variadic        bool
	imports         map[string]string // local name → path
	pkg             string
}

// releaseFuncs reads the exported package-level functions of the packages
// providers import from Cluster API release r (no internal, test, tool or
// generated code), by "path.Name". ok is false when the release is not
// in the module cache.
func releaseFuncs(t *testing.T, cache string, r Release) (map[string]*sigFunc, bool) {
	t.Helper()
	modDir := func(path string) string {
		esc, _ := module.EscapePath(path)
		return filepath.Join(cache, esc+"@"+string(r))
	}
	roots := map[string]string{capi: modDir(capi)}
	if _, err := os.Stat(filepath.Join(roots[capi], "go.mod")); err != nil {
		return nil, false
	}
	if _, err := os.Stat(filepath.Join(roots[capi], "api")); err != nil {
		roots[capiAPI] = modDir(capiAPI) // a module of its own from v1.14
		if _, err := os.Stat(filepath.Join(roots[capiAPI], "go.mod")); err != nil {
			return nil, false
		}
	}
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", false
	out := map[string]*sigFunc{}
	for modPath, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				name := d.Name()
				if p == root {
					return nil
				}
				if name == "internal" || name == "testdata" || name == "hack" || name == "cmd" || name == "docs" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module (test/)
				}
				return nil
			}
			name := d.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "zz_generated") {
				return nil
			}
			if ok, err := ctx.MatchFile(filepath.Dir(p), name); err != nil || !ok {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			if f.Name.Name == "main" || strings.HasSuffix(f.Name.Name, "_test") {
				return nil
			}
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			pkg := modPath
			if rel != "." {
				pkg += "/" + filepath.ToSlash(rel)
			}
			imports := map[string]string{}
			for _, s := range f.Imports {
				ip, _ := strconv.Unquote(s.Path.Value)
				local := ip[strings.LastIndex(ip, "/")+1:]
				if s.Name != nil {
					local = s.Name.Name
				} else if strings.HasPrefix(local, "v") && strings.Count(ip, "/") > 0 {
					// .../semver/v4 and the like are named by the segment before.
					if _, err := strconv.Atoi(local[1:]); err == nil {
						prev := ip[:strings.LastIndex(ip, "/")]
						local = prev[strings.LastIndex(prev, "/")+1:]
					}
				}
				imports[local] = ip
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.TypeParams != nil || strings.HasPrefix(fd.Name.Name, "Convert_") {
					continue
				}
				sf := &sigFunc{imports: imports, pkg: pkg}
				for _, fl := range fd.Type.Params.List {
					typ := fl.Type
					if e, ok := typ.(*ast.Ellipsis); ok {
						sf.variadic, typ = true, e.Elt
					}
					for range max(1, len(fl.Names)) {
						sf.params = append(sf.params, typ)
					}
				}
				if fd.Type.Results != nil {
					for _, fl := range fd.Type.Results.List {
						for range max(1, len(fl.Names)) {
							sf.results = append(sf.results, fl.Type)
						}
					}
				}
				out[pkg+"."+fd.Name.Name] = sf
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out, true
}

// typeString writes a type expression with each named type by its full
// path, through mapPath.
func typeString(e ast.Expr, sf *sigFunc, mapPath func(string) string) string {
	var w func(ast.Expr) string
	list := func(fl *ast.FieldList, sep string) string {
		if fl == nil {
			return ""
		}
		var s []string
		for _, f := range fl.List {
			for range max(1, len(f.Names)) {
				s = append(s, w(f.Type))
			}
		}
		return strings.Join(s, sep)
	}
	w = func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.Ident:
			if token.IsExported(e.Name) {
				return mapPath(sf.pkg) + "." + e.Name
			}
			return e.Name
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok {
				if p, ok := sf.imports[x.Name]; ok {
					return mapPath(p) + "." + e.Sel.Name
				}
				return x.Name + "." + e.Sel.Name
			}
		case *ast.StarExpr:
			return "*" + w(e.X)
		case *ast.ArrayType:
			if e.Len == nil {
				return "[]" + w(e.Elt)
			}
			return "[" + typeString(e.Len, sf, mapPath) + "]" + w(e.Elt)
		case *ast.BasicLit:
			return e.Value
		case *ast.MapType:
			return "map[" + w(e.Key) + "]" + w(e.Value)
		case *ast.ChanType:
			return [...]string{ast.SEND: "chan<- ", ast.RECV: "<-chan ", ast.SEND | ast.RECV: "chan "}[e.Dir] + w(e.Value)
		case *ast.Ellipsis:
			return "..." + w(e.Elt)
		case *ast.FuncType:
			return "func(" + list(e.Params, ", ") + ") (" + list(e.Results, ", ") + ")"
		case *ast.InterfaceType:
			return "interface{" + list(e.Methods, "; ") + "}"
		case *ast.StructType:
			return "struct{" + list(e.Fields, "; ") + "}"
		case *ast.IndexExpr:
			return w(e.X) + "[" + w(e.Index) + "]"
		case *ast.IndexListExpr:
			var s []string
			for _, i := range e.Indices {
				s = append(s, w(i))
			}
			return w(e.X) + "[" + strings.Join(s, ", ") + "]"
		case *ast.ParenExpr:
			return w(e.X)
		}
		return fmt.Sprintf("%T", e)
	}
	return w(e)
}

// signature writes sf's signature through mapPath.
func (sf *sigFunc) signature(mapPath func(string) string) (params, results []string) {
	for i, p := range sf.params {
		s := typeString(p, sf, mapPath)
		if sf.variadic && i == len(sf.params)-1 {
			s = "..." + s
		}
		params = append(params, s)
	}
	for _, r := range sf.results {
		results = append(results, typeString(r, sf, mapPath))
	}
	return params, results
}

func sigText(params, results []string) string {
	s := "func(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		s += " " + results[0]
	default:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

// compareSignatures classifies the change from old (in release from) to
// new (in release to, the next one): nil when the signatures agree once
// the packages GoAPIMoves moves at to are followed.
func compareSignatures(name string, old, new *sigFunc, from, to Release) *SignatureChange {
	moved := func(p string) string {
		for _, mv := range GoAPIMoves() {
			if mv.From == p && from.Less(mv.Since) && !to.Less(mv.Since) {
				return mv.To
			}
		}
		return p
	}
	// The v1beta2 view: a v1beta1 API package of from as its successor.
	v1beta2 := func(p string) string {
		if s, ok := GoAPIPackage(p, from); ok && s.Class == ChangeSame && strings.HasPrefix(s.Successor, capiAPI+"/") && strings.HasSuffix(s.Successor, "/v1beta2") {
			return s.Successor
		}
		return moved(p)
	}
	same := func(p string) string { return p }
	op, or := old.signature(moved)
	vp, vr := old.signature(v1beta2)
	np, nr := new.signature(same)
	if slices.Equal(op, np) && slices.Equal(or, nr) {
		return nil
	}
	rawP, rawR := old.signature(same)
	c := &SignatureChange{Func: name, From: from, To: to, Old: sigText(rawP, rawR), New: sigText(np, nr)}
	// Results first: they must agree, each as it was or in the v1beta2 view.
	if len(or) != len(nr) {
		c.Manual = true
		return c
	}
	for i := range or {
		switch {
		case or[i] == nr[i]:
		case vr[i] == nr[i]:
			c.V1Beta2 = true
		default:
			c.Manual = true
			return c
		}
	}
	// A variadic parameter added last: every call compiles as it was.
	if !old.variadic && new.variadic && len(np) == len(op)+1 && slices.Equal(np[:len(op)], op) && !c.V1Beta2 {
		return nil
	}
	// New's parameters are old's in order, some dropped.
	j := 0
	var dropped []int
	for i := range op {
		if j < len(np) && (op[i] == np[j] || vp[i] == np[j]) {
			if op[i] != np[j] {
				c.V1Beta2 = true
			}
			j++
			continue
		}
		dropped = append(dropped, i)
	}
	if j != len(np) || old.variadic != new.variadic && len(dropped) == 0 {
		c.Manual, c.V1Beta2 = true, false
		return c
	}
	c.Dropped = dropped
	return c
}

// TestGoAPISignatures reads the exported functions of Cluster API's
// packages in v1.10.4 (the last release before v1.11 moved the API), the
// first release of each later minor to the pinned one, and the pinned
// one, and compares the signatures of each adjacent pair with
// goapi_signatures_gen.go.
func TestGoAPISignatures(t *testing.T) {
	pinned := pinnedSources(t)
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cache := strings.TrimSpace(string(out))
	releases := append([]Release{goSymbolsOldRelease}, v1beta2Releases(pinned.release)...)
	var changes []*SignatureChange
	var last map[string]*sigFunc
	for i, r := range releases {
		funcs, ok := releaseFuncs(t, cache, r)
		if !ok {
			t.Skipf("sigs.k8s.io/cluster-api@%s is not in the module cache; run `make goapi-check` to download the releases the table is read from", r)
		}
		if i > 0 {
			for _, name := range slices.Sorted(maps.Keys(last)) {
				pkg, fn := splitPathName(name)
				to := pkg
				for _, mv := range GoAPIMoves() {
					if mv.From == pkg && releases[i-1].Less(mv.Since) && !r.Less(mv.Since) {
						to = mv.To
					}
				}
				if nf, ok := funcs[to+"."+fn]; ok {
					if c := compareSignatures(name, last[name], nf, releases[i-1], r); c != nil {
						changes = append(changes, c)
					}
				}
			}
		}
		last = funcs
	}
	var b bytes.Buffer
	var names []string
	for _, r := range releases {
		names = append(names, string(r))
	}
	fmt.Fprintf(&b, "// Code generated by TestGoAPISignatures from Cluster API %s; DO NOT EDIT.\n\npackage contract\n\n", strings.Join(names, ", "))
	b.WriteString("// goAPISignatureChanges: the exported functions whose signature changed between adjacent releases.\n")
	b.WriteString("var goAPISignatureChanges = []SignatureChange{\n")
	for _, c := range changes {
		fmt.Fprintf(&b, "\t{Func: %q, From: %q, To: %q,\n\t\tOld: %q,\n\t\tNew: %q", c.Func, c.From, c.To, c.Old, c.New)
		if len(c.Dropped) > 0 {
			fmt.Fprintf(&b, ", Dropped: %#v", c.Dropped)
		}
		if c.V1Beta2 {
			b.WriteString(", V1Beta2: true")
		}
		if c.Manual {
			b.WriteString(", Manual: true")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	want, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, b.Bytes())
	}
	if *updateSignatures {
		if err := os.WriteFile("goapi_signatures_gen.go", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, _ := os.ReadFile("goapi_signatures_gen.go")
	if !bytes.Equal(got, want) {
		t.Fatal("goapi_signatures_gen.go is stale: go test ./contract -run TestGoAPISignatures -update-goapi-signatures")
	}
}

// TestSignatureTableEntries checks each entry of goapi_signatures_gen.go
// without the releases' sources: a mechanical one's new parameters are
// the old ones less Dropped and its results the same, each type as it was
// or, where V1Beta2 says, the v1beta2 successor of its v1beta1 package;
// the pairs are adjacent releases; the kubeadm types' utilities CAPD
// calls are there as v1.11 changed them.
func TestSignatureTableEntries(t *testing.T) {
	sameOrV1Beta2 := func(c SignatureChange, old, new string) (same, ok bool) {
		for _, mv := range GoAPIMoves() { // the same code at its new home
			if c.From.Less(mv.Since) && !c.To.Less(mv.Since) {
				old = strings.ReplaceAll(old, mv.From+".", mv.To+".")
			}
		}
		if old == new {
			return true, true
		}
		for _, p := range c.V1Beta2Packages() {
			for _, s := range GoAPISymbols() {
				if s.Kind == SymPackage && s.Successor == p && strings.Contains(old, s.Path+".") {
					if strings.ReplaceAll(old, s.Path+".", p+".") == new {
						return false, true
					}
				}
			}
		}
		return false, false
	}
	for _, c := range goAPISignatureChanges {
		if !c.From.Less(c.To) {
			t.Errorf("%s: %s is not before %s", c.Func, c.From, c.To)
		}
		if c.Manual {
			if len(c.Dropped) > 0 {
				t.Errorf("%s: a manual change with dropped arguments", c.Func)
			}
			continue
		}
		op, or := splitSig(c.Old)
		np, nr := splitSig(c.New)
		kept := slices.Clone(op)
		for _, d := range slices.Backward(c.Dropped) {
			kept = slices.Delete(kept, d, d+1)
		}
		moved := false
		if len(kept) != len(np) || len(or) != len(nr) {
			t.Errorf("%s@%s: %s less arguments %v is not %s", c.Func, c.To, c.Old, c.Dropped, c.New)
			continue
		}
		for i := range kept {
			same, ok := sameOrV1Beta2(c, kept[i], np[i])
			moved = moved || !same
			if !ok {
				t.Errorf("%s@%s: parameter %q became %q", c.Func, c.To, kept[i], np[i])
			}
		}
		for i := range or {
			same, ok := sameOrV1Beta2(c, or[i], nr[i])
			moved = moved || !same
			if !ok {
				t.Errorf("%s@%s: result %q became %q", c.Func, c.To, or[i], nr[i])
			}
		}
		if moved != c.V1Beta2 {
			t.Errorf("%s@%s: V1Beta2 = %v, the types say %v", c.Func, c.To, c.V1Beta2, moved)
		}
		if len(c.Dropped) == 0 && !c.V1Beta2 {
			t.Errorf("%s@%s: a change that changes nothing", c.Func, c.To)
		}
	}
	// v1.11's deprecated home of util/paused takes v1beta2 clusters: the
	// raise, which moves the import there, finds the change by either path.
	for _, p := range []string{capi + "/util/paused", capi + "/util/deprecated/v1beta1/paused"} {
		if got := GoAPISignatureChanges(p, "EnsurePausedCondition", "v1.10.2", "v1.11.3"); len(got) != 1 || !got[0].V1Beta2 || len(got[0].Dropped) != 0 {
			t.Errorf("%s.EnsurePausedCondition: %+v", p, got)
		}
	}
	kubeadm := capi + "/bootstrap/kubeadm/types."
	for name, want := range map[string][]int{"UnmarshalInitConfiguration": {1}, "UnmarshalJoinConfiguration": {1}, "MarshalInitConfigurationForVersion": {0}, "MarshalJoinConfigurationForVersion": {0}} {
		got := GoAPISignatureChanges(capi+"/bootstrap/kubeadm/types", name, "v1.10.0", "v1.11.0")
		if len(got) != 1 || !slices.Equal(got[0].Dropped, want) || !got[0].V1Beta2 || !got[0].Mechanical() {
			t.Errorf("%s%s: %+v, want argument %v dropped with the v1beta2 types", kubeadm, name, got, want)
		}
	}
}

// TestSignatureInstructions: each hand-written instruction is of a manual
// change in the table, and the derived ones say which argument to drop.
func TestSignatureInstructions(t *testing.T) {
	for key := range signatureInstructions {
		fn, to, _ := strings.Cut(key, "@")
		path, name := splitPathName(fn)
		found := false
		for _, c := range GoAPISignatureChanges(path, name, "v1.0.0", Release(to)) {
			if c.To == Release(to) {
				found = true
				if !c.Manual {
					t.Errorf("%s: an instruction for a mechanical change", key)
				}
			}
		}
		if !found {
			t.Errorf("%s: no such change in goapi_signatures_gen.go", key)
		}
	}
	c := GoAPISignatureChanges(capi+"/bootstrap/kubeadm/types", "MarshalInitConfigurationForVersion", "v1.10.4", "v1.14.2")
	if len(c) != 1 || !strings.HasSuffix(c[0].Instruction(), ": drop argument 1; move the calling code to the v1beta2 types") {
		t.Errorf("instruction = %+v", c)
	}
}
