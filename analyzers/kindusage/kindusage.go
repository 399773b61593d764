package kindusage

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
)

// New returns the kindusage analyzer of env's analyzer set; kf is that
// set's kindfinder.
func New(env *setup.Env, kf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "kindusage",
		Doc:              "reports reads of a field the v1beta2 contract removed or moved (failure fields, readiness, ControlPlane replica counters) on a type that also has its successor",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/kindusage",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

func run(pass *analysis.Pass, env *setup.Env) (any, error) {
	res := kindfinder.MustResultOf(pass)
	em, out := emit.New(pass, env)
	if len(res.Others()) > 0 || !res.Any() {
		return out, nil // API packages (conversions and webhooks are not use sites), or no kind type in reach
	}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) || strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				checkReads(pass, em, res, fd)
			}
		}
	}
	return out, nil
}

// fieldOf names field v of the struct type owner when owner is a
// label-driven kind's type or a struct under one.
func fieldOf(res *kindfinder.Result, owner types.Type, v *types.Var) (field, bool) {
	named, ok := kindfinder.Deref(owner).(*types.Named)
	if !ok {
		return field{}, false
	}
	fact, ok := res.Node(named.Obj())
	if !ok || fact.Ref.Judgement.Against == "" {
		return field{}, false // not a label-driven kind
	}
	name, ok := kindfinder.JSONNameOf(kindfinder.StructOf(named), v)
	if !ok {
		return field{}, false
	}
	path := name
	if fact.Path != "" {
		path = fact.Path + "." + name
	}
	return field{ref: fact.Ref, path: path}, true
}
