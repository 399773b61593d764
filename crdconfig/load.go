package crdconfig

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/boundedio"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// CRD is one CustomResourceDefinition as the provider's build emits it.
type CRD struct {
	contract.CRDInfo
	// File and Line locate the CRD base document (the file under bases/
	// that defines metadata.name); Line is the 1-based line of its
	// metadata.name (or kind). Empty if not found.
	File string
	Line int
	// LabelSources maps each label key to where its value was set: the
	// kustomization file and line of the labels/commonLabels entry, a patch
	// file, or the base file. Best effort; may be empty.
	LabelSources map[string]Source
	// Definition holds spec.versions as built (schemas, subresources); nil
	// when it could not be decoded (schema checks are then skipped).
	Definition *apiextensionsv1.CustomResourceDefinition
	// Schema answers the CRD check's questions about Definition; nil with it.
	Schema contract.CRDSchema
}

func newCRD(info contract.CRDInfo, def *apiextensionsv1.CustomResourceDefinition) CRD {
	c := CRD{CRDInfo: info, Definition: def}
	if def != nil {
		c.Schema = contract.SchemaOf(def)
	}
	return c
}

// Source is a position in a file.
type Source struct {
	File string
	Line int
}

// Result is what Load found in one config/crd directory.
type Result struct {
	// Dir is the config/crd directory (absolute).
	Dir string
	// File is the file LoadFile read (absolute); "" for a directory.
	File string
	// CRDs is sorted by Name.
	CRDs []CRD
	// Rendered is true when kustomize rendered the directory; false when
	// Load fell back to reading files itself.
	Rendered bool
	// RenderError is why rendering failed (nil when Rendered, and nil when
	// dir has no kustomization so there was nothing to render).
	RenderError error
	// Problems lists files that could not be read or parsed (in fallback
	// mode), with file names.
	Problems []string
	// Skipped names the CRDs of another apiextensions version that were
	// read but not judged, with file and line.
	Skipped []string
}

// Load renders dir with kustomize (krusty, in process, on-disk filesystem,
// no load restrictions, no plugins) and collects every
// apiextensions.k8s.io/v1 CustomResourceDefinition in the output. If
// rendering fails it falls back to reading the kustomization itself
// (resources, commonLabels, labels[].pairs, patchesStrategicMerge, patches
// and patchesJson6902 that set metadata.labels, and the CRD files' own
// labels) and sets RenderError. If dir has no kustomization it reads every
// CRD YAML file in dir and dir/bases. Load returns an error only when dir
// is not a readable directory.
func Load(dir string) (*Result, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	seen(abs)
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", abs)
	}
	if _, err := os.ReadDir(abs); err != nil {
		return nil, err
	}
	res := &Result{Dir: abs}

	w := newWalker()
	if kustomizationFile(abs) == "" {
		res.CRDs = toCRDs(w.plainDir(abs))
		res.Problems, res.Skipped = w.problems, w.skipped
		return res, nil
	}
	// The fallback reading runs either way: when rendering works it still
	// tells where each CRD and label came from.
	objs := w.build(abs, nil)
	res.Skipped = w.skipped

	var rendered []CRD
	switch {
	case w.remote:
		err = fmt.Errorf("it names remote resources, which mpaudit does not fetch")
	case w.refused:
		err = fmt.Errorf("input refused by a limit (see the problems)")
	default:
		var refused []string
		rendered, refused, err = render(abs)
		w.unread = append(w.unread, refused...)
		w.problems = append(w.problems, refused...)
	}
	if err != nil {
		res.RenderError = fmt.Errorf("kustomize build %s failed, labels were read from the files instead: %w", abs, err)
		res.CRDs = toCRDs(objs)
		res.Problems = w.problems
		return res, nil
	}
	res.Rendered = true
	// The reader's other problems are guesses kustomize settled; a file
	// it could not read is not.
	res.Problems = w.unread
	byName := map[string]*object{}
	for _, o := range objs {
		if _, dup := byName[o.info.Name]; !dup {
			byName[o.info.Name] = o
		}
	}
	for _, c := range rendered {
		info := c.CRDInfo
		c.LabelSources = map[string]Source{}
		if o := byName[info.Name]; o != nil {
			c.File, c.Line = o.file, o.line
			// Attribute only labels whose rendered value the reader agrees with.
			for k, v := range info.Labels {
				if src, ok := o.sources[k]; ok && o.info.Labels[k] == v {
					c.LabelSources[k] = src
				}
			}
		}
		res.CRDs = append(res.CRDs, c)
	}
	sortCRDs(res.CRDs)
	return res, nil
}

// LoadPath loads path as Load does when it is a directory, else as
// LoadFile does.
func LoadPath(path string) (*Result, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return Load(path)
	}
	return LoadFile(path)
}

// LoadFile reads the apiextensions.k8s.io/v1 CRDs of one YAML file, such as
// a release's infrastructure-components.yaml: other documents are skipped.
// It returns an error only when path is not a readable regular file.
func LoadFile(path string) (*Result, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	seen(abs)
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", abs)
	}
	w := newWalker()
	objs := w.readFile(abs)
	return &Result{Dir: filepath.Dir(abs), File: abs, CRDs: toCRDs(objs), Problems: w.problems, Skipped: w.skipped}, nil
}

