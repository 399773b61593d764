package kindfinder

import (
	"go/types"
	"reflect"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/analyzers/poolfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
)

// New returns the kindfinder analyzer of env's analyzer set; mk and pf
// are that set's markers and poolfinder analyzers.
func New(env *setup.Env, mk, pf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "kindfinder",
		Doc:              "classifies root API types by contract kind (InfraCluster, InfraMachine, ControlPlane, BootstrapConfig, templates) and exports facts naming the JSON path of their spec and status types (reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/kindfinder",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{mk, pf},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Result](),
		FactTypes:        []analysis.Fact{(*NodeFact)(nil)},
	}
}

// ResultOf finds kindfinder's result among a pass's inputs.
func ResultOf(pass *analysis.Pass) *Result {
	for _, r := range pass.ResultOf {
		if res, ok := r.(*Result); ok {
			return res
		}
	}
	panic("analyzer " + pass.Analyzer.Name + " does not require kindfinder")
}

// TypeRef identifies a classified type in facts and findings.
type TypeRef struct {
	// ContractKind is the catalogued kind's name (InfraMachine).
	ContractKind string
	// Kind is the API kind, the Go type's name (DockerMachine).
	Kind    string
	Group   string
	Version string
	// Type is the package-qualified Go type name.
	Type    string
	Storage bool
	// Points are the JSON paths of the kind's catalogued points the type has.
	Points []string
	// Judgement is the contract core reads the API version under; set on
	// the label-driven kinds, whose field set the label picks.
	Judgement Judgement
}

// APIVersion is group/version (or just version when the group is unknown).
func (r TypeRef) APIVersion() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// Has reports whether the type has the catalogued point at path.
func (r TypeRef) Has(path string) bool { return slices.Contains(r.Points, path) }

// NodeFact marks a classified type ("" path) or a struct type of its spec
// or status ("status", "status.initialization", ...).
type NodeFact struct {
	Ref  TypeRef
	Path string
}

func (*NodeFact) AFact() {}

func (f *NodeFact) String() string { return f.Ref.ContractKind + " " + f.Ref.Type + " " + f.Path }

// Type is a classified root type of the analysed package.
type Type struct {
	TypeRef
	// Catalog is the catalogued kind.
	Catalog        *contract.Kind
	Classification contract.Classification
	Obj            *types.TypeName
	Markers        markers.Set
	// Labels are +kubebuilder:metadata:labels on the type.
	Labels map[string]string
}

// Result is the analyzer's per-package result.
type Result struct {
	Types []*Type
	// Release is the target core release (from poolfinder's target).
	Release contract.Release
	Pool    *poolfinder.Result
	facts   map[types.Object]*NodeFact
}

// Node returns the fact of a type, from this package or an imported one.
func (r *Result) Node(obj types.Object) (*NodeFact, bool) {
	f, ok := r.facts[obj]
	return f, ok
}

// Any reports whether the package or its dependencies declare a classified
// type: use-site passes need not read a package that cannot reach one.
func (r *Result) Any() bool { return len(r.facts) > 0 }

