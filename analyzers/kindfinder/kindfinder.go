package kindfinder

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/markers"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/suppression"
)

// New returns the finder of env's analyzer set; mk is that set's markers
// analyzer.
func New(env *setup.Env, mk *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "kindfinder",
		Doc:              "classifies root API types by contract kind (InfraCluster, InfraMachine, InfraMachinePool, ControlPlane, BootstrapConfig, templates) and exports facts naming the kind and JSON path of their spec and status types (reports nothing)",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/kindfinder",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{mk},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Result](),
		FactTypes:        []analysis.Fact{(*NodeFact)(nil), (*ReachFact)(nil)},
	}
}

// ResultOf is the finder's result among the pass's inputs.
func ResultOf(pass *analysis.Pass) (*Result, bool) {
	for _, r := range pass.ResultOf {
		if res, ok := r.(*Result); ok {
			return res, true
		}
	}
	return nil, false
}

// MustResultOf is ResultOf for analyzers that require the finder.
func MustResultOf(pass *analysis.Pass) *Result {
	res, ok := ResultOf(pass)
	if !ok {
		panic("analyzer " + pass.Analyzer.Name + " does not require kindfinder")
	}
	return res
}

// ReachFact marks a package that declares provider API types (or is a
// provider API group) or imports, directly or not, one that does. A
// package without it that imports none with it cannot name a provider
// type, so every pass skips it (go vet runs the tool on every dependency
// for facts).
type ReachFact struct{}

func (*ReachFact) AFact() {}

func (*ReachFact) String() string { return "reaches provider types" }

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

// IsPool reports whether the type is an InfraMachinePool, whose core reads
// differ from the label-driven kinds'.
func (r TypeRef) IsPool() bool { return r.ContractKind == contract.KindInfraMachinePool }

// Catalog is the catalogued kind of the type.
func (r TypeRef) Catalog() *contract.Kind {
	k, _ := contract.KindByName(r.ContractKind)
	return k
}

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
	Spec           types.Type // nil when the root has no spec field
	Status         types.Type // nil when the root has no status field
	Markers        markers.Set
	// Labels are +kubebuilder:metadata:labels on the type.
	Labels map[string]string
	// CRD is the type's CRD in the provider's config/crd; nil when none
	// was found (the CRD columns of the matrix are then not checked).
	CRD *crdconfig.CRD
	// ContractLabels are the labels of the type's CRD (else Labels), nil
	// when neither is found.
	ContractLabels map[string]string
}

// Declared is a root API type of a package, by API group ("" unknown) and kind.
type Declared struct{ Group, Kind string }

// Pool is a classified InfraMachinePool type.
type Pool = Type

