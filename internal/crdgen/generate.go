// Package crdgen regenerates the parts of a committed CustomResourceDefinition
// that a change of Go API types makes stale, with controller-tools' CRD
// generator run as a library, without ever replacing the committed file by a
// fresh generation.
//
// The generator runs with the provider's crd options (GenerateWith) or as
// its pinned controller-gen (GenerateBinary), yet a committed file may
// still hold hand patches or another generator's output, so a fresh
// generation could change what it must not. Instead Generate runs the generator on the
// types before and after the change; the subtrees of a version's schema
// that differ between the two generations are what the change touched; Edit
// proves that the committed file's subtrees equal the first generation's
// (semantically, under a few generator option variants) and then replaces
// exactly those subtrees, keeping every other byte of the file. A committed
// schema that is the first generation but for fields it lacks (stale: made
// from older types) is completed with them in the same edit.
package crdgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/controller-tools/pkg/crd"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/internal/genroots"
	"github.com/mpaudit/mpaudit/internal/gentool"
)

// Set is the CRDs one generation produced, by group and kind; each holds
// the versions of the packages loaded.
type Set map[schema.GroupKind]*apiextv1.CustomResourceDefinition

// memOutput keeps the generator's files in memory.
type memOutput struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer
}

type memFile struct{ *bytes.Buffer }

func (memFile) Close() error { return nil }

func (m *memOutput) Open(_ *loader.Package, item string) (io.WriteCloser, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := &bytes.Buffer{}
	m.files[item] = b
	return memFile{b}, nil
}

// groupMarker is the package marker controller-gen needs to make CRDs of a
// package's types.
const groupMarker = "+groupName="

// APIPackageDirs keeps the directories holding a Go file with a
// +groupName package marker: the packages controller-gen makes CRDs of.
func APIPackageDirs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err == nil && bytes.Contains(data, []byte(groupMarker)) {
				out = append(out, d)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// Generate runs controller-tools' CRD generator (controller-gen crd with
// its default options) on the packages in dirs, loaded from the module at
// moduleDir, and returns what it produced. The CRDs carry the versions of
// the packages in dirs only.
func Generate(moduleDir string, dirs []string) (Set, error) {
	return GenerateWith(context.Background(), moduleDir, dirs, "")
}

// GenerateContext is Generate whose package loading stops when ctx ends.
func GenerateContext(ctx context.Context, moduleDir string, dirs []string) (Set, error) {
	return GenerateWith(ctx, moduleDir, dirs, "")
}

// GenerateWith is GenerateContext with the crd generator's options as the
// provider's controller-gen invocation gives them ("crd:maxDescLen=0",
// "crd:generateEmbeddedObjectMeta=true"); "" or "crd" are the defaults.
func GenerateWith(ctx context.Context, moduleDir string, dirs []string, options string) (Set, error) {
	out := Set{}
	if len(dirs) == 0 {
		return out, nil
	}
	crdGen, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	var g genall.Generator = crdGen
	rt, err := genall.Generators{&g}.ForRootsWithConfig(&packages.Config{Context: ctx, Dir: moduleDir}, genroots.Of(moduleDir, dirs)...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(dirs, ", "), err)
	}
	mem := &memOutput{files: map[string]*bytes.Buffer{}}
	// Run the generator as genall.Runtime.Run does, but collect the
	// packages' errors instead of printing them.
	gen := rt.GenerationContext
	gen.OutputRule = mem
	if err := g.Generate(&gen); err != nil {
		return nil, fmt.Errorf("controller-tools' CRD generator on %s: %w", strings.Join(dirs, ", "), err)
	}
	if msgs := packageErrors(gen.Roots); len(msgs) > 0 {
		return nil, fmt.Errorf("controller-tools' CRD generator on %s: %s", strings.Join(dirs, ", "), strings.Join(msgs, "; "))
	}
	for name, b := range mem.files {
		var c apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(b.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("reading the generated %s: %w", name, err)
		}
		out[schema.GroupKind{Group: c.Spec.Group, Kind: c.Spec.Names.Kind}] = &c
	}
	return out, nil
}

// ParseOptions reads the crd generator's options as controller-gen does,
// with the generator's own marker definition.
func ParseOptions(options string) (crd.Generator, error) {
	if options == "" {
		return crd.Generator{}, nil
	}
	reg := &markers.Registry{}
	defn, err := markers.MakeDefinition("crd", markers.DescribesPackage, crd.Generator{})
	if err != nil {
		return crd.Generator{}, err
	}
	if err := reg.Register(defn); err != nil {
		return crd.Generator{}, err
	}
	raw := "+" + strings.TrimPrefix(options, "+")
	d := reg.Lookup(raw, markers.DescribesPackage)
	if d == nil {
		return crd.Generator{}, fmt.Errorf("controller-gen option %q is not the crd generator's", options)
	}
	v, err := d.Parse(raw)
	if err != nil {
		return crd.Generator{}, fmt.Errorf("controller-gen option %q: %w", options, err)
	}
	gen, ok := v.(crd.Generator)
	if !ok {
		return crd.Generator{}, fmt.Errorf("controller-gen option %q: unexpected %T", options, v)
	}
	return gen, nil
}

