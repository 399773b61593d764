package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestModesMatchTheCode checks each rule's Modes against the code that
// reports it: a rule named by the analyzers (or by EvaluateKindCRD, which the
// analyzers call) is Static, one named by live is Live, and a rule of a mode
// is named by that mode's code.
func TestModesMatchTheCode(t *testing.T) {
	ids := ruleConstants(t)
	// The CRD evaluators report rules for whichever mode calls them.
	evaluators := map[string]map[string]bool{"EvaluateKindCRD": {}, "EvaluateMetadata": {}, "EvaluateComponents": {}, "ObjectRuleOf": {}, "RefRuleOf": {}, "TypeRuleOf": {}, "UseRuleOf": {}}
	named := func(dir string) (map[string]bool, map[string]bool) {
		out, calls := map[string]bool{}, map[string]bool{}
		walkGo(t, dir, func(f *ast.File) {
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "contract" {
					if id, ok := ids[sel.Sel.Name]; ok {
						out[id] = true
					}
					if _, ok := evaluators[sel.Sel.Name]; ok {
						calls[sel.Sel.Name] = true
					}
				}
				if sel.Sel.Name == "ObjectRuleOf" || sel.Sel.Name == "RefRuleOf" || sel.Sel.Name == "TypeRuleOf" || sel.Sel.Name == "UseRuleOf" { // methods of a kind: the object, reference and type checks' rules
					calls[sel.Sel.Name] = true
				}
				return true
			})
		})
		return out, calls
	}
	// Checks an evaluator runs through an unexported function.
	partOf := map[string]string{"readyOnlyLabelChecks": "EvaluateKindCRD", "evaluateKindCRD": "EvaluateKindCRD", "poolSchema": "EvaluateKindCRD", "objectRuleTable": "ObjectRuleOf", "refRuleTable": "RefRuleOf", "typeRuleTable": "TypeRuleOf", "useRuleTable": "UseRuleOf"}
	walkGo(t, ".", func(f *ast.File) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fd.Name.Name
			if owner, ok := partOf[name]; ok {
				name = owner
			}
			if evaluators[name] == nil {
				continue
			}
			ast.Inspect(fd, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && ids[id.Name] != "" {
					evaluators[name][ids[id.Name]] = true
				}
				return true
			})
		}
	})
	for name, found := range evaluators {
		if len(found) == 0 {
			t.Fatalf("found no rule in %s", name)
		}
	}
	for _, m := range []struct {
		mode Modes
		dir  string
	}{{Static, "../analyzers"}, {Live, "../live"}, {Validate, "../cmd/mpaudit"}, {Conform, "../conform"}} {
		reported, calls := named(m.dir)
		for name := range calls {
			for id := range evaluators[name] {
				reported[id] = true
			}
		}
		for _, r := range allRules() {
			if got := r.Modes.Has(m.mode); got != reported[r.ID] {
				t.Errorf("%s: Modes has %v = %v, but the code in %s names it: %v", r.ID, m.mode, got, m.dir, reported[r.ID])
			}
		}
	}
	for _, r := range allRules() {
		if r.Unsuppressible != (r.ID == RuleSuppressionNoReason || r.ID == RuleUnusedSuppression) {
			t.Errorf("%s: Unsuppressible %v; only the rules about suppressions are", r.ID, r.Unsuppressible)
		}
	}
}

// ruleConstants maps the names of the Rule* constants to their IDs.
func ruleConstants(t *testing.T) map[string]string {
	ids := map[string]string{}
	walkGo(t, ".", func(f *ast.File) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) || !strings.HasPrefix(name.Name, "Rule") {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if v, err := strconv.Unquote(lit.Value); err == nil && MustRule(v) != nil {
							ids[name.Name] = v
						}
					}
				}
			}
		}
	})
	if len(ids) != len(allRules()) {
		t.Fatalf("found %d rule constants for %d rules", len(ids), len(allRules()))
	}
	return ids
}

// walkGo parses the non-test Go files under dir, outside testdata.
func walkGo(t *testing.T, dir string, visit func(*ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		visit(f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
