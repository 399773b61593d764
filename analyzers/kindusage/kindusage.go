package kindusage

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the kindusage analyzer of env's analyzer set; kf is that
// set's kindfinder.
func New(env *setup.Env, kf *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:             "kindusage",
		Doc:              "checks that functions writing a field the v1beta2 contract renamed (readiness, ControlPlane replica counters) write both names while the type has both",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/kindusage",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env) },
		Requires:         []*analysis.Analyzer{kf},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

// write is one write of a catalogued path of a kind type.
type write struct {
	ref  kindfinder.TypeRef
	path string
	pos  token.Pos
	// reset is set when the value written is false or nil.
	reset bool
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
				check(em, res, writesIn(pass, res, fd.Body))
				checkReads(pass, em, res, fd)
			}
		}
	}
	return out, nil
}

// writesIn collects the writes of kind fields in a function body.
func writesIn(pass *analysis.Pass, res *kindfinder.Result, body *ast.BlockStmt) []write {
	var out []write
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				if w, ok := selectorWrite(pass, res, sel, rhs); ok {
					out = append(out, w)
				}
			}
		case *ast.CompositeLit:
			out = append(out, literalWrites(pass, res, n)...)
		}
		return true
	})
	return out
}

// selectorWrite resolves x.F = v to the JSON path of F on a kind type.
func selectorWrite(pass *analysis.Pass, res *kindfinder.Result, sel *ast.SelectorExpr, rhs ast.Expr) (write, bool) {
	s, ok := pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return write{}, false
	}
	return fieldWrite(pass, res, s.Recv(), s.Obj().(*types.Var), sel.Sel.Pos(), rhs)
}

// literalWrites are the keys of a literal of a kind's struct.
func literalWrites(pass *analysis.Pass, res *kindfinder.Result, lit *ast.CompositeLit) []write {
	tv, ok := pass.TypesInfo.Types[lit]
	if !ok {
		return nil
	}
	var out []write
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := pass.TypesInfo.ObjectOf(key).(*types.Var)
		if !ok || !v.IsField() {
			continue
		}
		if w, ok := fieldWrite(pass, res, tv.Type, v, key.Pos(), kv.Value); ok {
			out = append(out, w)
		}
	}
	return out
}

// fieldWrite names the write of field v of the struct type owner.
func fieldWrite(pass *analysis.Pass, res *kindfinder.Result, owner types.Type, v *types.Var, pos token.Pos, rhs ast.Expr) (write, bool) {
	named, ok := kindfinder.Deref(owner).(*types.Named)
	if !ok {
		return write{}, false
	}
	fact, ok := res.Node(named.Obj())
	if !ok || fact.Ref.Judgement.Against == "" {
		return write{}, false // not a label-driven kind
	}
	st := kindfinder.StructOf(named)
	name, ok := kindfinder.JSONNameOf(st, v)
	if !ok {
		return write{}, false
	}
	path := name
	if fact.Path != "" {
		path = fact.Path + "." + name
	}
	return write{ref: fact.Ref, path: path, pos: pos, reset: isReset(pass, rhs)}, true
}

// isReset reports whether the value is the constant false or nil.
func isReset(pass *analysis.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	tv, ok := pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	return tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// writes reports whether the function writes path, or a struct holding it.
func writes(ws []write, typ, path string) (first *write, all []write) {
	for i := range ws {
		w := &ws[i]
		if w.ref.Type != typ || (w.path != path && !strings.HasPrefix(path, w.path+".")) {
			continue
		}
		if first == nil {
			first = w
		}
		all = append(all, *w)
	}
	return first, all
}

// check reports, per kind type the function writes, each renamed field
// written under one name only while the type has both.
func check(em *emit.Emitter, res *kindfinder.Result, ws []write) {
	var seen []string
	for _, w := range ws {
		if slices.Contains(seen, w.ref.Type) {
			continue
		}
		seen = append(seen, w.ref.Type)
		kind, ok := contract.KindByName(w.ref.ContractKind)
		if !ok {
			continue
		}
		for _, old := range kind.Points(contract.V1Beta1) {
			if old.Aspect == contract.AspectReadiness {
				continue // poolusage's behaviour engine pairs readiness writes per object
			}
			renamed, ok := kind.PairOf(old)
			if !ok || renamed.Path == old.Path || !labelDriven(old) || !labelDriven(renamed) ||
				!w.ref.Has(old.Path) || !w.ref.Has(renamed.Path) {
				continue
			}
			f1, w1 := writes(ws, w.ref.Type, old.Path)
			f2, w2 := writes(ws, w.ref.Type, renamed.Path)
			switch {
			case f1 != nil && f2 == nil && !allReset(w1):
				reportAlone(em, res, *f1, contract.RuleKindV1Beta1WriteAlone, old.Path, renamed.Path)
			case f2 != nil && f1 == nil && !allReset(w2):
				reportAlone(em, res, *f2, contract.RuleKindV1Beta2WriteAlone, renamed.Path, old.Path)
			}
		}
	}
}

func allReset(ws []write) bool {
	return !slices.ContainsFunc(ws, func(w write) bool { return !w.reset })
}

func labelDriven(p contract.Point) bool {
	return slices.ContainsFunc(p.Reads, func(r contract.Read) bool { return r.Mode == contract.ReadLabelDriven })
}

func reportAlone(em *emit.Emitter, res *kindfinder.Result, w write, rule, written, missing string) {
	ctx := w.ref.Context(res.Target.Behaviour, res.Release)
	em.At(w.pos, report.Finding{
		Rule:       rule,
		Severity:   contract.MustRule(rule).Severity(ctx),
		Kind:       w.ref.Kind,
		Type:       w.ref.Type,
		APIVersion: w.ref.APIVersion(),
		Field:      written,
		Access:     "write",
		Message: fmt.Sprintf("this function writes %s of %s but never %s, which the type also has (%s)",
			written, w.ref.Kind, missing, w.ref.Judgement.Why),
	})
}
