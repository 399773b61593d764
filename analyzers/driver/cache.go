package driver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/report"
)

// The result cache lets `check` over an unchanged tree skip loading and
// analysis. An entry is found by a key over everything known before the
// run (the executable, the options, the go command's environment and the
// content of every Go file and go.mod the packages come from), and holds
// the other files the run read (CRDs, kustomizations, patches: recorded
// by crdconfig) with their content: the entry is used only while those
// are unchanged too. Anything uncertain means no entry is written; any
// cache error means an uncached run.

// EnvCache names the cache directory; "off" disables the cache.
const EnvCache = "MPAUDIT_CACHE"

const (
	cacheFormat     = "mpaudit check cache v2"
	cacheMaxEntries = 64
	// cacheMaxEntrySize bounds what a lookup reads; larger entries are not
	// written.
	cacheMaxEntrySize = 64 << 20
)

// DefaultCacheDir is where check keeps results: $MPAUDIT_CACHE, else
// os.UserCacheDir()/mpaudit/check; "" when the cache is off or there is no
// cache directory.
func DefaultCacheDir() string {
	switch v := os.Getenv(EnvCache); v {
	case "off":
		return ""
	case "":
		d, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(d, "mpaudit", "check")
	default:
		abs, err := filepath.Abs(v)
		if err != nil {
			return ""
		}
		return abs
	}
}

// runCached is Run through the cache in opts.CacheDir; hit says whether
// the report came from it.
func runCached(opts Options, tr *tracer) (rep *report.Report, hit bool, err error) {
	k, err := cacheKey(opts)
	tr.step("cache key")
	if err != nil {
		tr.step("cache off: %v", err)
		rep, _, err := run(opts, false)
		return rep, false, err
	}
	entryPath := filepath.Join(opts.CacheDir, k.id+".json")
	if rep := lookup(entryPath, k.id); rep != nil {
		tr.step("cache hit")
		return rep, true, nil
	}
	rec := &recorder{paths: map[string]bool{}}
	stop := crdconfig.Observe(rec.add)
	rep, _, err = run(opts, false)
	stop()
	if err != nil {
		return nil, false, err
	}
	if why := storable(rep, rec, k); why != "" {
		tr.step("not cached: %s", why)
		return rep, false, nil
	}
	if err := store(opts.CacheDir, entryPath, k.id, rec, rep); err != nil {
		tr.step("not cached: %v", err)
	}
	return rep, false, nil
}

// key is an entry's identity and the Go inputs it was computed from.
type key struct {
	id string
	// files are the local Go inputs' content hashes, rechecked after the
	// run: a file edited meanwhile may be what the run saw.
	files map[string]string
}

// listFields are the go list fields the key needs: no -export, no
// compilation, so go list does not build anything.
const listFields = "ImportPath,Dir,Standard,GoFiles,CgoFiles,CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles," +
	"SwigFiles,SwigCXXFiles,SysoFiles,EmbedFiles,IgnoredGoFiles,IgnoredOtherFiles,TestGoFiles,XTestGoFiles," +
	"TestEmbedFiles,XTestEmbedFiles,Module,Error,DepsErrors"

type listedModule struct {
	Path    string
	Version string
	Dir     string
	GoMod   string
	Main    bool
	Replace *listedModule
}

type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *listedModule
	Error      *struct{ Err string }
	DepsErrors []struct{ Err string }

	GoFiles, CgoFiles, CFiles, CXXFiles, MFiles, HFiles, FFiles, SFiles           []string
	SwigFiles, SwigCXXFiles, SysoFiles, EmbedFiles, IgnoredGoFiles                []string
	IgnoredOtherFiles, TestGoFiles, XTestGoFiles, TestEmbedFiles, XTestEmbedFiles []string
}

func (p *listedPackage) files() []string {
	return slices.Concat(p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.MFiles, p.HFiles, p.FFiles, p.SFiles,
		p.SwigFiles, p.SwigCXXFiles, p.SysoFiles, p.EmbedFiles, p.IgnoredGoFiles, p.IgnoredOtherFiles,
		p.TestGoFiles, p.XTestGoFiles, p.TestEmbedFiles, p.XTestEmbedFiles)
}

// goEnvVars are what the go command resolves that decides which files
// build and how: go env answers with GOFLAGS, go.env and GOENV applied.
var goEnvVars = []string{"GOVERSION", "GOROOT", "GOMODCACHE", "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED",
	"GOEXPERIMENT", "GOWORK", "GOTOOLCHAIN", "GOAMD64", "GOARM64", "GOARM", "GO386", "GOPATH", "GOINSECURE",
	"GOPROXY", "GONOSUMDB", "GOPRIVATE"}

