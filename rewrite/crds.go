package rewrite

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/crdgen"
)

// CRD regeneration. The type changes make the committed CRD schemas stale,
// and the API server prunes what a schema lacks, so a label waits for the
// schema (MPA346/347). In the staged copy, the schema parts the type
// changes touch are regenerated with controller-tools' CRD generator and
// edited into the committed CRD files (internal/crdgen): only where the
// generator reproduces the committed file, never a whole new generation.
// The API packages regenerated are those the rewrite changed, those
// importing a changed package of the module (shared types), and the
// storage packages of kinds whose label this run decides: their types may
// have been migrated before while their CRDs were not regenerated, which
// crdgen completes (the fields a committed schema lacks). It runs before
// the labels are placed, so the label logic judges the regenerated schema
// in the same run.

// crdRegen is what the regeneration did, for the PR body.
type crdRegen struct {
	// done maps a CRD name to its file (relative) and regenerated paths.
	done map[string]crdDone
	// left maps a CRD name to why it was left as it is.
	left map[string]string
}

type crdDone struct {
	file, variant string
	paths         []string
	// lacked: the committed file lacked fields of the Go types as they were.
	lacked bool
}

// regenerateCRDs regenerates the CRD schema parts that the Go changes in
// the staged directories dirs imply, and completes the committed CRDs of
// the unlabelled targets that lack fields of their types. A CRD that does
// not reproduce, and every CRD when the generator fails on changed
// packages, is left and named in res. The CRDs it writes are marked in cs.
func regenerateCRDs(st *stage, graph *packageGraph, dirs []string, targets []kindTarget, cs *changeSet, res *Result, trace *tracer) error {
	configs := map[string]*crdconfig.Result{}
	config := func(cd string) (*crdconfig.Result, error) {
		cfg, ok := configs[cd]
		if !ok {
			var err error
			if cfg, err = crdconfig.Load(cd); err != nil {
				return nil, err
			}
			configs[cd] = cfg
		}
		return cfg, nil
	}
	affected, err := importersOf(graph, dirs)
	if err != nil {
		return err
	}
	candidates := slices.Collect(maps.Keys(affected))
	for _, t := range targets {
		cd := crdconfig.FindConfigDir(t.dir, st.stagedTop())
		if cd == "" || affected[t.dir] {
			continue
		}
		cfg, err := config(cd)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(cfg.CRDs, func(c crdconfig.CRD) bool {
			return c.Group == t.ref.Group && c.Kind == t.ref.Name && c.Labels[contract.LabelKey(contract.V1Beta2)] == ""
		}) {
			candidates = append(candidates, t.dir)
		}
	}
	api := crdgen.APIPackageDirs(candidates)
	if len(api) == 0 {
		return nil
	}
	changedAPI := slices.ContainsFunc(api, func(d string) bool { return affected[d] })
	if res.crds == nil {
		res.crds = &crdRegen{done: map[string]crdDone{}, left: map[string]string{}}
	}
	var realDirs []string
	for _, d := range api {
		// A new API version has no original: its original schema is the
		// version it was copied from (below).
		if _, err := os.Stat(st.real(d)); err == nil {
			realDirs = append(realDirs, st.real(d))
		}
	}
	// The original types are the real tree's (the copy has changed);
	// the two loads are independent, so they run side by side. When no
	// Go change reaches these packages, the two are one.
	gens, err := st.generators()
	if err != nil {
		return fmt.Errorf("reading the provider's generator settings: %w", err)
	}
	var orig crdgen.Set
	var origErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		if changedAPI {
			orig, _, origErr = gens.crds(st, st.root, realDirs)
		}
	}()
	var next crdgen.Set
	var with string
	generated := async(func() { next, with, err = gens.crds(st, st.dir, api) })
	if werr := st.wait(generated, done); werr != nil {
		return werr
	}
	addGeneratorNotes(res, gens)
	if !changedAPI {
		orig = next
	}
	trace.step("CRD generation of the original and rewritten types")
	if err = errors.Join(origErr, err); err != nil {
		msg := fmt.Sprintf("controller-tools' CRD generator failed: %v", strings.ReplaceAll(err.Error(), st.dir, st.root))
		if !changedAPI {
			// Nothing changed that needs the generator; the label gate
			// still names a schema that lacks what core reads.
			trace.step("CRD check of unchanged API packages: " + msg)
			return nil
		}
		res.crds.left["of the changed API packages"] = msg
		return nil
	}
	committed := func(gk schema.GroupKind) (*crdconfig.CRD, error) {
		for _, d := range api {
			cd := crdconfig.FindConfigDir(d, st.stagedTop())
			if cd == "" {
				continue
			}
			cfg, err := config(cd)
			if err != nil {
				return nil, err
			}
			for i := range cfg.CRDs {
				if c := &cfg.CRDs[i]; c.Group == gk.Group && c.Kind == gk.Kind && c.File != "" {
					return c, nil
				}
			}
		}
		return nil, nil
	}
	keys := slices.SortedFunc(maps.Keys(next), func(a, b schema.GroupKind) int { return strings.Compare(a.String(), b.String()) })
	for _, gk := range keys {
		n := next[gk]
		// Every version: one the types did not change may still be stale.
		var changes []crdgen.VersionChange
		delta := false
		for _, v := range n.Spec.Versions {
			o := crdgen.Schema(orig[gk], v.Name)
			if nv, ok := st.newVersions[gk.Group]; ok && nv[1] == v.Name && o == nil {
				o = crdgen.Schema(orig[gk], nv[0])
			}
			if v.Schema != nil {
				changes = append(changes, crdgen.VersionChange{Version: v.Name, Original: o, Rewritten: v.Schema.OpenAPIV3Schema})
				delta = delta || !reflect.DeepEqual(o, v.Schema.OpenAPIV3Schema)
			}
		}
		if len(changes) == 0 {
			continue
		}
		c, err := committed(gk)
		if err != nil {
			return err
		}
		if c == nil {
			if delta {
				res.crds.left[n.Name] = "no committed CRD of this kind was found in a config/crd beside its API package"
			}
			continue
		}
		staged, err := st.canonical(c.File)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(st.dir, staged)
		rel = filepath.ToSlash(rel)
		original, ok := st.crdBase[staged]
		if !ok {
			if original, err = os.ReadFile(st.real(staged)); err != nil {
				return err
			}
		}
		current, err := os.ReadFile(staged)
		if err != nil {
			return err
		}
		edited, err := crdgen.EditWith(original, current, n.Name, changes, with)
		var why *crdgen.Unreproduced
		switch {
		case errors.As(err, &why):
			res.crds.left[n.Name] = fmt.Sprintf("`%s` left as it is: %s", rel, why.Reason)
			continue
		case err != nil:
			return fmt.Errorf("%s: %w", rel, err)
		case edited == nil:
			continue
		}
		if _, err := st.writeFile(staged, edited.Content); err != nil {
			return err
		}
		note := "CRD schema regenerated where the type changes touch it"
		if len(edited.Lacked) > 0 {
			note = "CRD schema regenerated where the type changes touch it or it lacked fields of the Go types (" + strings.Join(edited.Lacked, ", ") + ")"
		}
		cs.mark(staged, note+", with controller-tools' CRD generator ("+edited.Variant+")")
		res.crds.done[n.Name] = crdDone{file: rel, variant: edited.Variant, paths: edited.Paths, lacked: len(edited.Lacked) > 0}
		delete(res.crds.left, n.Name)
	}
	trace.step(fmt.Sprintf("CRD schemas: %d regenerated, %d left", len(res.crds.done), len(res.crds.left)))
	return nil
}

