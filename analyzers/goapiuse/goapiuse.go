package goapiuse

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/lvalue"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the goapiuse analyzer of env's analyzer set; kf is that
// set's kindfinder (the target core, and which packages are spokes).
func New(env *setup.Env, kf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "goapiuse",
		Doc:              "reports reads and writes of fields of Cluster API's v1beta1 Go types whose v1beta2 successor is another path or shape, with the successor",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/goapiuse",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

// oldPackages are the v1beta1 packages of Cluster API, by import path,
// each with the path the map (contract.GoAPIStructs) names its types by:
// before v1.11 the same types lived elsewhere.
var oldPackages = map[string]string{
	contract.PkgClusterV1Beta1:                                 contract.PkgClusterV1Beta1,
	"sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1":    "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1",
	"sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1": "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1",
	"sigs.k8s.io/cluster-api/api/ipam/v1beta1":                 "sigs.k8s.io/cluster-api/api/ipam/v1beta1",
	contract.PkgClusterV1Beta1Old:                              contract.PkgClusterV1Beta1,
	"sigs.k8s.io/cluster-api/exp/api/v1beta1":                  contract.PkgClusterV1Beta1,
	"sigs.k8s.io/cluster-api/bootstrap/kubeadm/api/v1beta1":    "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1",
	"sigs.k8s.io/cluster-api/controlplane/kubeadm/api/v1beta1": "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1",
	"sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1":             "sigs.k8s.io/cluster-api/api/ipam/v1beta1",
}

var structs = contract.GoAPIStructs()

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	em, out := emit.New(pass, env)
	if _, own := oldPackages[pass.Pkg.Path()]; own || !reaches(pass.Pkg) {
		return out, nil
	}
	res := kindfinder.MustResultOf(pass)
	u := &user{pass: pass, em: em, spoke: res.OnlySpokes()}
	u.ctx = contract.Context{Release: kindfinder.TargetOf(pass, env, res).GoAPIRelease(), Spoke: u.spoke}
	u.severity = contract.MustRule(contract.RuleGoAPIField).Severity(u.ctx)
	for _, f := range pass.Files {
		if ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		u.file(f)
	}
	return out, nil
}

// reaches reports whether pkg imports a Cluster API v1beta1 package,
// directly or not: only then can its code hold a value of one of their
// types. The walk is over type information alone, no syntax.
func reaches(pkg *types.Package) bool {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if _, ok := oldPackages[imp.Path()]; ok || walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(pkg)
}

type user struct {
	pass     *analysis.Pass
	em       *emit.Emitter
	spoke    bool
	ctx      contract.Context
	severity contract.Severity
}

// step is one field (or element) selection of a chain: on a value of type
// on, the field name ("[]" an element, "{}" a map value).
type step struct {
	on       types.Type
	name     string
	embedded bool
}

func (u *user) file(f *ast.File) {
	inner := map[*ast.SelectorExpr]bool{}
	writes := map[ast.Expr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				writes[lvalue.Target(lhs)] = true
			}
		case *ast.IncDecStmt:
			writes[lvalue.Target(n.X)] = true
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				writes[lvalue.Target(n.X)] = true // the address escapes: may be written
			}
		case *ast.SelectorExpr:
			if inner[n] {
				return true
			}
			steps, sels := u.chain(n)
			for _, s := range sels[1:] {
				inner[s] = true
			}
			if len(steps) > 0 {
				u.use(n, steps, writes[n])
			}
		case *ast.CompositeLit:
			u.literal(n)
		}
		return true
	})
}

// literal reports the fields a composite literal of a mapped struct type
// sets, each at its key, as writes. A value that is itself a literal of a
// mapped struct reports its own fields instead of the whole value.
func (u *user) literal(lit *ast.CompositeLit) {
	key, name, ok := structKey(u.pass.TypesInfo.TypeOf(lit))
	if !ok {
		return
	}
	for _, elt := range lit.Elts {
		kv, isKV := elt.(*ast.KeyValueExpr)
		if !isKV {
			continue
		}
		id, isIdent := kv.Key.(*ast.Ident)
		if !isIdent {
			continue
		}
		v := ast.Unparen(kv.Value)
		if x, isAddr := v.(*ast.UnaryExpr); isAddr && x.Op == token.AND {
			v = ast.Unparen(x.X)
		}
		if inner, isLit := v.(*ast.CompositeLit); isLit {
			if _, _, mapped := structKey(u.pass.TypesInfo.TypeOf(inner)); mapped {
				continue
			}
		}
		u.report(id.Pos(), key, name, id.Name, true, u.pass.TypesInfo.TypeOf(kv.Value))
	}
}