// renderMu serialises builds: krusty sets the OpenAPI schema in a package
// global, so concurrent builds can interfere.
var renderMu sync.Mutex

// Kustomize runs `kustomize build dir` over fsys in process, one build at
// a time in the process (every caller goes through here), with no load
// restrictions (provider trees reference files outside config/crd: ../,
// shared bases) and no plugins. A panic in kustomize is returned as an
// error.
func Kustomize(fsys filesys.FileSystem, dir string) (m resmap.ResMap, err error) {
	renderMu.Lock()
	defer renderMu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	// kustomize prints deprecation warnings ("'commonLabels' is deprecated")
	// straight to os.Stderr; they are about the provider's build, not the
	// audit, and would interleave with mpaudit's own output.
	if devnull, err := os.Open(os.DevNull); err == nil {
		saved := os.Stderr
		os.Stderr = devnull
		defer func() { os.Stderr = saved; devnull.Close() }()
	}
	opts := krusty.MakeDefaultOptions()
	opts.LoadRestrictions = types.LoadRestrictionsNone
	opts.PluginConfig = types.DisabledPluginConfig()
	return krusty.MakeKustomizer(opts).Run(fsys, dir)
}

// render runs `kustomize build dir` and returns its v1 CRDs, and the
// files it was refused by an input limit.
func render(dir string) (crds []CRD, refused []string, err error) {
	fsys := &boundedFS{FileSystem: filesys.MakeFsOnDisk()}
	m, err := Kustomize(fsys, dir)
	if err != nil {
		return nil, fsys.refused, err
	}
	for _, r := range m.Resources() {
		if r.GetKind() != crdKind || r.GetApiVersion() != crdAPIVersion {
			continue
		}
		y, err := r.AsYAML()
		if err != nil {
			return nil, nil, fmt.Errorf("CRD %s: %w", r.GetName(), err)
		}
		docs, err := parseDocs(y)
		if err != nil || len(docs) != 1 {
			return nil, nil, fmt.Errorf("CRD %s: cannot re-read rendered YAML: %v", r.GetName(), err)
		}
		info, _, _, err := decodeCRD(docs[0])
		if err != nil {
			return nil, nil, fmt.Errorf("CRD %s: %w", r.GetName(), err)
		}
		crds = append(crds, newCRD(info, decodeDefinition(docs[0])))
	}
	return crds, nil, nil
}

func toCRDs(objs []*object) []CRD {
	out := make([]CRD, 0, len(objs))
	for _, o := range objs {
		c := newCRD(o.info, o.definition)
		c.File, c.Line, c.LabelSources = o.file, o.line, o.sources
		out = append(out, c)
	}
	sortCRDs(out)
	return out
}

func sortCRDs(c []CRD) {
	sort.SliceStable(c, func(i, j int) bool { return c[i].Name < c[j].Name })
}

// boundedFS gives kustomize every file it reads (kustomizations,
// resources, patches, configurations, generator inputs) within the input
// limits, before it parses or de-anchors anything.
type boundedFS struct {
	filesys.FileSystem
	refused []string
}

func (b *boundedFS) ReadFile(path string) ([]byte, error) {
	seen(path)
	data, err := boundedio.ReadYAML(path)
	b.note(err)
	return data, err
}

func (b *boundedFS) Open(path string) (filesys.File, error) {
	seen(path)
	if _, err := boundedio.ReadFile(path); err != nil {
		b.note(err)
		return nil, err
	}
	return b.FileSystem.Open(path)
}

func (b *boundedFS) IsDir(path string) bool {
	seen(path)
	return b.FileSystem.IsDir(path)
}

func (b *boundedFS) Exists(path string) bool {
	seen(path)
	return b.FileSystem.Exists(path)
}

func (b *boundedFS) ReadDir(path string) ([]string, error) {
	seen(path)
	return b.FileSystem.ReadDir(path)
}

func (b *boundedFS) CleanedAbs(path string) (filesys.ConfirmedDir, string, error) {
	seen(path)
	return b.FileSystem.CleanedAbs(path)
}

// Glob is seen as the listing of the pattern's directory; a pattern with
// meta characters above its last element is an untracked access.
func (b *boundedFS) Glob(pattern string) ([]string, error) {
	if dir := filepath.Dir(pattern); strings.ContainsAny(dir, `*?[\`) {
		seen("")
	} else {
		seen(dir)
	}
	return b.FileSystem.Glob(pattern)
}

func (b *boundedFS) Walk(path string, walkFn filepath.WalkFunc) error {
	seen("")
	return b.FileSystem.Walk(path, walkFn)
}

func (b *boundedFS) note(err error) {
	if boundedio.IsLimit(err) {
		b.refused = append(b.refused, err.Error())
	}
}

// Find is the CRD of kind in group, or of kind alone when group is
// unknown (""); nil when r has none or r is nil.
func (r *Result) Find(kind, group string) *CRD {
	if r == nil {
		return nil
	}
	var byKind *CRD
	for i := range r.CRDs {
		c := &r.CRDs[i]
		if c.Kind != kind {
			continue
		}
		if c.Group == group {
			return c
		}
		if byKind == nil {
			byKind = c
		}
	}
	if group == "" {
		return byKind
	}
	return nil
}