// importersOf is the set of staged package directories in dirs and of
// the module's packages that import one of them, directly or not: a type
// changed in a shared package changes the schemas of the API packages
// that use it.
func importersOf(graph *packageGraph, dirs []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(dirs) == 0 {
		return out, nil
	}
	pkgs, err := graph.list()
	if err != nil {
		return nil, err
	}
	changed := map[string]bool{}
	for _, d := range dirs {
		out[d], changed[d] = true, true
	}
	importers := importersIn(pkgs, changed)
	for _, p := range pkgs {
		if importers[p.ImportPath] {
			out[p.Dir] = true
		}
	}
	return out, nil
}

// goDirs lists the directories of the changed Go files a person writes:
// generated files (deepcopy, conversions) change no schema.
func goDirs(changed fileChanges) []string {
	dirs := map[string]bool{}
	for path := range changed {
		if strings.HasSuffix(path, ".go") && !strings.HasPrefix(filepath.Base(path), "zz_generated.") {
			dirs[filepath.Dir(path)] = true
		}
	}
	return slices.Sorted(maps.Keys(dirs))
}

// crdItem is the PR checklist's CRD regeneration item.
func (res *Result) crdItem(typed bool) checkItem {
	item := checkItem{title: "CRD regeneration"}
	r := res.crds
	if r == nil || (len(r.done) == 0 && len(r.left) == 0) {
		item.done = true
		if typed || len(res.fdMigrated) > 0 {
			item.summary = "the type changes change no CRD schema"
		} else {
			item.summary = "no type changed"
		}
		return item
	}
	var files []string
	for _, name := range slices.Sorted(maps.Keys(r.done)) {
		d := r.done[name]
		files = append(files, "`"+d.file+"`")
		item.details = append(item.details, fmt.Sprintf("%s (%s): %s", name, d.variant, strings.Join(d.paths, ", ")))
	}
	for _, name := range slices.Sorted(maps.Keys(r.left)) {
		item.details = append(item.details, fmt.Sprintf("%s: %s; regenerate it (`make generate-manifests` or `controller-gen crd`) and run `mpaudit rewrite` again, which then changes the labels that wait for its schema", name, r.left[name]))
	}
	item.done = len(r.left) == 0
	switch {
	case len(files) > 0 && item.done:
		what := "the schema parts the type changes touch were"
		if slices.ContainsFunc(slices.Collect(maps.Values(r.done)), func(d crdDone) bool { return d.lacked }) {
			what = "the schema parts the type changes touch, and the fields of the Go types the committed CRDs lacked, were"
		}
		item.summary = what + " regenerated with controller-tools' CRD generator and edited into " + strings.Join(files, ", ") + " (the rest of each file is as it was)"
	case len(files) > 0:
		item.summary = "regenerated in " + strings.Join(files, ", ") + "; the CRDs below were left, because their committed schema is not what controller-gen generates from the original types"
	default:
		item.summary = "left: the committed schemas are not what controller-gen generates from the original types, so mpaudit did not edit them"
	}
	return item
}

// crdManual lists the CRDs left for a person.
func (res *Result) crdManual() []string {
	if res.crds == nil {
		return nil
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(res.crds.left)) {
		out = append(out, fmt.Sprintf("Regenerate the CRD %s (e.g. `make generate-manifests` or `controller-gen crd`): %s.", name, res.crds.left[name]))
	}
	return out
}
