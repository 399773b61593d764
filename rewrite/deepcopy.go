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
	// One loader run per license header: packages sharing a header (the
	// usual case) are generated together.
	byHeader := map[string][]string{}
	for _, dir := range stagedDirs {
		header, err := existingHeader(filepath.Join(dir, deepcopyFile))
		if err != nil {
			return nil, err
		}
		byHeader[header] = append(byHeader[header], dir)
	}
	out := map[string][]byte{}
	for header, dirs := range byHeader {
		headerFile := ""
		if header != "" {
			f, err := os.CreateTemp("", "mpaudit-header-*.txt")
			if err != nil {
				return nil, err
			}
			f.WriteString(header)
			f.Close()
			headerFile = f.Name()
			defer os.Remove(headerFile)
		}
		var gen genall.Generator = deepcopy.Generator{HeaderFile: headerFile}
		rt, err := genall.Generators{&gen}.ForRootsWithConfig(&packages.Config{Dir: dirs[0]}, dirs...)
		if err != nil {
			return nil, fmt.Errorf("deepcopy for %s: %w", strings.Join(dirs, ", "), err)
		}
		mem := &memOutput{files: map[string]*bytes.Buffer{}}
		rt.OutputRules = genall.OutputRules{Default: mem}
		var errs bytes.Buffer
		rt.ErrorWriter = &errs
		if rt.Run() {
			return nil, fmt.Errorf("deepcopy for %s: %s", strings.Join(dirs, ", "), strings.TrimSpace(errs.String()))
		}
		for path, b := range mem.files {
			out[path] = b.Bytes()
		}
	}
	return out, nil
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
