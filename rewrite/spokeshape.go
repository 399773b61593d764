package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// withholdSpokeShapes withholds in w the string-shape fixes
// spokePointerBlocks names, and reports whether it added one.
func withholdSpokeShapes(w map[analyzers.FieldKey]*withheldFix, rep *report.Report, outside *report.Report) bool {
	added := false
	for _, f := range spokePointerBlocks(rep, outside) {
		key := analyzers.FieldKey{Type: f.Type, Field: f.Field}
		if w[key] == nil {
			w[key] = &withheldFix{key: key, kind: f.Kind, spoke: f.Message}
			added = true
		}
	}
	return added
}

func spokeReason(spoke string) string {
	return fmt.Sprintf("conversion spoke %s keeps it as *string, and a pointer to \"\" would come back nil through the hub's string (spoke→hub→spoke, as utilconversion.FuzzTestFunc checks)", spoke)
}

// spokePointerBlocks lists, as blocked uses the withholding takes, the
// string-shape fixes of storage types one of whose conversion spokes keeps
// the field as *string: the spoke's pointer to "" becomes the hub's "" and
// comes back nil, so the spoke→hub→spoke round trip that
// utilconversion.FuzzTestFunc runs fails. Core reads *string and string
// alike, so keeping the pointer changes nothing any core reads. outside,
// if any, audits API packages of the module the patterns leave out
// (outsideSpokes): each of its types of a resource rep has a storage
// version of is a spoke of it, whatever that audit judged alone.
func spokePointerBlocks(rep, outside *report.Report) []report.Finding {
	if rep == nil {
		return nil
	}
	type resource struct{ group, name string }
	storage := map[resource]report.TypeRef{}
	spokes := map[string]report.TypeRef{}
	for _, r := range rep.Summary.TypeRefs {
		if r.Storage {
			storage[resource{r.Group, r.Name}] = r
		} else {
			spokes[r.GoType] = r
		}
	}
	findings := rep.Findings
	if outside != nil {
		for _, r := range outside.Summary.TypeRefs {
			if hub, ok := storage[resource{r.Group, r.Name}]; ok && hub.GoType != r.GoType {
				spokes[r.GoType] = r
			}
		}
		findings = slices.Concat(findings, outside.Findings)
	}
	var out []report.Finding
	seen := map[string]bool{}
	for _, f := range findings {
		spoke, ok := spokes[f.Type]
		// Not f.Spoke: a version the v1beta1 label alone names is judged as
		// what v1beta1 cores read, yet still converts from the storage one.
		if !ok || !isStringShape(f, spoke.Kind) {
			continue
		}
		hub, ok := storage[resource{spoke.Group, spoke.Name}]
		if !ok || seen[hub.GoType+" "+f.Field] {
			continue
		}
		seen[hub.GoType+" "+f.Field] = true
		out = append(out, report.Finding{
			Rule: f.Rule, Kind: f.Kind, Type: hub.GoType, Field: f.Field, Position: f.Position,
			Message: spoke.Group + "/" + spoke.Version,
		})
	}
	return out
}

// isStringShape reports whether f, on a type of contract kind kind, is the
// MPA126 finding of a *string at a point the v1beta2 contract makes a
// string: the change the string-shape fix makes.
func isStringShape(f report.Finding, kind string) bool {
	k, ok := contract.KindByName(kind)
	if !ok || f.Rule != contract.RuleKindV1Beta1Shape {
		return false
	}
	_, ok = kindtypes.StringShape(k, f.Field)
	return ok
}

// outsideSpokes audits the use sites (packages outside the patterns that
// import theirs) that declare a type named as one of rep's storage types:
// the other API versions of those resources in the module, such as a
// conversion spoke under internal/apis beside a ./controlplane/...
// pattern. Their *string fields block the hub's string shape up front as
// those of spokes inside the patterns do; otherwise only the round-trip
// test of a whole verification would find them. Nil when there is none,
// or when they do not load (the tests still judge the result then).
func (a *attempt) outsideSpokes(rep *report.Report) (*report.Report, error) {
	names := map[string]bool{}
	for _, r := range rep.Summary.TypeRefs {
		if _, name, ok := cutType(r.GoType); ok && r.Storage {
			names[name] = true
		}
	}
	var pkgs []string
	for path, dir := range a.plan.uses {
		if declaresType(dir, names) {
			pkgs = append(pkgs, path)
		}
	}
	if len(pkgs) == 0 {
		return nil, nil
	}
	sort.Strings(pkgs)
	a.opts.Progress.Step("auditing the other API versions outside the patterns: %s", strings.Join(pkgs, ", "))
	opts := a.dopts
	opts.Patterns, opts.UseSites, opts.Withhold, opts.Tests = pkgs, nil, nil, false
	out, err := driver.Run(opts)
	if err := a.st.interrupted(); err != nil {
		return nil, err
	}
	a.trace.step(fmt.Sprintf("audit of %d API package(s) outside the patterns", len(pkgs)))
	if err != nil || len(out.Problems) > 0 {
		return nil, nil
	}
	a.opts.Config.Apply(out)
	return out, nil
}

// declaresType reports whether a Go file of the package in dir (tests
// aside) declares a type of one of names.
func declaresType(dir string, names map[string]bool) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					if names[spec.(*ast.TypeSpec).Name.Name] {
						return true
					}
				}
			}
		}
	}
	return false
}
