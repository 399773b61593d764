package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// genericWords are path segments that mean other things too (an object's
// metadata, a template, a version, an API version, any label selector):
// spelling them is no sign of a re-encoded contract.
var genericWords = []string{ObjectSpec, ObjectStatus, "metadata", "template", "version", "selector", V1Beta1, V1Beta2}

// catalogSpellings are the strings only contract/ may spell: every kind's
// name, every point's JSON path and the JSON names along it (generic words
// aside), every point's JSON tag, the paths of core's references and
// mirrors, and every rule's ID and name.
func catalogSpellings() map[string]string {
	out := map[string]string{}
	add := func(s, what string) {
		if s != "" && !slices.Contains(genericWords, s) {
			if _, ok := out[s]; !ok {
				out[s] = what
			}
		}
	}
	for _, k := range Kinds {
		add(k.Name, "kind name")
		for _, p := range k.AllPoints() {
			add(p.Path, "JSON path of "+k.Name)
			for _, seg := range p.Segments() {
				add(seg, "JSON field name on "+p.Path)
			}
			add(p.Tag.String(), "JSON tag of "+p.Path)
		}
		for _, l := range k.Links {
			add(l.Ref, "core reference path")
			for _, m := range l.Reports {
				add(m.Path, "core mirror path")
			}
		}
	}
	for _, r := range allRules() {
		add(r.ID, "rule ID")
		add(r.Name, "rule name")
	}
	return out
}

// TestCatalogSpelledOnlyHere fails when non-test Go code outside contract/
// spells a catalog name, path or rule attribute as a whole string literal:
// it must take it from the catalog, so a change to the contract is made
// once. Test files, testdata, generated files and hack/ (generators of
// benchmark providers, which spell their fields as a provider does) are
// exempt; knownSpellings are the offenders left, each to be removed.
func TestCatalogSpelledOnlyHere(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found above contract/: %v", err)
	}
	forbidden := catalogSpellings()
	for _, s := range []string{KindInfraMachinePool, PathProvisioned, "status.initialization.dataSecretCreated", "controlPlaneInitialized",
		"failureDomains", RuleReadyOnly, RuleKindV1Beta1WriteAlone, "spec.infrastructureRef"} {
		if _, ok := forbidden[s]; !ok {
			t.Fatalf("catalogSpellings lacks %q: the test would not catch it", s)
		}
	}
	known, used := map[string]bool{}, map[string]bool{}
	for _, k := range knownSpellings {
		known[k] = true
	}
	var hits []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			top := filepath.Dir(path) == root
			// Like the go tool, skip _ and . directories (the benchmarks generate _out/).
			if path != root && (name == "testdata" || top && (name == "contract" || name == "hack") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if ast.IsGenerated(f) {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if what, ok := forbidden[s]; ok {
				rel, _ := filepath.Rel(root, fset.Position(lit.Pos()).Filename)
				rel = filepath.ToSlash(rel)
				if known[rel+" "+s] {
					used[rel+" "+s] = true
					return true
				}
				hits = append(hits, rel+":"+strconv.Itoa(fset.Position(lit.Pos()).Line)+": "+strconv.Quote(s)+" ("+what+")")
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range knownSpellings {
		if !used[k] {
			t.Errorf("knownSpellings lists %q, which is no longer spelled: drop it from the list", k)
		}
	}
	slices.Sort(hits)
	if len(hits) > 0 {
		t.Errorf("%d catalog spellings outside contract/ (take them from the catalog):\n%s", len(hits), strings.Join(hits, "\n"))
	}
}

// knownSpellings are "file literal" pairs outside the analyzers that still
// spell the catalog (live's unstructured paths, a SARIF rule property);
// their owners move them to the catalog and drop them here.
var knownSpellings = []string{
	"report/sarif.go InfraMachinePool",
}
