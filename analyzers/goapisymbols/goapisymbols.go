package goapisymbols

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/goapifix"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the goapisymbols analyzer of env's analyzer set; kf is that
// set's kindfinder (the target and the package's API versions).
func New(env *setup.Env, kf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "goapisymbols",
		Doc:              "reports imports of Cluster API's deprecated v1beta1 Go API packages and uses of its functions, types, constants, variables and methods that have another v1beta2 successor",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/goapisymbols",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf},
		FactTypes:        []analysis.Fact{(*Moved)(nil)},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	em, out := emit.New(pass, env)
	if len(pass.Files) == 0 {
		return out, nil
	}
	// A package that imports none reaches the v1beta1 types only through
	// other packages' declarations, which a raise may move (Moved).
	if !importsMapped(pass.Pkg) && (env.Settings.RaiseCAPI == "" || !hasForeignMoves(pass)) {
		return out, nil
	}
	res := kindfinder.MustResultOf(pass)
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	if inModuleCache(dir) {
		// A dependency (go vet runs the passes that have facts on every
		// one): no fix of it is applied, and no finding is shown.
		return out, nil
	}
	built := builtAgainst(env, dir)
	// mpaudit rewrite raising go.mod past v1.11: files move to v1beta2 for
	// the release raised to, which the code is then built against.
	raise := contract.Release(env.Settings.RaiseCAPI)
	raising := raise != "" && built.Less(contract.ReleaseV1Beta2) && !raise.Less(contract.ReleaseV1Beta2)
	to := built // the release the moved code builds against
	if raise != "" && built.Less(raise) {
		to = raise
	}
	target := kindfinder.TargetOf(pass, env, res).GoAPIRelease() // as goapiuse judges it
	spoke := res.OnlySpokes()
	ctx := contract.Context{Release: target, Spoke: spoke}
	note := ""
	if spoke {
		note = " (an older API version of the provider, a conversion spoke: it may keep the core v1beta1 types its schema needs)"
	}
	// The finding's field is the Go symbol (the package for an import).
	shortNote := ""
	if spoke {
		shortNote = " (a conversion spoke)"
	}
	atSymbol := func(n ast.Node, rule, symbol, short, format string, args ...any) {
		em.At(n.Pos(), report.Finding{Rule: rule, Severity: contract.MustRule(rule).Severity(ctx),
			Field: symbol, Message: fmt.Sprintf(format, args...) + note, Short: short + shortNote, Spoke: spoke})
	}
	var files []*ast.File
	for _, f := range pass.Files {
		if !ast.IsGenerated(f) {
			files = append(files, f)
		}
	}
	// A package of Kubernetes objects is schema whether or not its kinds
	// are contract kinds (an identity, a template of the provider's own).
	api := len(res.Declared) > 0 || goapifix.DeclaresObjects(pass.Pkg)
	plans := movePlans(pass, env, em, files, built, to, target, spoke, api, raising)
	for _, f := range files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			moveFile(pass, em, plans[f]) // tests move with the code they call
			continue
		}
		mapped := false
		moved := moveFile(pass, em, plans[f])
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || !contract.GoAPIPackagePaths()[path] {
				continue
			}
			mapped = true
			if s, ok := contract.GoAPIPackage(path, built); ok {
				atSymbol(spec, contract.RuleGoAPIImport, s.Old(), shortAdvice(s)+shortMoved(pass.Fset, plans[f]), "the import is %s: %s%s", deprecation, contract.GoSymbolAdvice(s), moved)
			}
		}
		if mapped {
			checkUses(pass, f, built, atSymbol)
		}
	}
	return out, nil
}

// shortAdvice is GoSymbolAdvice in the text report's words: the finding's
// field names the symbol, the successor's package follows from it.
func shortAdvice(s contract.GoSymbol) string {
	out := "v1beta1 Go API, removal planned in " + strings.TrimSuffix(string(contract.GoAPIRemoval), ".0") + ": "
	switch {
	case s.Successor != "":
		return out + "move to " + path.Base(s.Successor)
	default:
		return out + s.Instead
	}
}

// shortMoved is what moveFile adds to an import finding, counted.
// A blocker is named by its line (the finding is in the same file).
func shortMoved(fset *token.FileSet, fp *filePlan) string {
	switch {
	case fp == nil:
		return ""
	case len(fp.Plan.Blockers) > 0:
		first := slices.MinFunc(fp.Plan.Blockers, func(a, b goapifix.Blocker) int { return cmp.Compare(a.Pos, b.Pos) })
		line := fset.Position(first.Pos).Line
		if len(fp.Plan.Blockers) == 1 {
			return fmt.Sprintf("; not mechanical at line %d", line)
		}
		return fmt.Sprintf("; not mechanical at line %d and %d more (-o json lists them)", line, len(fp.Plan.Blockers)-1)
	case fp.with != "":
		return "; moves together with " + fp.with
	}
	return ""
}