// cacheKey runs `go env` and `go list -deps` (without -export) and hashes
// what decides the report. An error means: do not use the cache.
func cacheKey(opts Options) (*key, error) {
	base, err := moduleDir(opts.Dir)
	if err != nil {
		return nil, err
	}
	gomod, ok := contract.FindGoMod(base)
	if !ok {
		return nil, errors.New("no go.mod")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	exeInfo, err := os.Stat(exe)
	if err != nil {
		return nil, err
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var (
		envOut, listOut []byte
		envErr, listErr error
		wg              sync.WaitGroup
	)
	wg.Go(func() { envOut, envErr = goCmd(ctx, opts, append([]string{"env", "-json"}, goEnvVars...)...) })
	wg.Go(func() {
		args := []string{"list", "-e", "-deps", "-json=" + listFields}
		if opts.Tests {
			args = append(args, "-test")
		}
		args = append(args, "--")
		lay := newLayout(base)
		args = append(args, lay.patterns(base, opts.Patterns)...)
		// Every package of the module: pool types and CRD directories are
		// found through packages the patterns may not import.
		args = append(args, filepath.Dir(gomod)+string(filepath.Separator)+"...")
		for _, m := range lay.locals {
			args = append(args, m.Path+"/...")
		}
		listOut, listErr = goCmd(ctx, opts, args...)
	})
	wg.Wait()
	if envErr != nil {
		return nil, envErr
	}
	if listErr != nil {
		return nil, listErr
	}
	var goEnv map[string]string
	if err := json.Unmarshal(envOut, &goEnv); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}

	h := sha256.New()
	line := func(parts ...any) { fmt.Fprintln(h, parts...) }
	line(cacheFormat)
	line("exe", exe, exeInfo.Size(), exeInfo.ModTime().UnixNano())
	line("dir", base)
	// Where config/crd and metadata.yaml are searched up to depends on the
	// go.mod files above base too.
	line("repo", contract.RepoRoot(base))
	line("patterns", len(opts.Patterns), strings.Join(opts.Patterns, "\x00"))
	line("capi", opts.CAPIVersion, "tests", opts.Tests, "relabel", opts.Relabel, "raise", opts.RaiseCAPI, "moving", fmt.Sprint(opts.MovingFields), "maxsize", boundedio.MaxSize())
	line("optenv", strings.Join(opts.Env, "\x00"))
	for _, k := range slices.Sorted(maps.Keys(opts.KindOverrides)) {
		line("kind", k, opts.KindOverrides[k])
	}
	line("path", os.Getenv("PATH"))
	for _, kv := range os.Environ() {
		// The go command's and mpaudit's own settings; the cache's own
		// and tracing do not change the report.
		name, _, _ := strings.Cut(kv, "=")
		if (strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") || strings.HasPrefix(name, "MPAUDIT_")) &&
			name != EnvCache && name != "MPAUDIT_TRACE" {
			line("env", kv)
		}
	}
	for _, v := range goEnvVars {
		line("goenv", v, goEnv[v])
	}
	modcache := goEnv["GOMODCACHE"]
	inModCache := func(m *listedModule) bool {
		return m != nil && m.Version != "" && modcache != "" && strings.HasPrefix(m.Dir, modcache+string(filepath.Separator))
	}

	k := &key{files: map[string]string{}}
	local := []string{gomod, filepath.Join(filepath.Dir(gomod), "go.sum")}
	if w := goEnv["GOWORK"]; w != "" && w != "off" {
		local = append(local, w, w+".sum")
	}
	dec := json.NewDecoder(bytes.NewReader(listOut))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		if p.Error != nil || len(p.DepsErrors) > 0 {
			return nil, fmt.Errorf("go list: package %s does not load", p.ImportPath)
		}
		line("pkg", p.ImportPath, p.Standard)
		m := p.Module
		switch {
		case p.Standard:
			continue // GOROOT and GOVERSION name it
		case inModCache(m):
			// go.sum fixes a module cache directory's content.
			line("mod", m.Path, m.Version)
			if m.Replace != nil {
				line("replace", m.Replace.Path, m.Replace.Version)
			}
			continue
		}
		if m != nil && m.GoMod != "" {
			local = append(local, m.GoMod)
		}
		for _, f := range p.files() {
			local = append(local, filepath.Join(p.Dir, f))
		}
	}
	slices.Sort(local)
	local = slices.Compact(local)
	sums, err := hashFiles(local)
	if err != nil {
		return nil, err
	}
	for i, f := range local {
		line("file", f, sums[i])
		k.files[f] = sums[i]
	}
	k.id = hex.EncodeToString(h.Sum(nil))
	return k, nil
}

func goCmd(ctx context.Context, opts Options, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = opts.Dir
	if opts.Env != nil {
		cmd.Env = opts.Env
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// hashFiles fingerprints files in parallel, in order.
func hashFiles(files []string) ([]string, error) {
	sums := make([]string, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, f := range files {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			sums[i], errs[i] = fingerprint(f)
		})
	}
	wg.Wait()
	return sums, errors.Join(errs...)
}

// fingerprint describes what a run could learn from path: absent, a
// directory's listing, a regular file's content, a symlink's target. Any
// other error is a doubt.
func fingerprint(path string) (string, error) {
	lst, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "absent", nil
	}
	if err != nil {
		return "", err
	}
	prefix := ""
	if lst.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		prefix = "link " + target + " "
		if lst, err = os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return prefix + "dangling", nil
		} else if err != nil {
			return "", err
		}
	}
	switch mode := lst.Mode(); {
	case mode.IsDir():
		entries, err := os.ReadDir(path)
		if err != nil {
			return "", err
		}
		h := sha256.New()
		for _, e := range entries {
			fmt.Fprintf(h, "%s %v\n", e.Name(), e.Type())
		}
		return prefix + "dir " + hex.EncodeToString(h.Sum(nil)), nil
	case mode.IsRegular():
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return "", err
		}
		return prefix + "file " + hex.EncodeToString(h.Sum(nil)), nil
	default: // never opened: a FIFO would block
		return prefix + "other " + mode.String(), nil
	}
}

