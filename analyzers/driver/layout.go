package driver

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// A provider may keep its API types in a module of their own that its root
// module replaces by a local directory (replace example.com/p/api =>
// ./api, Cluster API's own layout). The go command's ./... stops at that
// go.mod, so the patterns are widened to the replaced module's import
// paths (which resolve through the root module's build list), and its
// packages are the provider's own like the main module's.

// layout is what the audit knows of the provider's modules.
type layout struct {
	// locals are the modules the main module replaces by a directory of
	// the same repository.
	locals []contract.LocalModule
}

func newLayout(base string) *layout {
	l := &layout{}
	if gm, ok := contract.FindGoMod(base); ok {
		l.locals = contract.LocalReplaces(gm)
	}
	return l
}

// own reports whether p belongs to the provider: its main module or a
// module replaced by a local directory of the same repository.
func (l *layout) own(p *packages.Package) bool {
	if p.Module == nil {
		return false
	}
	if p.Module.Main {
		return true
	}
	dir := p.Module.Dir
	if p.Module.Replace != nil && p.Module.Replace.Dir != "" {
		dir = p.Module.Replace.Dir
	}
	return dir != "" && slices.ContainsFunc(l.locals, func(m contract.LocalModule) bool { return m.Dir == filepath.Clean(dir) })
}

// patterns widens the directory patterns to the local modules: one inside
// a local module's directory becomes that module's import path (the go
// command refuses a directory of another module), and a recursive one
// holding a local module's directory also names that module's packages.
func (l *layout) patterns(base string, patterns []string) []string {
	if len(l.locals) == 0 {
		return patterns
	}
	var out []string
	for _, p := range patterns {
		rel, recursive, ok := dirPattern(p)
		if !ok {
			out = append(out, p)
			continue
		}
		abs := rel
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(base, rel)
		}
		abs = filepath.Clean(abs)
		translated := false
		for _, m := range l.locals {
			if r, err := filepath.Rel(m.Dir, abs); err == nil && inside(r) {
				ip := m.Path
				if r != "." {
					ip += "/" + filepath.ToSlash(r)
				}
				if recursive {
					ip += "/..."
				}
				out, translated = append(out, ip), true
				break
			}
		}
		if translated {
			continue
		}
		out = append(out, p)
		if !recursive {
			continue
		}
		for _, m := range l.locals {
			if r, err := filepath.Rel(abs, m.Dir); err == nil && inside(r) {
				out = append(out, m.Path+"/...")
			}
		}
	}
	return slices.Compact(out)
}

// dirPattern reads a directory pattern (., ./x, ../x, /abs, each maybe
// with /...): its directory and whether it is recursive.
func dirPattern(p string) (dir string, recursive, ok bool) {
	switch {
	case p == "." || p == "..", strings.HasPrefix(p, "./"), strings.HasPrefix(p, "../"), filepath.IsAbs(p):
	default:
		return "", false, false
	}
	if d, cut := strings.CutSuffix(p, "/..."); cut {
		p, recursive = d, true
	} else if strings.Contains(p, "...") {
		return "", false, false // a partial wildcard is left to the go command
	}
	return filepath.FromSlash(p), recursive, true
}

func inside(rel string) bool {
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// coversModule reports whether the patterns name every package of the
// module at base (./... in its root directory, or a recursive pattern
// above it).
func coversModule(base string, patterns []string) bool {
	gm, ok := contract.FindGoMod(base)
	if !ok {
		return false
	}
	root := filepath.Dir(gm)
	for _, p := range patterns {
		rel, recursive, ok := dirPattern(p)
		if !ok || !recursive {
			continue
		}
		if !filepath.IsAbs(rel) {
			rel = filepath.Join(base, rel)
		}
		if r, err := filepath.Rel(filepath.Clean(rel), root); err == nil && inside(r) {
			return true
		}
	}
	return false
}

// unmatchedCRDs reports, as load problems, the CRDs in the provider's
// config/crd directories whose kind no analysed package declares: the
// CRDs say there are provider types that the audit did not see (a module
// not loaded, a package that failed), and a clean report would be a lie.
// dirs are the config/crd directories to judge; declared are the analysed
// packages' root types (kindfinder.Result.Declared).
func (m *merger) unmatchedCRDs(load func(string) (*crdconfig.Result, error), dirs []string, declared map[string]bool, overrides contract.Overrides) {
	slices.Sort(dirs)
	for _, dir := range slices.Compact(dirs) {
		if dir == "" {
			continue
		}
		cfg, err := load(dir)
		if err != nil || cfg == nil {
			continue // the CRD pass reports why it cannot be read
		}
		for i := range cfg.CRDs {
			crd := &cfg.CRDs[i]
			kind := crdContractKind(crd, overrides)
			if kind == "" || declared[crd.Group+"/"+crd.Kind] || declared["/"+crd.Kind] {
				continue
			}
			file := crd.File
			if file == "" {
				file = cfg.Dir
			}
			m.problem(report.Problem{Subject: relative(m.base, file),
				Message: fmt.Sprintf("CRD %s is of contract kind %s, but no package analysed declares a %s type: the provider's types were not loaded (a module or package the patterns do not reach, or that failed to load)",
					crd.Name, kind, crd.Kind),
				Position: &report.Position{File: relative(m.base, file), Line: crd.Line}})
		}
	}
}

// crdContractKind is the contract kind a CRD is of, by its group, kind and
// schema as check classifies types, else by a contract label; "" if none.
func crdContractKind(crd *crdconfig.CRD, overrides contract.Overrides) string {
	var paths []string
	if crd.Definition != nil {
		paths = contract.SchemaPaths(crd.Definition, crd.StorageVersion(), contract.ClassifierDepth)
	}
	c := contract.Classify(contract.TypeSummary{Group: crd.Group, Name: crd.Kind, Paths: paths}, overrides)
	if c.Kind != nil {
		return c.Kind.Name
	}
	if c.How == contract.ByOverride {
		return ""
	}
	for key := range crd.Labels {
		if v, ok := strings.CutPrefix(key, contract.LabelPrefix); ok && apiVersionRE.MatchString(v) {
			return "with a contract label (" + key + ")"
		}
	}
	return ""
}

// apiVersionRE matches a Kubernetes API version, as a contract label's
// key ends (cluster.x-k8s.io/v1beta2); cluster.x-k8s.io/provider is none.
var apiVersionRE = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

// declaredTypes are the root types of the analysed packages, as
// "group/Kind" and "/Kind".
func declaredTypes(results []*kindfinder.Result) map[string]bool {
	out := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Declared {
			out[d.Group+"/"+d.Kind] = true
			out["/"+d.Kind] = true
		}
	}
	return out
}