// Result is the analyzer's per-package result.
type Result struct {
	// Types are the package's classified types of every kind, by name.
	Types []*Type
	// Pools are the InfraMachinePool types among Types that have a spec and
	// a status (templates excluded).
	Pools []*Pool
	// Target is the core version severities are computed for; Release is
	// its release.
	Target  contract.CoreTarget
	Release contract.Release
	// Relabel is Settings.Relabel: the driver labels CRDs v1beta2.
	Relabel bool
	// TargetErr is set when go.mod or the override could not be read; Target
	// is then the default.
	TargetErr error
	// Dir is the package directory, ModuleRoot the directory of its go.mod.
	Dir, ModuleRoot string
	// RepoRoot bounds the search for config/crd and metadata.yaml
	// (contract.RepoRoot): the provider's repository, across the modules
	// it keeps locally.
	RepoRoot string
	// Declared are the package's root API types (+kubebuilder:object:root),
	// classified or not.
	Declared []Declared
	// NotAPI say which root types were not judged as a contract kind
	// because nothing says they are served API objects.
	NotAPI []string
	// Registered are the package's types it registers in a scheme
	// (Register, AddKnownTypes, a []runtime.Object); nil when it declares
	// no classified candidate.
	Registered map[string]bool
	// Skipped is set when the package can neither declare nor name a
	// provider type: nothing was looked at, Target is the default, not resolved.
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

// Any reports whether the package or its dependencies declare a classified
// type: use-site passes need not read a package that cannot reach one.
func (r *Result) Any() bool { return len(r.facts) > 0 }

// Others are the classified types of the kinds other than InfraMachinePool.
func (r *Result) Others() []*Type {
	var out []*Type
	for _, t := range r.Types {
		if t.Catalog.Name != contract.KindInfraMachinePool && t.Catalog.TemplateOf != contract.KindInfraMachinePool {
			out = append(out, t)
		}
	}
	return out
}

// Context is the rule context for a pool.
func (r *Result) Context(storage bool) contract.Context {
	return contract.Context{Core: r.Target.Behaviour, Release: r.Release, Spoke: !storage}
}

// maxSummaryDepth bounds the JSON paths collected for the classifier: a
// path found at depth d (spec's fields are at 1) has d+1 segments.
const maxSummaryDepth = contract.ClassifierDepth - 1

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	res := &Result{facts: map[types.Object]*NodeFact{}, Target: contract.DefaultTarget()}
	res.Release = res.Target.Release()
	if len(pass.Files) == 0 {
		return res, nil
	}
	reached := importsReach(pass)
	if !reached && !mayDeclare(pass.Files) {
		res.Skipped = true
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
	res.RepoRoot = repoRoot(env, res.Dir, res.ModuleRoot)
	targetDir := res.Dir
	if env.Settings.TargetDir != "" {
		targetDir = env.Settings.TargetDir
	}
	res.Target, res.TargetErr = resolveTarget(env, targetDir)
	res.Release = res.Target.Release()
	res.Relabel = env.Settings.Relabel
	find(pass, env, res)
	if reached || len(res.Types) > 0 || res.ProviderGroup {
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

// rootMarker is the marker every API type carries; a package none of
// whose comments holds it declares no provider type.
const rootMarker = "kubebuilder:object:root"

// directiveMarker is in every //mpaudit:ignore directive.
var directiveMarker = strings.TrimPrefix(suppression.CommentDirective, "//")

// mayDeclare is the cheap test for API type declarations, and for
// //mpaudit:ignore directives, which the suppress pass reports in any
// package (one that suppresses nothing is a finding).
func mayDeclare(files []*ast.File) bool {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.Contains(c.Text, rootMarker) || strings.Contains(c.Text, directiveMarker) {
					return true
				}
			}
		}
	}
	return false
}

// MayDeclareSource is mayDeclare on a raw source file (a superset of its
// comments): the go vet tool reads files with it to skip type-checking
// packages that every pass would skip anyway.
func MayDeclareSource(src []byte) bool {
	return bytes.Contains(src, []byte(rootMarker)) || bytes.Contains(src, []byte(directiveMarker))
}

