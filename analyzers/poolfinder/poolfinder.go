package poolfinder

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/contract"
)

// New returns the poolfinder of env's analyzer set; mk is that set's
// markers analyzer.
func New(env *setup.Env, mk *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "poolfinder",
		Doc:              "finds InfraMachinePool API types and exports facts naming the JSON path of their spec and status types (reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolfinder",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{mk},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Result](),
		FactTypes:        []analysis.Fact{(*NodeFact)(nil), (*ReachFact)(nil)},
	}
}

// ResultOf is the poolfinder result among the pass's inputs.
func ResultOf(pass *analysis.Pass) (*Result, bool) {
	for _, r := range pass.ResultOf {
		if res, ok := r.(*Result); ok {
			return res, true
		}
	}
	return nil, false
}

// MustResultOf is ResultOf for analyzers that require poolfinder.
func MustResultOf(pass *analysis.Pass) *Result {
	res, ok := ResultOf(pass)
	if !ok {
		panic("analyzer " + pass.Analyzer.Name + " does not require poolfinder")
	}
	return res
}

// ReachFact marks a package that declares pool types (or other provider
// API types) or imports, directly or not, one that does. A package without it that imports none with it
// cannot name a pool type, so every pass skips it (go vet runs the tool on
// every dependency for facts).
type ReachFact struct{}

func (*ReachFact) AFact() {}

func (*ReachFact) String() string { return "reaches pool types" }

// PoolRef identifies a pool type in facts and findings.
type PoolRef struct {
	Kind    string
	Group   string
	Version string
	// Type is the package-qualified Go type name.
	Type    string
	Storage bool
	// HasReady and HasProvisioned describe the status shape.
	HasReady       bool
	HasProvisioned bool
}

// APIVersion is group/version (or just version when the group is unknown).
func (p PoolRef) APIVersion() string {
	if p.Group == "" {
		return p.Version
	}
	return p.Group + "/" + p.Version
}

// NodeFact marks a pool type ("" path) or a struct type of its spec or status
// ("status", "status.initialization", ...).
type NodeFact struct {
	Pool PoolRef
	Path string
}

func (*NodeFact) AFact() {}

func (f *NodeFact) String() string { return f.Pool.Type + " " + f.Path }

// Pool is a pool type found in the analyzed package.
type Pool struct {
	PoolRef
	Obj     *types.TypeName
	Spec    types.Type // nil when the root has no Spec field
	Status  types.Type // nil when the root has no Status field
	Markers markers.Set
	// Labels are +kubebuilder:metadata:labels on the type.
	Labels map[string]string
}

// Result is the analyzer's per-package result.
type Result struct {
	Pools []*Pool
	// Target is the core version severities are computed for.
	Target contract.CoreTarget
	// TargetErr is set when go.mod or the override could not be read; Target
	// is then the default.
	TargetErr error
	// Dir is the package directory, ModuleRoot the directory of its go.mod.
	Dir, ModuleRoot string
	// Skipped is set when the package can neither declare nor name a pool
	// type: nothing was looked at, Target is the default, not resolved.
	Skipped bool
	// ProviderGroup is set when the package is the API of a provider group
	// (infrastructure., controlplane., bootstrap.).
	ProviderGroup bool
	facts         map[types.Object]*NodeFact
}

// Node returns the fact of a type, from this package or an imported one.
func (r *Result) Node(obj types.Object) (*NodeFact, bool) {
	f, ok := r.facts[obj]
	return f, ok
}

// Context is the rule context for a pool.
func (r *Result) Context(storage bool) contract.Context {
	return contract.Context{Core: r.Target.Behaviour, Spoke: !storage}
}

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	res := &Result{facts: map[types.Object]*NodeFact{}}
	if len(pass.Files) == 0 {
		res.Target = contract.DefaultTarget()
		return res, nil
	}
	reached := importsReach(pass)
	if !reached && !mayDeclare(pass.Files) {
		res.Target, res.Skipped = contract.DefaultTarget(), true
		return res, nil
	}
	if reached {
		for _, of := range pass.AllObjectFacts() {
			if nf, ok := of.Fact.(*NodeFact); ok {
				res.facts[of.Object] = nf
			}
		}
	}
	res.Dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	if gm, ok := contract.FindGoMod(res.Dir); ok {
		res.ModuleRoot = filepath.Dir(gm)
	}
	res.Target, res.TargetErr = resolveTarget(env, res.Dir)
	find(pass, env, res)
	if reached || len(res.Pools) > 0 || res.ProviderGroup {
		pass.ExportPackageFact(&ReachFact{})
	}
	return res, nil
}

// importsReach reports whether a direct import carries a ReachFact; the
// fact is passed on by every package that imports one, so direct imports
// are enough.
func importsReach(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, &ReachFact{}) {
			return true
		}
	}
	return false
}

// rootMarker is the marker every pool type carries; a package none of
// whose comments holds it declares no pool type.
const rootMarker = "kubebuilder:object:root"

// mayDeclare is the cheap test for pool type declarations, and for
// //mpaudit:ignore directives, which the suppress pass reports in any
// package (one that suppresses nothing is a finding).
func mayDeclare(files []*ast.File) bool {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.Contains(c.Text, rootMarker) || strings.Contains(c.Text, "mpaudit:ignore") {
					return true
				}
			}
		}
	}
	return false
}