// chain lists the field selections of the chain that ends at sel, first
// to last, and its selector expressions, last first.
func (u *user) chain(sel *ast.SelectorExpr) ([]step, []*ast.SelectorExpr) {
	var steps []step
	var sels []*ast.SelectorExpr
	var e ast.Expr = sel
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			s, ok := u.pass.TypesInfo.Selections[x]
			if !ok || s.Kind() != types.FieldVal {
				return steps, append(sels, x)
			}
			sels = append(sels, x)
			var fields []step
			t := s.Recv()
			for i, idx := range s.Index() {
				st := kindfinder.StructOf(t)
				if st == nil || idx >= st.NumFields() {
					return nil, sels
				}
				fv := st.Field(idx)
				fields = append(fields, step{on: t, name: fv.Name(), embedded: fv.Embedded() || i < len(s.Index())-1})
				t = fv.Type()
			}
			steps = append(fields, steps...)
			e = x.X
		case *ast.IndexExpr:
			if len(steps) == 0 {
				return steps, sels
			}
			t := u.pass.TypesInfo.TypeOf(x.X)
			if t == nil {
				return steps, sels
			}
			switch t.Underlying().(type) {
			case *types.Slice, *types.Array:
				steps = append([]step{{on: t, name: "[]"}}, steps...)
			case *types.Map:
				steps = append([]step{{on: t, name: "{}"}}, steps...)
			default:
				return steps, sels
			}
			e = x.X
		default:
			return steps, sels
		}
	}
}

// use reports the chain ending at sel when it starts, at some step, on a
// struct type the Go API map knows and selects a field that changes.
func (u *user) use(sel *ast.SelectorExpr, steps []step, write bool) {
	if steps[len(steps)-1].embedded {
		return // an embedded struct itself: its fields are judged where selected
	}
	for i, s := range steps {
		if s.name == "[]" || s.name == "{}" {
			continue
		}
		key, name, ok := structKey(s.on)
		if !ok {
			continue
		}
		var path []string
		for _, r := range steps[i:] {
			if !r.embedded {
				path = append(path, r.name)
			}
		}
		u.report(sel.Sel.Pos(), key, name, joinPath(path), write, u.pass.TypesInfo.TypeOf(sel))
		return
	}
}

// joinPath joins field names as the map spells paths ("A.B[].C").
func joinPath(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i > 0 && n != "[]" && n != "{}" {
			b.WriteByte('.')
		}
		b.WriteString(n)
	}
	return b.String()
}

// structKey names the v1beta1 struct type under t as the map does (its
// v1.11+ package path), with its own name.
func structKey(t types.Type) (key, name string, ok bool) {
	named, isNamed := types.Unalias(kindfinder.Deref(t)).(*types.Named)
	if !isNamed || named.Obj().Pkg() == nil {
		return "", "", false
	}
	pkg, known := oldPackages[named.Obj().Pkg().Path()]
	if !known {
		return "", "", false
	}
	key = pkg + "." + named.Obj().Name()
	_, ok = structs[key]
	return key, named.Obj().Name(), ok
}

// report reports the use at pos of the value at path below a value of the
// mapped struct type key; valueType is the used value's Go type.
func (u *user) report(pos token.Pos, key, typeName, path string, write bool, valueType types.Type) {
	all, rootPath, ok := contract.GoAPIFieldsAt(key, path)
	if !ok {
		return
	}
	full := path
	if rootPath != "" {
		full = rootPath + "." + path
	}
	var changed []contract.GoFieldChange
	for i, c := range all {
		c.Moved = movedBelow(c, rootPath)
		if c.Class == contract.ChangeMapToList && !c.Moved {
			// The map is above the chain's start (a FailureDomainSpec
			// value): what changes below it is the field's own type.
			rel := strings.TrimPrefix(c.Old, rootPath)
			c.Class = contract.ClassifyGoChange(rel, c.OldType, "", rel, c.NewType, "")
		}
		if c.Class == contract.ChangeReference && !c.Moved && c.Old == full && c.OldType == c.NewType {
			// A field the successor reference keeps, of the same Go
			// type at the same path: selecting it compiles unchanged.
			c.Class = contract.ChangeSame
		}
		all[i] = c
		if c.Class != contract.ChangeSame || c.Moved {
			changed = append(changed, c)
		}
	}
	if len(changed) == 0 {
		return
	}
	subject := typeName + "." + path
	msg := describe(subject, rootPath, path, changed, all, goTypeString(valueType))
	if u.spoke {
		msg += "; this package is an older API version of the provider (a conversion spoke), whose conversion uses the core v1beta1 types by design"
	}
	access := "read"
	if write {
		access = "write"
	}
	u.em.At(pos, report.Finding{
		Rule:     contract.RuleGoAPIField,
		Severity: u.severity,
		Kind:     typeName,
		Type:     key,
		Field:    path,
		Access:   access,
		Spoke:    u.spoke,
		Message:  msg,
	})
}

// movedBelow reports whether c moves its field from where it sits below
// the struct at rootPath (the start of the chain). A struct the map
// places where v1beta2 moves it (a Condition of status.conditions, kept
// under status.deprecated.v1beta1) keeps its own fields: that move is
// its parent's, reported where the chain selects it.
func movedBelow(c contract.GoFieldChange, rootPath string) bool {
	if !c.Moved || rootPath == "" || len(c.New) == 0 {
		return c.Moved
	}
	rel := strings.TrimPrefix(c.Old, rootPath)
	if rest, ok := strings.CutPrefix(c.New[0], rootPath); ok && (rest == "" || rest[0] == '.' || rest[0] == '[' || rest[0] == '{') {
		return rest != rel
	}
	return !strings.HasSuffix(c.New[0], rel)
}

// goTypeString renders t package-qualified, as the Go API map spells
// types ("" for none).
func goTypeString(t types.Type) string {
	if t == nil {
		return ""
	}
	return types.TypeString(t, func(p *types.Package) string {
		if mapped, ok := oldPackages[p.Path()]; ok {
			return mapped // the v1.11+ path, which successors are derived from
		}
		return p.Path()
	})
}