// find classifies the package's root types and exports their facts.
func find(pass *analysis.Pass, env *setup.Env, res *Result) {
	mk := markers.ResultOf(pass)
	if mk.Package().Has("kubebuilder:skipversion") {
		return
	}
	group, version := groupVersion(pass, mk)
	// Provider API packages are judged by the type passes even when they
	// declare nothing classified, and their users by the use-site passes.
	res.ProviderGroup = contract.IsProviderGroup(group)
	scope := pass.Pkg.Scope()
	var cfg *crdconfig.Result
	crdsLoaded := false
	crds := func() *crdconfig.Result {
		if !crdsLoaded {
			cfg, crdsLoaded = loadCRDs(env, res.Dir, res.RepoRoot), true
		}
		return cfg
	}
	var registered map[string]bool
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		set := mk.Type(tn)
		if m, ok := set.Get(rootMarker); !ok || m.Value == "false" {
			continue
		}
		res.Declared = append(res.Declared, Declared{Group: group, Kind: name})
		c := contract.Classify(contract.TypeSummary{Group: group, Name: name, Paths: jsonPaths(tn.Type())}, env.KindOverrides(res.Dir))
		if c.Kind == nil {
			continue
		}
		// A root marker alone asks for DeepCopyObject: a type is judged as
		// a contract kind only when it is a served API object, which its
		// CRD, a scheme registration, an API group or a CRD marker for
		// controller-gen says (a test double such as rke2's FakeMachine has
		// none).
		crd := crds().Find(name, group)
		if registered == nil {
			registered = schemeRegistered(pass)
			res.Registered = registered
		}
		if crd == nil && !registered[name] && group == "" && !hasCRDMarker(set) && c.How != contract.ByOverride {
			res.NotAPI = append(res.NotAPI, fmt.Sprintf("%s.%s has +kubebuilder:object:root but no CRD, scheme registration, API group (+groupName) or CRD marker: not judged as %s",
				pass.Pkg.Path(), name, c.Kind.Name))
			continue
		}
		spec, hasSpec := FieldByJSON(tn.Type(), contract.ObjectSpec)
		status, hasStatus := FieldByJSON(tn.Type(), contract.ObjectStatus)
		pool := c.Kind.Name == contract.KindInfraMachinePool
		if pool && (!hasSpec || !hasStatus) {
			continue // no object core could read a pool from
		}
		t := &Type{
			TypeRef: TypeRef{
				ContractKind: c.Kind.Name,
				Kind:         name,
				Group:        group,
				Version:      version,
				Type:         pass.Pkg.Path() + "." + name,
				Storage:      set.Has("kubebuilder:storageversion") || !storageElsewhere(env, res.Dir, name),
			},
			Catalog:        c.Kind,
			Classification: c,
			Obj:            tn,
			Markers:        set,
			Labels:         markers.Labels(set),
			CRD:            crd,
		}
		if hasSpec {
			t.Spec = spec.Var.Type()
		}
		if hasStatus {
			t.Status = status.Var.Type()
		}
		for _, p := range c.Kind.AllPoints() {
			if _, ok := FieldByPath(tn.Type(), p.Path); ok && !slices.Contains(t.Points, p.Path) {
				t.Points = append(t.Points, p.Path)
			}
		}
		t.ContractLabels, _ = labelsOf(crds(), t)
		if c.Kind.LabelExclusiveSince != "" {
			t.Judgement = judge(crds(), t, res.Release)
		}
		res.Types = append(res.Types, t)
		if pool {
			res.Pools = append(res.Pools, t)
		}
		exportNode(pass, res, tn, t.TypeRef, "")
		if hasSpec {
			exportTree(pass, res, t.Spec, t.TypeRef, contract.ObjectSpec, map[types.Type]bool{})
		}
		if hasStatus {
			exportTree(pass, res, t.Status, t.TypeRef, contract.ObjectStatus, map[types.Type]bool{})
		}
	}
	byKind := func(ts []*Type) func(i, j int) bool { return func(i, j int) bool { return ts[i].Kind < ts[j].Kind } }
	sort.Slice(res.Types, byKind(res.Types))
	sort.Slice(res.Pools, byKind(res.Pools))
}

