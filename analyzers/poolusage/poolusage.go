package poolusage

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/emit"
	"github.com/mpaudit/mpaudit/analyzers/internal/lvalue"
	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// New returns the poolusage analyzer of env's analyzer set, with its own
// writes pass; pf is that set's kindfinder and kt its kindtypes, whose
// Changed facts say which fields the type fixes change.
func New(env *setup.Env, pf, kt *analysis.Analyzer) *analysis.Analyzer {
	writes := newWrites(pf)
	return &analysis.Analyzer{
		Name:             "poolusage",
		Doc:              "lists reads and writes of InfraMachinePool contract fields and checks that readiness writes of every kind set both contract fields",
		URL:              "https://github.com/mpaudit/mpaudit/tree/main/analyzers/poolusage",
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, env, writes) },
		Requires:         []*analysis.Analyzer{pf, kt, newLazyInspect(), writes},
		RunDespiteErrors: true,
		ResultType:       emit.ResultType,
	}
}

// access is one read or write of a tracked field.
type access struct {
	pos   token.Pos
	pool  *kindfinder.NodeFact
	path  string
	write bool
	text  string
	// node is the selector or key-value expression, for fixes.
	node ast.Node
	file *ast.File
	// rhs is the assigned value of a write, when known.
	rhs ast.Expr
}

func run(pass *analysis.Pass, env *setup.Env, writes *analysis.Analyzer) (any, error) {
	res := kindfinder.MustResultOf(pass)
	em, out := emit.New(pass, env)
	beh := pass.ResultOf[writes].(*behaviour)
	if res.Skipped {
		return out, nil
	}
	// API packages: conversions and webhooks are not use sites, but their
	// tests are like any other package's.
	api := len(res.Types) > 0
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			continue
		}
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			// Tests are not use sites, but a type change must not break
			// them: their fixes are offered without a finding.
			for _, decl := range f.Decls {
				for _, a := range collect(pass, res, f, decl) {
					if _, ok := tracked(a); ok {
						_, migrate, _ := fixesFor(pass, a, false)
						migrateFix(em, a, migrate)
						blockUse(em, pass, a)
					}
				}
			}
			continue
		}
		if api {
			continue
		}
		for _, decl := range f.Decls {
			accesses := collect(pass, res, f, decl)
			var needsProvisioned map[token.Pos]bool
			if fd, ok := decl.(*ast.FuncDecl); ok {
				needsProvisioned = beh.check(pass, em, fd, accesses)
			}
			for _, a := range accesses {
				reportAccess(em, env, pass, res, a, needsProvisioned[a.pos])
			}
		}
	}
	return out, nil
}

// useFinding is the kind's rule for a use finding of a's field: a
// pool's inventoried and deprecated fields (contract.UseFieldCheck).
func useFinding(a access) (contract.UseRule, bool) {
	k := a.pool.Ref.Catalog()
	if k == nil {
		return contract.UseRule{}, false
	}
	check, ok := k.UseFieldCheck(a.path)
	if !ok {
		return contract.UseRule{}, false
	}
	return k.UseRuleOf(check), true
}

// tracked is the rule of an access: its use finding's, else the rule of
// the type change whose use-site fixes it gets (kindRule, offered without
// a finding of their own).
func tracked(a access) (rule string, ok bool) {
	if u, ok := useFinding(a); ok {
		return u.Rule, true
	}
	return kindRule(a)
}

func reportAccess(em *emit.Emitter, env *setup.Env, pass *analysis.Pass, res *kindfinder.Result, a access, needsProvisioned bool) {
	rule, ok := tracked(a)
	if !ok {
		return
	}
	blockUse(em, pass, a)
	u, use := useFinding(a)
	if !use {
		reportKindAccess(em, pass, res, a, rule, needsProvisioned)
		return
	}
	mode := "read"
	if a.write {
		mode = "write"
	}
	ref := a.pool.Ref
	fixes, migrate, note := fixesFor(pass, a, needsProvisioned)
	fixes = append(fixes, migrate...)
	if env.Settings.Fix {
		// They follow the type fix (the companion of a ready write too: the
		// type fix adds the field), so they are offered under its rule,
		// whatever the configuration says of this use finding, and also
		// where only use sites are rewritten.
		migrateFix(em, a, fixes)
		fixes = nil
	}
	em.At(a.pos, report.Finding{
		Rule:       rule,
		Severity:   contract.MustRule(rule).Severity(ref.Context(res.Target.Behaviour, res.Release)),
		Kind:       ref.Kind,
		Type:       ref.Type,
		APIVersion: ref.APIVersion(),
		Field:      a.path,
		Access:     mode,
		Message:    fmt.Sprintf(u.Format, a.path, mode, ref.Version, ref.Kind, a.text) + note,
	}, fixes...)
}