// GenerateBinary is GenerateWith with a controller-gen binary (the
// provider's pinned version), its CRDs read from its standard output.
func GenerateBinary(ctx context.Context, bin, moduleDir string, dirs []string, options string, env []string) (Set, error) {
	out := Set{}
	if len(dirs) == 0 {
		return out, nil
	}
	if options == "" {
		options = "crd"
	}
	args := []string{options}
	for _, d := range dirs {
		args = append(args, "paths="+d)
	}
	args = append(args, "output:crd:stdout")
	data, stderr, err := gentool.Output(ctx, bin, moduleDir, env, args)
	if err != nil && (ctx.Err() != nil || !onlyPartialVersions(stderr)) {
		return nil, fmt.Errorf("controller-gen's CRD generator on %s: %w", strings.Join(dirs, ", "), err)
	}
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for {
		doc, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading controller-gen's output: %w", err)
		}
		if len(bytes.TrimSpace(doc)) == 0 {
			continue
		}
		var c apiextv1.CustomResourceDefinition
		if err := yaml.Unmarshal(doc, &c); err != nil {
			return nil, fmt.Errorf("reading controller-gen's output: %w", err)
		}
		if c.Spec.Names.Kind != "" {
			out[schema.GroupKind{Group: c.Spec.Group, Kind: c.Spec.Names.Kind}] = &c
		}
	}
	return out, nil
}

// onlyPartialVersions reports whether every error controller-gen printed
// is one packageErrors skips: a CRD without a storage or served version
// among the versions loaded.
func onlyPartialVersions(stderr []byte) bool {
	found := false
	for line := range strings.SplitSeq(string(stderr), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "Error: not all generators ran successfully") || strings.HasPrefix(line, "run `controller-gen"):
		case strings.Contains(line, "has no storage version") || strings.Contains(line, "does not serve any version"):
			found = true
		default:
			return false
		}
	}
	return found
}

// packageErrors lists the errors the generator recorded on the loaded
// packages. Type errors are skipped, as controller-gen skips them (partial
// type checking). So are a CRD without a storage or served version: only
// the changed versions of a group are loaded, so the generator sees a
// subset of the versions that decide these.
func packageErrors(roots []*loader.Package) []string {
	return LoadErrors(roots, func(msg string) bool {
		return strings.Contains(msg, "has no storage version") || strings.Contains(msg, "does not serve any version")
	})
}

// LoadErrors are the errors other than type errors recorded on roots and
// the packages they import, but those skip says to leave out.
func LoadErrors(roots []*loader.Package, skip func(msg string) bool) []string {
	raw := make([]*packages.Package, len(roots))
	for i, r := range roots {
		raw[i] = r.Package
	}
	var out []string
	packages.Visit(raw, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if e.Kind == packages.TypeError || skip != nil && skip(e.Msg) {
				continue
			}
			out = append(out, e.Error())
		}
	})
	return out
}

// Schema returns the schema of version in c, or nil.
func Schema(c *apiextv1.CustomResourceDefinition, version string) *apiextv1.JSONSchemaProps {
	if c == nil {
		return nil
	}
	for _, v := range c.Spec.Versions {
		if v.Name == version && v.Schema != nil {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// Variant is a generator option set a provider may have used; its
// difference from the defaults is applied to a default generation.
type Variant struct {
	Name string
	// MaxDescLen is crd:maxDescLen (nil: descriptions kept).
	MaxDescLen *int
}

// Variants are the option sets tried, in order: controller-gen's defaults,
// then crd:maxDescLen=0 (descriptions dropped, common in providers whose
// CRDs would otherwise exceed an annotation's size limit).
var Variants = []Variant{
	{Name: "descriptions kept"},
	{Name: "crd:maxDescLen=0", MaxDescLen: new(0)},
}

// apply returns s as generated with the variant's options: the generator
// truncates the flattened schema with crd.TruncateDescription, the same
// function applied here.
func (v Variant) apply(s *apiextv1.JSONSchemaProps) (any, error) {
	if s == nil {
		return nil, nil
	}
	if v.MaxDescLen != nil {
		s = s.DeepCopy()
		crd.TruncateDescription(s, *v.MaxDescLen)
	}
	return generic(s)
}

// generic turns a value into the JSON shape (maps, slices, float64) YAML
// documents are compared in.
func generic(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	return out, json.Unmarshal(data, &out)
}