// deprecation is when Cluster API deprecates the v1beta1 Go API and plans
// to remove it.
var deprecation = fmt.Sprintf("Cluster API's v1beta1 Go API (removal planned in %s)", strings.TrimSuffix(string(contract.GoAPIRemoval), ".0"))

// checkUses reports the uses in f of mapped package-level symbols and
// methods, but not those of namesakes of the same shape (ViaImport).
func checkUses(pass *analysis.Pass, f *ast.File, built contract.Release, at func(ast.Node, string, string, string, string, ...any)) {
	calls := map[ast.Node]*ast.CallExpr{} // a call's function → the call
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			calls[ast.Unparen(call.Fun)] = call
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		var id *ast.Ident
		var node ast.Node = n
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			id = n.Sel
		case *ast.Ident:
			id = n // a dot import
		default:
			return true
		}
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			return true
		}
		name, method := symbolName(obj)
		if name == "" {
			return true
		}
		s, ok := contract.GoAPISymbol(obj.Pkg().Path(), name, built)
		if !ok || s.ViaImport || s.RefArg > 0 && !v1beta1RefArg(pass, calls[node], s.RefArg, built) {
			return true // a namesake: the import's finding covers it
		}
		qual := obj.Pkg().Name() + "." + name
		if sel, ok := node.(*ast.SelectorExpr); ok && !method {
			if x, ok := sel.X.(*ast.Ident); ok {
				qual = x.Name + "." + obj.Name() // as the code spells it
			}
		}
		at(node, contract.RuleGoAPISymbol, s.Old(), shortAdvice(s), "%s is %s: %s", qual, deprecation, contract.GoSymbolAdvice(s))
		return false
	})
}

// symbolName is obj's name in the map: a package-level name, or
// "Type.Method" for a method declared on a named type; "" for another
// object (a field, a local, an interface's method).
func symbolName(obj types.Object) (name string, method bool) {
	if obj.Parent() == obj.Pkg().Scope() {
		return obj.Name(), false
	}
	f, ok := obj.(*types.Func)
	if !ok {
		return "", false
	}
	recv := f.Signature().Recv()
	if recv == nil {
		return "", false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || types.IsInterface(named) {
		return "", false
	}
	return named.Origin().Obj().Name() + "." + f.Name(), true
}

// v1beta1RefArg reports whether argument i (1-based) of call reads a
// field of an object of a v1beta1 API package (cluster.Spec.InfrastructureRef,
// &machine.Spec.InfrastructureRef).
func v1beta1RefArg(pass *analysis.Pass, call *ast.CallExpr, i int, built contract.Release) bool {
	if call == nil || len(call.Args) < i {
		return false
	}
	arg := ast.Unparen(call.Args[i-1])
	if u, ok := arg.(*ast.UnaryExpr); ok {
		arg = ast.Unparen(u.X)
	}
	sel, ok := arg.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	field, ok := pass.TypesInfo.Selections[sel]
	if !ok || field.Kind() != types.FieldVal || field.Obj().Pkg() == nil {
		return false
	}
	return contract.IsV1Beta1APIPackage(field.Obj().Pkg().Path(), built)
}

// importsMapped reports whether the package imports a package of the map:
// most packages do not and are skipped before their files are read.
func importsMapped(pkg *types.Package) bool {
	paths := contract.GoAPIPackagePaths()
	for _, imp := range pkg.Imports() {
		if paths[imp.Path()] {
			return true
		}
	}
	return false
}

// builtAgainst is the Cluster API release the module at dir requires
// (its go.mod, replacements included), read once per go.mod: which symbol
// an import path names depends on it; the severity on the target.
func builtAgainst(env *setup.Env, dir string) contract.Release {
	key := dir
	if gm, ok := contract.FindGoMod(dir); ok {
		key = gm
	}
	return env.Memo("goapisymbols.release", key, func() any {
		t, err := contract.ResolveTarget("", dir)
		if err != nil {
			t = contract.DefaultTarget()
		}
		return t.GoAPIRelease() // a local Cluster API tree by the Go API packages it has
	}).(contract.Release)
}

// inModuleCache reports whether dir is in a module of the module cache,
// whose directories are named module@version.
func inModuleCache(dir string) bool {
	for elem := range strings.SplitSeq(filepath.ToSlash(dir), "/") {
		if i := strings.LastIndex(elem, "@v"); i > 0 && i+2 < len(elem) && elem[i+2] >= '0' && elem[i+2] <= '9' {
			return true
		}
	}
	return false
}