// maxSummaryDepth bounds the JSON paths collected for the classifier; the
// structural hints it asks about are at most three segments deep.
const maxSummaryDepth = 4

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	mk := markers.ResultOf(pass)
	pool := poolfinder.MustResultOf(pass)
	res := &Result{Pool: pool, Release: pool.Target.Release(), facts: map[types.Object]*NodeFact{}}
	for _, of := range pass.AllObjectFacts() {
		if nf, ok := of.Fact.(*NodeFact); ok {
			res.facts[of.Object] = nf
		}
	}
	if len(pass.Files) == 0 || mk.Package().Has("kubebuilder:skipversion") {
		return res, nil
	}
	var roots []*types.TypeName
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if m, ok := mk.Type(tn).Get("kubebuilder:object:root"); ok && m.Value != "false" {
			roots = append(roots, tn)
		}
	}
	if len(roots) == 0 {
		return res, nil // most packages: no API types, nothing to classify
	}
	group, version := poolfinder.GroupVersion(pass, mk)
	var cfg *crdconfig.Result
	crdsLoaded := false
	for _, tn := range roots {
		c := contract.Classify(contract.TypeSummary{Group: group, Name: tn.Name(), Paths: jsonPaths(tn.Type())}, env.KindOverrides(pool.Dir))
		if c.Kind == nil || isPoolKind(c.Kind) {
			continue // not a contract kind, or poolfinder's
		}
		set := mk.Type(tn)
		t := &Type{
			TypeRef: TypeRef{
				ContractKind: c.Kind.Name,
				Kind:         tn.Name(),
				Group:        group,
				Version:      version,
				Type:         pass.Pkg.Path() + "." + tn.Name(),
				Storage:      set.Has("kubebuilder:storageversion") || !poolfinder.StorageElsewhere(env, pool.Dir, tn.Name()),
			},
			Catalog:        c.Kind,
			Classification: c,
			Obj:            tn,
			Markers:        set,
			Labels:         markers.Labels(set),
		}
		for _, p := range c.Kind.AllPoints() {
			if _, ok := poolfinder.FieldByPath(tn.Type(), p.Path); ok && !slices.Contains(t.Points, p.Path) {
				t.Points = append(t.Points, p.Path)
			}
		}
		if c.Kind.LabelExclusiveSince != "" {
			if !crdsLoaded {
				cfg, crdsLoaded = loadCRDs(env, pool.Dir, pool.ModuleRoot), true
			}
			t.Judgement = judge(cfg, t, res.Release)
		}
		res.Types = append(res.Types, t)
		exportNode(pass, res, tn, t.TypeRef, "")
		for _, top := range poolfinder.JSONFields(tn.Type()) {
			if top.Name == pathSpec || top.Name == pathStatus {
				exportTree(pass, res, top.Var.Type(), t.TypeRef, top.Name, map[types.Type]bool{})
			}
		}
	}
	sort.Slice(res.Types, func(i, j int) bool { return res.Types[i].Kind < res.Types[j].Kind })
	return res, nil
}

// The two top-level objects of a root type whose paths the contract names.
const (
	pathSpec   = "spec"
	pathStatus = "status"
)

func isPoolKind(k *contract.Kind) bool {
	return k.Name == contract.KindInfraMachinePool || k.Name == contract.KindInfraMachinePoolTemplate
}

// jsonPaths lists the JSON paths under the root's spec and status.
func jsonPaths(root types.Type) []string {
	var out []string
	var walk func(t types.Type, prefix string, depth int, seen map[*types.Struct]bool)
	walk = func(t types.Type, prefix string, depth int, seen map[*types.Struct]bool) {
		st := poolfinder.StructOf(t)
		if st == nil || seen[st] || depth > maxSummaryDepth {
			return
		}
		seen[st] = true
		defer delete(seen, st)
		for _, f := range poolfinder.JSONFields(t) {
			p := prefix + "." + f.Name
			out = append(out, p)
			walk(f.Var.Type(), p, depth+1, seen)
		}
	}
	for _, top := range poolfinder.JSONFields(root) {
		if top.Name == pathSpec || top.Name == pathStatus {
			walk(top.Var.Type(), top.Name, 1, map[*types.Struct]bool{})
		}
	}
	return out
}

func exportNode(pass *analysis.Pass, res *Result, obj types.Object, ref TypeRef, path string) {
	if _, done := res.facts[obj]; done {
		return // a type shared by two paths keeps the first
	}
	f := &NodeFact{Ref: ref, Path: path}
	pass.ExportObjectFact(obj, f)
	res.facts[obj] = f
}

// exportTree marks the named struct types of this package under t.
func exportTree(pass *analysis.Pass, res *Result, t types.Type, ref TypeRef, path string, seen map[types.Type]bool) {
	named, ok := poolfinder.Deref(t).(*types.Named)
	if !ok || seen[named] || poolfinder.StructOf(named) == nil {
		return
	}
	seen[named] = true
	if named.Obj().Pkg() != pass.Pkg {
		return
	}
	exportNode(pass, res, named.Obj(), ref, path)
	for _, f := range poolfinder.JSONFields(named) {
		ft := f.Var.Type()
		if s, ok := types.Unalias(ft).Underlying().(*types.Slice); ok {
			ft = s.Elem() // list items share the list's path
		}
		exportTree(pass, res, ft, ref, path+"."+f.Name, seen)
	}
}
