package rewrite

import (
	"bytes"
	"context"
	"fmt"
	"go/build/constraint"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/loader"

	"github.com/mpaudit/mpaudit/internal/crdgen"
	"github.com/mpaudit/mpaudit/internal/genconfig"
	"github.com/mpaudit/mpaudit/internal/genroots"
	"github.com/mpaudit/mpaudit/internal/gentool"
)

const deepcopyFile = "zz_generated.deepcopy.go"

// memOutput captures controller-tools' generated files in memory.
type memOutput struct {
	mu    sync.Mutex
	files map[string]*bytes.Buffer // package dir/item -> content
}

type memFile struct{ *bytes.Buffer }

func (memFile) Close() error { return nil }

func (m *memOutput) Open(pkg *loader.Package, item string) (io.WriteCloser, error) {
	if pkg == nil || len(pkg.GoFiles) == 0 {
		return nil, fmt.Errorf("deepcopy output %s has no package", item)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	path := filepath.Join(filepath.Dir(pkg.GoFiles[0]), item)
	b := &bytes.Buffer{}
	m.files[path] = b
	return memFile{b}, nil
}

// regenerateDeepcopy runs controller-gen's deepcopy generator, as a library,
// on the staged package directories and returns the new
// zz_generated.deepcopy.go contents keyed by staged path. The license header
// of each existing file is kept.
func regenerateDeepcopy(ctx context.Context, root string, cfg *genconfig.Config, stagedDirs []string) (map[string][]byte, error) {
	return deepcopyWith(ctx, nil, root, cfg, stagedDirs)
}

// deepcopyWith is regenerateDeepcopy run as the generator choice says:
// the provider's pinned controller-gen, or the linked library (nil).
func deepcopyWith(ctx context.Context, run *gentool.Choice, root string, cfg *genconfig.Config, stagedDirs []string) (map[string][]byte, error) {
	if len(stagedDirs) == 0 {
		return map[string][]byte{}, nil
	}
	// One loader run whatever the headers: loading is most of the cost.
	gen := &deepcopyPerHeader{headers: map[string]string{}, years: map[string]string{}}
	files := map[string]string{} // header -> file holding it
	for _, dir := range stagedDirs {
		rel, _ := filepath.Rel(root, dir)
		if obj, ok := cfg.Object(filepath.ToSlash(rel)); ok {
			// The provider's controller-gen run says which header file.
			gen.years[resolvedDir(dir)] = obj.Year
			if obj.HeaderFile.Value == "" {
				continue
			}
			if path := filepath.Join(root, filepath.FromSlash(obj.HeaderFile.Value)); fileExists(path) {
				gen.headers[resolvedDir(dir)] = path
				continue
			}
		}
		header, err := existingHeader(filepath.Join(dir, deepcopyFile))
		if err != nil {
			return nil, err
		}
		if header == "" {
			continue
		}
		if files[header] == "" {
			f, err := os.CreateTemp("", "mpaudit-header-*.txt")
			if err != nil {
				return nil, err
			}
			_, werr := f.WriteString(header)
			cerr := f.Close()
			defer os.Remove(f.Name())
			if werr != nil || cerr != nil {
				return nil, fmt.Errorf("writing the deepcopy header: %v %v", werr, cerr)
			}
			files[header] = f.Name()
		}
		gen.headers[resolvedDir(dir)] = files[header]
	}
	if run != nil && run.Binary != nil {
		return deepcopyBinary(ctx, run.Binary.Path, root, gen.headers, gen.years, stagedDirs)
	}
	var g genall.Generator = gen
	rt, err := genall.Generators{&g}.ForRootsWithConfig(&packages.Config{Context: ctx, Dir: stagedDirs[0]}, genroots.Of(stagedDirs[0], stagedDirs)...)
	if err != nil {
		return nil, fmt.Errorf("deepcopy for %s: %w", strings.Join(stagedDirs, ", "), err)
	}
	// Run prints the packages' load errors to standard error and returns
	// only that it failed: they are the error's reason instead.
	if errs := crdgen.LoadErrors(rt.Roots, nil); len(errs) > 0 {
		return nil, fmt.Errorf("deepcopy for %s: the packages do not load: %s", strings.Join(stagedDirs, ", "), strings.Join(errs, "; "))
	}
	mem := &memOutput{files: map[string]*bytes.Buffer{}}
	rt.OutputRules = genall.OutputRules{Default: mem}
	var errs bytes.Buffer
	rt.ErrorWriter = &errs
	if rt.Run() {
		return nil, fmt.Errorf("deepcopy for %s: %s", strings.Join(stagedDirs, ", "), strings.TrimSpace(errs.String()))
	}
	out := map[string][]byte{}
	for path, b := range mem.files {
		out[path] = b.Bytes()
	}
	return out, nil
}

// deepcopyPerHeader is controller-tools' deepcopy generator run on each root
// with the header file of its package (headers: package dir -> file, none
// when absent), so packages with different headers share one load.
type deepcopyPerHeader struct {
	deepcopy.Generator
	headers, years map[string]string
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func (g *deepcopyPerHeader) Generate(ctx *genall.GenerationContext) error {
	for _, root := range ctx.Roots {
		one := *ctx
		one.Roots = []*loader.Package{root}
		header, year := "", ""
		if len(root.GoFiles) > 0 {
			header = g.headers[resolvedDir(filepath.Dir(root.GoFiles[0]))]
			year = g.years[resolvedDir(filepath.Dir(root.GoFiles[0]))]
		}
		if err := (deepcopy.Generator{HeaderFile: header, Year: year}).Generate(&one); err != nil {
			return err
		}
	}
	return nil
}

// resolvedDir names a directory the same way whether go list or the
// caller spelled it (a temporary directory may be reached through a link).
func resolvedDir(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// existingHeader returns the comment block before "// Code generated".
func existingHeader(path string) (string, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	i := bytes.Index(data, []byte("// Code generated"))
	if i <= 0 {
		return "", nil
	}
	// controller-gen writes its own build constraint.
	var kept []string
	for line := range strings.SplitSeq(string(data[:i]), "\n") {
		if !strings.HasPrefix(line, "//go:build") && !strings.HasPrefix(line, "// +build") {
			kept = append(kept, line)
		}
	}
	header := strings.TrimSpace(strings.Join(kept, "\n"))
	if header == "" {
		return "", nil
	}
	return header + "\n", nil
}

// deepcopyDirs lists the changed directories whose zz_generated.deepcopy.go
// controller-gen made. Another generator's file is left alone
// (controller-gen would skip the types it already covers) and listed for a
// person.
func deepcopyDirs(st *stage, cs *changeSet, res *Result) []string {
	dirs := map[string]bool{}
	for path := range cs.files {
		d := filepath.Dir(path)
		data, err := os.ReadFile(filepath.Join(d, deepcopyFile))
		if err != nil {
			continue
		}
		if !bytes.Contains(data, []byte("Code generated by controller-gen")) {
			rel, _ := filepath.Rel(st.dir, filepath.Join(d, deepcopyFile))
			res.Manual = append(res.Manual, "regenerate "+filepath.ToSlash(rel)+" (it was not made by controller-gen, so mpaudit did not replace it)")
			continue
		}
		dirs[d] = true
	}
	return slices.Sorted(maps.Keys(dirs))
}

// hiddenFrom reports whether the build constraint of every deepcopy file
// in dirs excludes it under each of the tags (conversion-gen's build
// tags, which it loads packages with).
func hiddenFrom(dirs, tags []string) bool {
	for _, d := range dirs {
		data, err := os.ReadFile(filepath.Join(d, deepcopyFile))
		if err != nil {
			return false
		}
		var expr constraint.Expr
		for line := range strings.Lines(string(data)) {
			line = strings.TrimSpace(line)
			if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
				expr, _ = constraint.Parse(line)
				break
			}
			if strings.HasPrefix(line, "package ") {
				break
			}
		}
		if expr == nil {
			return false
		}
		for _, tag := range tags {
			if tag == "" {
				tag = genconfig.DefaultBuildTag
			}
			if expr.Eval(func(t string) bool { return t == tag }) {
				return false
			}
		}
	}
	return true
}

// writeDeepcopy writes the regenerated files that differ from the copy's.
func writeDeepcopy(st *stage, generated map[string][]byte, cs *changeSet) error {
	for _, path := range slices.Sorted(maps.Keys(generated)) {
		content := generated[path]
		old, _ := os.ReadFile(path)
		if bytes.Equal(old, content) {
			continue
		}
		path, err := st.writeFile(path, content)
		if err != nil {
			return err
		}
		cs.mark(path, "regenerated with controller-tools' deepcopy generator")
	}
	return nil
}

// regenerate refreshes zz_generated.deepcopy.go in every directory cs
// changed and zz_generated.conversion.go in every package conversion-gen
// made whose types cs changed, and marks what it writes in cs. Both generators load the module from source on one core
// each, so they run side by side. That is sound because neither writes
// until both are done and neither reads what the other produces:
// conversion-gen loads with its build tag, which hides the deepcopy files
// when their constraint excludes it (checked: with the provider's own tag
// it may not, and then deepcopy runs and writes first, as in make
// generate), and deepcopy reads the conversion file as it was, as it did
// when it ran first.
//
// Both run with the settings the provider's Makefile gives them
// (genconfig), at the versions it pins (gentool: the linked library when
// that is the version, else the pinned binary built, else the library
// with the reason); res.Generators says which.
func regenerate(st *stage, cs *changeSet, res *Result, trace *tracer) error {
	gens, err := st.generators()
	if err != nil {
		return fmt.Errorf("reading the provider's generator settings: %w", err)
	}
	cfg := gens.cfg
	dirs := deepcopyDirs(st, cs, res)
	conv, err := planConversions(st, cs.files, cfg)
	if err != nil {
		return err
	}
	var object *gentool.Choice
	if len(dirs) > 0 {
		object = gens.choose(st, gentool.ControllerGen)
	}
	if conv != nil {
		conv.run = gens.choose(st, gentool.ConversionGen)
	}
	res.Generators = generatorsNote(cfg, conv, gens.notes())
	// A pinned binary writes in place (then puts the file back), which a
	// generator loading beside it must not see: one after the other then.
	tagged := conv == nil || (hiddenFrom(dirs, conv.buildTags()) && conv.run.Binary == nil && (object == nil || object.Binary == nil))
	var deepcopied map[string][]byte
	var deepcopyErr error
	deepcopyDone := make(chan struct{})
	go func() {
		defer close(deepcopyDone)
		deepcopied, deepcopyErr = deepcopyWith(st.context(), object, st.dir, cfg, dirs)
	}()
	if conv == nil || !tagged {
		if err := st.wait(deepcopyDone); err != nil {
			return err
		}
		if deepcopyErr != nil {
			return deepcopyErr
		}
		if err := writeDeepcopy(st, deepcopied, cs); err != nil {
			return err
		}
		trace.step("deepcopy")
		if conv == nil {
			return nil
		}
	}
	var converted map[string][]byte
	var convErr error
	rendered := async(func() { converted, convErr = conv.render(st.context(), st) })
	if err := st.wait(rendered, deepcopyDone); err != nil {
		return err // the generators' errors may be its
	}
	if deepcopyErr != nil {
		return deepcopyErr
	}
	if tagged {
		if err := writeDeepcopy(st, deepcopied, cs); err != nil {
			return err
		}
	}
	if convErr != nil {
		return convErr
	}
	if err := conv.finish(st, converted, cs, res); err != nil {
		return err
	}
	trace.step("deepcopy and conversions")
	return nil
}

// generatorsNote is the line the pull request body gives the generators:
// the provider's settings used, where they came from, and the versions.
func generatorsNote(cfg *genconfig.Config, conv *conversionRun, runs []string) string {
	var flags []genconfig.ConversionGen
	if conv != nil {
		flags = conv.flags
	}
	return cfg.Summary(flags, runs)
}

// linkedVersions stands for the build information a test binary lacks.
var linkedVersions = map[string]string{}

// linkedVersion is the version of a module linked into this binary.
func linkedVersion(path string) string {
	if v, ok := linkedVersions[path]; ok {
		return v
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == path {
				return d.Version
			}
		}
	}
	return "(version unknown)"
}