// blockUse says that the type fix changing a's field would break a, which
// no use-site fix rewrites (emit.Blocks): mpaudit rewrite withholds it.
func blockUse(em *emit.Emitter, pass *analysis.Pass, a access) {
	if manualNote(pass, a) == "" {
		return
	}
	ref := a.pool.Ref
	em.Blocks(a.pos, report.Finding{Rule: typeRule(a), Kind: ref.Kind, Type: ref.Type, Field: a.path, Message: "`" + a.text + "`"})
}

// migrateFix offers the use-site rewrites of a type fix without a finding,
// under the rule of the type fix.
func migrateFix(em *emit.Emitter, a access, fixes []analysis.SuggestedFix) {
	ref := a.pool.Ref
	em.FixOnly(a.pos, report.Finding{Rule: typeRule(a), Kind: ref.Kind, Type: ref.Type}, fixes)
}

// typeRule is the rule of the type fix whose use sites a's fixes rewrite.
func typeRule(a access) string {
	if !a.pool.Ref.IsPool() {
		rule, _ := kindRule(a)
		return rule
	}
	// A pool's type fixes: the companion beside its ready field, the moved
	// failure fields, the *string made a string, by the kind's table.
	k := a.pool.Ref.Catalog()
	p, ok := k.Point(contract.V1Beta1, a.path)
	switch {
	case ok && p.Aspect == contract.AspectReadiness:
		return k.TypeRuleOf(contract.TypeV1Beta1ReadinessOnly, "").Rule
	case ok && (p.Aspect == contract.AspectFailureReason || p.Aspect == contract.AspectFailureMessage):
		return k.TypeRuleOf(contract.TypeFailureField, p.Aspect).Rule
	}
	return shapeRuleOf(k, contract.AspectProviderID)
}

// shapeRuleOf is the rule of kind k's type fix that gives a field of aspect
// its v1beta2 Go shape: the kind's string rule for it (a pool's MPA107),
// else its v1beta1 shape rule (MPA126).
func shapeRuleOf(k *contract.Kind, aspect contract.Aspect) string {
	if r := k.TypeRuleOf(contract.TypeStringShape, aspect).Rule; r != "" {
		return r
	}
	return k.TypeRuleOf(contract.TypeV1Beta1Shape, "").Rule
}

// failureRulesOf are the rules of kind k's failure field move, joined by "/"
// (a pool's MPA105/MPA106, the others' MPA125).
func failureRulesOf(k *contract.Kind) string {
	var rules []string
	for _, a := range []contract.Aspect{contract.AspectFailureReason, contract.AspectFailureMessage} {
		if r := k.TypeRuleOf(contract.TypeFailureField, a).Rule; r != "" && !slices.Contains(rules, r) {
			rules = append(rules, r)
		}
	}
	return strings.Join(rules, "/")
}

// collect finds tracked field accesses in one top-level declaration.
func collect(pass *analysis.Pass, res *kindfinder.Result, file *ast.File, decl ast.Decl) []access {
	writes := map[ast.Expr]ast.Expr{} // selector -> assigned value (nil if unknown)
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				writes[lvalue.Target(lhs)] = rhs
			}
		case *ast.IncDecStmt:
			writes[lvalue.Target(n.X)] = nil
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				writes[lvalue.Target(n.X)] = nil
			}
		}
		return true
	})

	var out []access
	ast.Inspect(decl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			node, path, ok := selectorPath(pass, res.Node, n)
			if !ok {
				return true
			}
			rhs, write := writes[n]
			out = append(out, access{pos: n.Pos(), node: n, file: file, rhs: rhs, path: path, write: write,
				text: types.ExprString(n), pool: node})
		case *ast.CompositeLit:
			tv, ok := pass.TypesInfo.Types[n]
			if !ok {
				return true
			}
			named, ok := kindfinder.Deref(tv.Type).(*types.Named)
			if !ok {
				return true
			}
			node, ok := res.Node(named.Obj())
			st := kindfinder.StructOf(named)
			if !ok || st == nil {
				return true
			}
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := pass.TypesInfo.Uses[key].(*types.Var)
				if !ok {
					continue
				}
				name, ok := kindfinder.JSONNameOf(st, v)
				if !ok {
					continue
				}
				out = append(out, access{pos: kv.Pos(), node: kv, file: file, rhs: kv.Value,
					path: join(node.Path, name), write: true, pool: node,
					text: named.Obj().Name() + "{" + key.Name + ": …}"})
			}
		}
		return true
	})
	return out
}