// jsonPaths lists the JSON paths under the root's spec and status.
func jsonPaths(root types.Type) []string {
	var out []string
	var walk func(t types.Type, prefix string, depth int, seen map[*types.Struct]bool)
	walk = func(t types.Type, prefix string, depth int, seen map[*types.Struct]bool) {
		st := StructOf(t)
		if st == nil || seen[st] || depth > maxSummaryDepth {
			return
		}
		seen[st] = true
		defer delete(seen, st)
		for _, f := range JSONFields(t) {
			p := prefix + "." + f.Name
			out = append(out, p)
			walk(f.Var.Type(), p, depth+1, seen)
		}
	}
	for _, top := range JSONFields(root) {
		if top.Name == contract.ObjectSpec || top.Name == contract.ObjectStatus {
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

// repoRoot is contract.RepoRoot of the module once per analyzer set.
func repoRoot(env *setup.Env, dir, moduleRoot string) string {
	key := moduleRoot
	if key == "" {
		key = dir
	}
	return env.Memo("kindfinder.repo", key, func() any { return contract.RepoRoot(key) }).(string)
}

// crdMarkers are the markers controller-gen writes into a CRD: a type with
// one is meant to be served.
var crdMarkers = []string{"kubebuilder:resource", "kubebuilder:subresource:status", "kubebuilder:storageversion",
	"kubebuilder:metadata:labels", "kubebuilder:printcolumn"}

func hasCRDMarker(set markers.Set) bool { return slices.ContainsFunc(crdMarkers, set.Has) }

// schemeRegistered names the package's types registered with a scheme:
// passed to a Register or AddKnownTypes call (kubebuilder's
// SchemeBuilder.Register(&T{}, ...)), or put in a []runtime.Object
// (Cluster API's objectTypes = append(objectTypes, &T{}, ...)).
func schemeRegistered(pass *analysis.Pass) map[string]bool {
	out := map[string]bool{}
	add := func(args []ast.Expr) {
		for _, a := range args {
			if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
				a = u.X
			}
			var tv types.TypeAndValue
			switch e := a.(type) {
			case *ast.CompositeLit:
				tv = pass.TypesInfo.Types[e]
			case *ast.CallExpr: // new(T)
				if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
					tv = pass.TypesInfo.Types[e.Args[0]]
				}
			}
			if n, ok := types.Unalias(Deref(tv.Type)).(*types.Named); ok && n.Obj().Pkg() == pass.Pkg {
				out[n.Obj().Name()] = true
			}
		}
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue // a test's scheme serves nothing
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				var name string
				switch fn := n.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				switch {
				case name == "Register" || name == "AddKnownTypes" || name == "AddKnownTypeWithName":
					add(n.Args)
				case name == "append" && len(n.Args) > 0 && isObjectSlice(pass.TypesInfo.TypeOf(n.Args[0])):
					add(n.Args[1:])
				}
			case *ast.CompositeLit:
				if isObjectSlice(pass.TypesInfo.TypeOf(n)) {
					add(n.Elts)
				}
			}
			return true
		})
	}
	return out
}

// isObjectSlice reports whether t is []runtime.Object.
func isObjectSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return false
	}
	n, ok := types.Unalias(s.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Object" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/runtime"
}

type targetResult struct {
	t   contract.CoreTarget
	err error
}

// OnlySpokes reports whether the package declares provider API types and
// none of them is the storage version: a conversion spoke, whose schema
// may keep the core v1beta1 types.
func (r *Result) OnlySpokes() bool {
	for _, t := range r.Types {
		if t.Storage {
			return false
		}
	}
	return len(r.Types) > 0
}

// TargetOf is the target core of the package res is the finder's result
// for: res's own, or, when the finder skipped the package (it cannot name
// a provider type, yet may use Cluster API's Go API), resolved as the
// finder would.
func TargetOf(pass *analysis.Pass, env *setup.Env, res *Result) contract.CoreTarget {
	if !res.Skipped || len(pass.Files) == 0 {
		return res.Target
	}
	dir := env.Settings.TargetDir
	if dir == "" {
		dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	}
	t, _ := resolveTarget(env, dir)
	return t
}

// resolveTarget reads the target once per go.mod (or directory without
// one) and analyzer set; the set's settings carry the override.
func resolveTarget(env *setup.Env, dir string) (contract.CoreTarget, error) {
	key := dir
	if gm, ok := contract.FindGoMod(dir); ok {
		key = gm
	}
	r := env.Memo("kindfinder.target", key, func() any {
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
	scan := env.Memo("kindfinder.storage", parent, func() any { return scanStorageVersions(parent) }).(map[string][]string)
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

// PoolNode is Node for InfraMachinePool types and their struct types only.
func (r *Result) PoolNode(obj types.Object) (*NodeFact, bool) {
	f, ok := r.facts[obj]
	if !ok || !f.Ref.IsPool() {
		return nil, false
	}
	return f, true
}