// recorder collects the paths crdconfig touched during a run.
type recorder struct {
	mu        sync.Mutex
	paths     map[string]bool
	untracked bool
}

func (r *recorder) add(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if path == "" {
		r.untracked = true
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		r.paths[abs] = true
	} else {
		r.untracked = true
	}
}

// storable says why rep must not be cached, or "".
func storable(rep *report.Report, rec *recorder, k *key) string {
	switch {
	case len(rep.Problems) > 0:
		return "the report lists problems"
	case rep.Target.LocalTree != "":
		return "the core target was read from a local Cluster API tree"
	case rec.untracked:
		return "an input was read that cannot be tracked"
	}
	files := slices.Sorted(func(yield func(string) bool) {
		for f := range k.files {
			if !yield(f) {
				return
			}
		}
	})
	sums, err := hashFiles(files)
	if err != nil {
		return err.Error()
	}
	for i, f := range files {
		if sums[i] != k.files[f] {
			return f + " changed during the run"
		}
	}
	return ""
}

// entry is one cached report and the non-Go inputs it depends on.
type entry struct {
	Format string          `json:"format"`
	Key    string          `json:"key"`
	Inputs []input         `json:"inputs"`
	Report json.RawMessage `json:"report"`
}

type input struct {
	Path string `json:"path"`
	Sum  string `json:"sum"`
}

// lookup returns the cached report if the entry is intact and its inputs
// are unchanged; nil otherwise.
func lookup(path, id string) *report.Report {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, cacheMaxEntrySize+1))
	if err != nil || len(data) > cacheMaxEntrySize {
		return nil
	}
	var e entry
	if err := json.Unmarshal(data, &e); err != nil || e.Format != cacheFormat || e.Key != id {
		return nil
	}
	for _, in := range e.Inputs {
		if sum, err := fingerprint(in.Path); err != nil || sum != in.Sum {
			return nil
		}
	}
	var rep report.Report
	if err := json.Unmarshal(e.Report, &rep); err != nil {
		return nil
	}
	now := time.Now()
	_ = os.Chtimes(path, now, now) // recently used entries are trimmed last
	return &rep
}

// store writes the entry atomically (a temporary file renamed into
// place), then trims the directory to the newest entries.
func store(dir, path, id string, rec *recorder, rep *report.Report) error {
	e := entry{Format: cacheFormat, Key: id}
	paths := make([]string, 0, len(rec.paths))
	for p := range rec.paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	sums, err := hashFiles(paths)
	if err != nil {
		return err
	}
	for i, p := range paths {
		e.Inputs = append(e.Inputs, input{Path: p, Sum: sums[i]})
	}
	if e.Report, err = json.Marshal(rep); err != nil {
		return err
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if len(data) > cacheMaxEntrySize {
		return errors.New("report too large to cache")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	trim(dir, cacheMaxEntries)
	return nil
}

// trim removes all but the newest keep entries, and temporary files an
// interrupted store left over an hour ago.
func trim(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type aged struct {
		path string
		mod  time.Time
	}
	var list []aged
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), ".tmp-"):
			if time.Since(info.ModTime()) > time.Hour {
				os.Remove(p)
			}
		case strings.HasSuffix(e.Name(), ".json"):
			list = append(list, aged{p, info.ModTime()})
		}
	}
	if len(list) <= keep {
		return
	}
	sort.Slice(list, func(i, j int) bool { return list[i].mod.After(list[j].mod) })
	for _, a := range list[keep:] {
		os.Remove(a.path)
	}
}