// selectorPath resolves x.F to a pool and JSON path when x's type is a pool
// type or a struct type under one.
func selectorPath(pass *analysis.Pass, lookup func(types.Object) (*kindfinder.NodeFact, bool), sel *ast.SelectorExpr) (*kindfinder.NodeFact, string, bool) {
	s := pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, "", false
	}
	t := s.Recv()
	var node *kindfinder.NodeFact
	path := ""
	for _, idx := range s.Index() {
		if named, ok := kindfinder.Deref(t).(*types.Named); ok {
			if nf, ok := lookup(named.Obj()); ok {
				node, path = nf, nf.Path
			}
		}
		st := kindfinder.StructOf(t)
		if st == nil || idx >= st.NumFields() {
			return nil, "", false
		}
		fv := st.Field(idx)
		name, ok := kindfinder.JSONNameOf(st, fv)
		if !ok {
			return nil, "", false
		}
		if !fv.Embedded() || !isInline(st, idx) {
			path = join(path, name)
		}
		t = fv.Type()
	}
	if node == nil {
		return nil, "", false
	}
	return node, path, true
}

func isInline(st *types.Struct, idx int) bool {
	tag := st.Tag(idx)
	return !strings.Contains(tag, `json:"`) || strings.Contains(tag, `json:",inline"`)
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// kindRule is the rule whose fix an access of a label-driven kind's field
// belongs to: its v1beta1 readiness write (the companion write), a field
// the v1beta2 contract reshaped (*string → string), a failure field the
// type fix moves.
func kindRule(a access) (string, bool) {
	k := a.pool.Ref.Catalog()
	if k == nil {
		return "", false
	}
	if v1, ok := k.Readiness(contract.V1Beta1); ok && v1.Path == a.path && a.write {
		return contract.RuleKindV1Beta1WriteAlone, true
	}
	if _, ok := kindtypes.CopiedBy(k, a.path); ok && a.write {
		return contract.RuleKindV1Beta1WriteAlone, true
	}
	if _, ok := kindtypes.StringShape(k, a.path); ok {
		return k.TypeRuleOf(contract.TypeV1Beta1Shape, "").Rule, true
	}
	if _, ok := kindtypes.PointerShape(k, a.path); ok {
		return k.TypeRuleOf(contract.TypeV1Beta1Shape, "").Rule, true
	}
	if p, ok := k.Point(contract.V1Beta1, a.path); ok && (p.Aspect == contract.AspectFailureReason || p.Aspect == contract.AspectFailureMessage) {
		return k.TypeRuleOf(contract.TypeFailureField, p.Aspect).Rule, true
	}
	return "", false
}

// reportKindAccess offers the use-site fixes of a label-driven kind's
// field without a finding (the type rules report the change); a use they
// cannot rewrite is reported, saying it needs a person.
func reportKindAccess(em *emit.Emitter, pass *analysis.Pass, res *kindfinder.Result, a access, rule string, needsProvisioned bool) {
	fixes, migrate, note := fixesFor(pass, a, needsProvisioned)
	if note == "" {
		em.FixOnly(a.pos, report.Finding{Rule: rule, Kind: a.pool.Ref.Kind, Type: a.pool.Ref.Type}, append(fixes, migrate...))
		return
	}
	mode := "read"
	if a.write {
		mode = "write"
	}
	ref := a.pool.Ref
	em.At(a.pos, report.Finding{
		Rule:       rule,
		Severity:   contract.MustRule(rule).Severity(ref.Context(res.Target.Behaviour, res.Release)),
		Kind:       ref.Kind,
		Type:       ref.Type,
		APIVersion: ref.APIVersion(),
		Field:      a.path,
		Access:     mode,
		Message:    fmt.Sprintf("%s %s of %s.%s `%s`: the migration fix cannot rewrite it", a.path, mode, ref.Version, ref.Kind, a.text) + note,
	})
}