// find collects the package's pool types and exports their facts.
func find(pass *analysis.Pass, env *setup.Env, res *Result) {
	mk := markers.ResultOf(pass)
	if mk.Package().Has("kubebuilder:skipversion") {
		return
	}
	group, version := groupVersion(pass, mk)
	// The other kinds' passes (kindfinder) judge provider API packages and
	// their users too: they must not be skipped.
	res.ProviderGroup = contract.IsProviderGroup(group)
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		kind := contract.InfraMachinePool
		if !kind.MatchesTypeName(name) || kind.ExcludesGroup(group) {
			continue
		}
		set := mk.Type(tn)
		if m, ok := set.Get("kubebuilder:object:root"); !ok || m.Value == "false" {
			continue
		}
		spec, hasSpec := FieldByJSON(tn.Type(), "spec")
		status, hasStatus := FieldByJSON(tn.Type(), "status")
		if !hasSpec || !hasStatus {
			continue
		}
		p := &Pool{
			PoolRef: PoolRef{
				Kind:    name,
				Group:   group,
				Version: version,
				Type:    pass.Pkg.Path() + "." + name,
			},
			Obj:     tn,
			Spec:    spec.Var.Type(),
			Status:  status.Var.Type(),
			Markers: set,
			Labels:  markers.Labels(set),
		}
		_, p.HasReady = FieldByJSON(p.Status, "ready")
		_, p.HasProvisioned = FieldByPath(p.Status, "initialization.provisioned")
		p.Storage = set.Has("kubebuilder:storageversion") || !storageElsewhere(env, res.Dir, name)
		res.Pools = append(res.Pools, p)

		exportNode(pass, res, tn, p.PoolRef, "")
		exportTree(pass, res, p.Spec, p.PoolRef, "spec", map[types.Type]bool{})
		exportTree(pass, res, p.Status, p.PoolRef, "status", map[types.Type]bool{})
	}
	sort.Slice(res.Pools, func(i, j int) bool { return res.Pools[i].Kind < res.Pools[j].Kind })
}

func exportNode(pass *analysis.Pass, res *Result, obj types.Object, ref PoolRef, path string) {
	if _, done := res.facts[obj]; done {
		return // a type shared by two paths keeps the first
	}
	f := &NodeFact{Pool: ref, Path: path}
	pass.ExportObjectFact(obj, f)
	res.facts[obj] = f
}

// exportTree marks the named struct types of this package under t.
func exportTree(pass *analysis.Pass, res *Result, t types.Type, ref PoolRef, path string, seen map[types.Type]bool) {
	named, ok := Deref(t).(*types.Named)
	if !ok || seen[named] || StructOf(named) == nil {
		return
	}
	seen[named] = true
	if named.Obj().Pkg() != pass.Pkg {
		return
	}
	exportNode(pass, res, named.Obj(), ref, path)
	for _, f := range JSONFields(named) {
		ft := f.Var.Type()
		if s, ok := types.Unalias(ft).Underlying().(*types.Slice); ok {
			ft = s.Elem() // list items share the list's path
		}
		exportTree(pass, res, ft, ref, path+"."+f.Name, seen)
	}
}

// groupVersion reads the API group and version from the package's
// schema.GroupVersion literal, else +groupName/+versionName, else the
// package name for the version.
func groupVersion(pass *analysis.Pass, mk *markers.Markers) (group, version string) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok || group != "" {
				return group == ""
			}
			tv, ok := pass.TypesInfo.Types[cl]
			if !ok || !isGroupVersion(tv.Type) {
				return true
			}
			for _, elt := range cl.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				val := pass.TypesInfo.Types[kv.Value].Value
				if key == nil || val == nil || val.Kind() != constant.String {
					continue
				}
				switch key.Name {
				case "Group":
					group = constant.StringVal(val)
				case "Version":
					version = constant.StringVal(val)
				}
			}
			return false
		})
	}
	if group == "" {
		if m, ok := mk.Package().Get("groupName"); ok {
			group = m.Value
		}
	}
	if version == "" {
		if m, ok := mk.Package().Get("versionName"); ok {
			version = m.Value
		} else {
			version = pass.Pkg.Name()
		}
	}
	return group, version
}

func isGroupVersion(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "GroupVersion" && n.Obj().Pkg() != nil &&
		n.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/runtime/schema"
}

type targetResult struct {
	t   contract.CoreTarget
	err error
}

// resolveTarget reads the target once per go.mod (or directory without
// one) and analyzer set; the set's settings carry the override.
func resolveTarget(env *setup.Env, dir string) (contract.CoreTarget, error) {
	key := dir
	if gm, ok := contract.FindGoMod(dir); ok {
		key = gm
	}
	r := env.Memo("poolfinder.target", key, func() any {
		t, err := contract.ResolveTarget(env.Settings.CAPIVersion, dir)
		if err != nil {
			t = contract.DefaultTarget()
		}
		return targetResult{t, err}
	}).(targetResult)
	return r.t, r.err
}

// storageElsewhere reports whether a sibling API version directory (same
// parent) declares kind with +kubebuilder:storageversion, which makes this
// version a conversion spoke.
func storageElsewhere(env *setup.Env, dir, kind string) bool {
	parent := filepath.Dir(dir)
	scan := env.Memo("poolfinder.storage", parent, func() any { return scanStorageVersions(parent) }).(map[string][]string)
	for _, d := range scan[kind] {
		if d != dir {
			return true
		}
	}
	return false
}

func scanStorageVersions(parent string) map[string][]string {
	out := map[string][]string{}
	entries, err := os.ReadDir(parent)
	if err != nil {
		return out
	}
	marker := []byte("+kubebuilder:storageversion")
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(parent, e.Name())
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil || !bytes.Contains(src, marker) {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			for ts, set := range markers.FileTypeMarkers(fset, f) {
				if set.Has("kubebuilder:storageversion") {
					out[ts.Name.Name] = append(out[ts.Name.Name], dir)
				}
			}
		}
	}
	return out
}
