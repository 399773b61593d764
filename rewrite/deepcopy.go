package rewrite

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/loader"
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
func regenerateDeepcopy(stagedDirs []string) (map[string][]byte, error) {
	if len(stagedDirs) == 0 {
		return map[string][]byte{}, nil
	}
	// One loader run whatever the headers: loading is most of the cost.
	gen := &deepcopyPerHeader{headers: map[string]string{}}
	files := map[string]string{} // header -> file holding it
	for _, dir := range stagedDirs {
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
	var g genall.Generator = gen
	rt, err := genall.Generators{&g}.ForRootsWithConfig(&packages.Config{Dir: stagedDirs[0]}, stagedDirs...)
	if err != nil {
		return nil, fmt.Errorf("deepcopy for %s: %w", strings.Join(stagedDirs, ", "), err)
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
	headers map[string]string
}

func (g *deepcopyPerHeader) Generate(ctx *genall.GenerationContext) error {
	for _, root := range ctx.Roots {
		one := *ctx
		one.Roots = []*loader.Package{root}
		header := ""
		if len(root.GoFiles) > 0 {
			header = g.headers[resolvedDir(filepath.Dir(root.GoFiles[0]))]
		}
		if err := (deepcopy.Generator{HeaderFile: header}).Generate(&one); err != nil {
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
