package rewrite

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	gobuild "go/build"
	"go/build/constraint"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// buildConfig is one way the go command selects the module's files: a
// target platform, cgo on or off, and build tags.
type buildConfig struct {
	goos, goarch string
	cgo          bool
	tags         []string // sorted
	// isDefault is the go command's own configuration here: the rewrite
	// runs it with the environment unchanged.
	isDefault bool
}

func (c buildConfig) String() string {
	s := "GOOS=" + c.goos + " GOARCH=" + c.goarch
	if !c.cgo {
		s += " CGO_ENABLED=0"
	}
	if len(c.tags) > 0 {
		s += " -tags=" + strings.Join(c.tags, ",")
	}
	return s
}

// env is the go command's environment for c, added to the rewrite's own.
func (c buildConfig) env() []string {
	if c.isDefault {
		return nil
	}
	cgo := "0"
	if c.cgo {
		cgo = "1"
	}
	flags := "-mod=readonly"
	if len(c.tags) > 0 {
		flags += " -tags=" + strings.Join(c.tags, ",")
	}
	return []string{"GOOS=" + c.goos, "GOARCH=" + c.goarch, "CGO_ENABLED=" + cgo, "GOFLAGS=" + flags}
}

// toolchain is what the go command in PATH builds for by default.
type toolchain struct {
	ctx          context.Context
	goos, goarch string
	cgo          bool
	releaseTags  []string
	// platforms lists GOOS/GOARCH pairs (go tool dist list), read only
	// when a file needs another platform.
	platforms map[string][]string // GOOS -> GOARCHes
	arches    map[string]bool
}

var goMinor = regexp.MustCompile(`go1\.(\d+)`)

func hostToolchain(ctx context.Context, dir string) (*toolchain, error) {
	out, err := goCmd(ctx, dir, "env", "-json", "GOOS", "GOARCH", "CGO_ENABLED", "GOVERSION")
	if err != nil {
		return nil, fmt.Errorf("go env: %v\n%s", err, out)
	}
	var env struct{ GOOS, GOARCH, CGO_ENABLED, GOVERSION string }
	if err := json.Unmarshal([]byte(out), &env); err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	tc := &toolchain{ctx: ctx, goos: env.GOOS, goarch: env.GOARCH, cgo: env.CGO_ENABLED == "1"}
	if m := goMinor.FindStringSubmatch(env.GOVERSION); m != nil {
		minor, _ := strconv.Atoi(m[1])
		for i := 1; i <= minor; i++ {
			tc.releaseTags = append(tc.releaseTags, "go1."+strconv.Itoa(i))
		}
	} else {
		tc.releaseTags = gobuild.Default.ReleaseTags
	}
	return tc, nil
}

func (tc *toolchain) loadPlatforms(dir string) error {
	if tc.platforms != nil {
		return nil
	}
	out, err := goCmd(tc.ctx, dir, "tool", "dist", "list")
	if err != nil {
		return fmt.Errorf("go tool dist list: %v\n%s", err, out)
	}
	tc.platforms, tc.arches = map[string][]string{}, map[string]bool{}
	for line := range strings.FieldsSeq(out) {
		goos, goarch, ok := strings.Cut(line, "/")
		if ok {
			tc.platforms[goos] = append(tc.platforms[goos], goarch)
			tc.arches[goarch] = true
		}
	}
	return nil
}

func (tc *toolchain) defaultConfig() buildConfig {
	return buildConfig{goos: tc.goos, goarch: tc.goarch, cgo: tc.cgo, isDefault: true}
}

// sourceFile is a Go file of the module with what decides whether a
// configuration compiles it.
type sourceFile struct {
	rel    string // relative to the module root
	header []byte // its build constraint lines and a package clause
	tags   []string
	// ignore: the constraint names the ignore tag, the convention for a
	// file no build compiles (go run gen.go).
	ignore bool
}

// scanModule lists the Go files the go command would consider in a
// ./... pattern: not in testdata, vendor, nested modules, or directories
// and files starting with . or _.
func scanModule(root string) ([]sourceFile, error) {
	var files []sourceFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != root {
				if name == "testdata" || name == "vendor" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		lines, err := constraintLines(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		f := sourceFile{rel: rel, header: []byte(strings.Join(lines, "\n") + "\n\npackage p\n")}
		for _, line := range lines {
			expr, err := constraint.Parse(line)
			if err != nil {
				continue // go reports it when it builds the file
			}
			collectTags(expr, &f.tags)
		}
		f.ignore = slices.Contains(f.tags, "ignore")
		files = append(files, f)
		return nil
	})
	return files, err
}

// constraintLines reads a Go file's //go:build and // +build lines: they
// come before the package clause, among blank lines and comments.
func constraintLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	inComment := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if inComment {
			if _, after, ok := strings.Cut(line, "*/"); ok {
				inComment = false
				line = strings.TrimSpace(after)
			} else {
				continue
			}
		}
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "//"):
			if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
				lines = append(lines, line)
			}
			continue
		case strings.HasPrefix(line, "/*"):
			if _, after, ok := strings.Cut(line[2:], "*/"); !ok {
				inComment = true
			} else if strings.TrimSpace(after) == "" {
				continue
			}
			if inComment {
				continue
			}
		}
		break
	}
	if err := sc.Err(); err != nil && err != bufio.ErrTooLong {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return lines, nil
}

func collectTags(e constraint.Expr, tags *[]string) {
	switch e := e.(type) {
	case *constraint.TagExpr:
		if !slices.Contains(*tags, e.Tag) {
			*tags = append(*tags, e.Tag)
		}
	case *constraint.NotExpr:
		collectTags(e.X, tags)
	case *constraint.AndExpr:
		collectTags(e.X, tags)
		collectTags(e.Y, tags)
	case *constraint.OrExpr:
		collectTags(e.X, tags)
		collectTags(e.Y, tags)
	}
}

// matcher answers whether a configuration compiles a file, with go/build's
// rules (file name suffixes, //go:build, unix, release tags).
type matcher struct {
	tc      *toolchain
	headers map[string][]byte // rel -> header
}

func (m *matcher) matches(c buildConfig, f sourceFile) bool {
	ctx := gobuild.Context{
		GOOS: c.goos, GOARCH: c.goarch, CgoEnabled: c.cgo, Compiler: "gc",
		BuildTags: c.tags, ReleaseTags: m.tc.releaseTags,
		OpenFile: func(path string) (io.ReadCloser, error) {
			h, ok := m.headers[path]
			if !ok {
				return nil, fs.ErrNotExist
			}
			return io.NopCloser(bytes.NewReader(h)), nil
		},
	}
	ok, err := ctx.MatchFile(filepath.Dir(f.rel), filepath.Base(f.rel))
	return err == nil && ok
}

// buildPlan is the set of configurations the rewrite analyses and
// verifies: the default one, and one per distinct combination of
// platform and tags some file needs.
type buildPlan struct {
	tc      *toolchain
	def     buildConfig
	extras  []*extraBuild
	ignored int
	// unverifiable lists files no configuration of this toolchain compiles
	// (gccgo only, an older release): the rewrite cannot check them.
	unverifiable []string
	// uses are the use sites outside the patterns (usesites.go).
	uses useSites
}

// extraBuild is a configuration other than the default and the files it
// compiles that the default does not.
type extraBuild struct {
	cfg buildConfig
	// only lists those files; dirs are the package directories where the
	// two configurations select different files.
	only []string
	dirs map[string]bool
	// broken says why the module did not build here before the rewrite.
	broken string
	// patterns are what the audit loads under cfg (see analysisPatterns);
	// uses the use sites it compiles differently.
	patterns, uses []string
}

// maxCustomTags bounds the tag combinations tried for one file.
const maxCustomTags = 8

func planBuilds(ctx context.Context, root string) (*buildPlan, error) {
	tc, err := hostToolchain(ctx, root)
	if err != nil {
		return nil, err
	}
	files, err := scanModule(root)
	if err != nil {
		return nil, fmt.Errorf("reading the module's Go files: %w", err)
	}
	m := &matcher{tc: tc, headers: map[string][]byte{}}
	for _, f := range files {
		m.headers[f.rel] = f.header
	}
	plan := &buildPlan{tc: tc, def: tc.defaultConfig()}
	var uncovered []sourceFile
	for _, f := range files {
		if !m.matches(plan.def, f) {
			uncovered = append(uncovered, f)
		}
	}
	if len(uncovered) == 0 {
		return plan, nil
	}
	if err := tc.loadPlatforms(root); err != nil {
		return nil, err
	}
	sort.Slice(uncovered, func(i, j int) bool { return uncovered[i].rel < uncovered[j].rel })
	for _, f := range uncovered {
		if slices.ContainsFunc(plan.extras, func(e *extraBuild) bool { return m.matches(e.cfg, f) }) {
			continue
		}
		if c, ok := plan.configFor(m, f); ok {
			plan.extras = append(plan.extras, &extraBuild{cfg: c, dirs: map[string]bool{}})
			continue
		}
		if f.ignore {
			plan.ignored++
		} else {
			plan.unverifiable = append(plan.unverifiable, filepath.ToSlash(f.rel))
		}
	}
	for _, e := range plan.extras {
		for _, f := range files {
			inDefault, inExtra := m.matches(plan.def, f), m.matches(e.cfg, f)
			if inDefault != inExtra {
				e.dirs[filepath.Join(root, filepath.Dir(f.rel))] = true
			}
			if inExtra && !inDefault {
				e.only = append(e.only, filepath.ToSlash(f.rel))
			}
		}
	}
	return plan, nil
}

// configFor finds the configuration closest to the default that compiles
// f: the fewest tags first, then the host platform before others.
func (p *buildPlan) configFor(m *matcher, f sourceFile) (buildConfig, bool) {
	tc := p.tc
	mentioned := slices.Clone(f.tags)
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f.rel), ".go"), "_test")
	mentioned = append(mentioned, strings.Split(base, "_")...)
	var gooses, arches, custom []string
	for _, t := range mentioned {
		switch {
		case tc.platforms[t] != nil:
			gooses = append(gooses, t)
		case tc.arches[t]:
			arches = append(arches, t)
		case slices.Contains(f.tags, t) && isCustomTag(t):
			custom = append(custom, t)
		}
	}
	slices.Sort(gooses)
	slices.Sort(arches)
	slices.Sort(custom)
	custom = slices.Compact(custom)
	if len(custom) > maxCustomTags {
		custom = custom[:maxCustomTags]
	}
	gooses = dedupe(append(append([]string{tc.goos}, gooses...), "linux", "darwin", "windows"))
	mentionsCgo := slices.Contains(f.tags, "cgo")
	for size := 0; size <= len(custom); size++ {
		for _, tags := range combinations(custom, size) {
			for _, goos := range gooses {
				valid := tc.platforms[goos]
				candidates := append(append([]string{tc.goarch}, arches...), "amd64", "arm64")
				if len(valid) > 0 {
					candidates = append(candidates, valid[0])
				}
				for _, goarch := range dedupe(candidates) {
					if !slices.Contains(valid, goarch) {
						continue
					}
					host := goos == tc.goos && goarch == tc.goarch
					cgos := []bool{host && tc.cgo}
					if host && mentionsCgo {
						cgos = append(cgos, !tc.cgo)
					}
					for _, cgo := range cgos {
						c := buildConfig{goos: goos, goarch: goarch, cgo: cgo, tags: tags}
						if m.matches(c, f) {
							return c, true
						}
					}
				}
			}
		}
	}
	return buildConfig{}, false
}

// isCustomTag reports a tag only -tags can set: not a platform, compiler,
// release, cgo, architecture feature, experiment or the ignore convention.
func isCustomTag(t string) bool {
	switch t {
	case "ignore", "unix", "cgo", "gc", "gccgo":
		return false
	}
	return !goMinor.MatchString(t) && !strings.Contains(t, ".")
}

func dedupe(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// combinations lists the size-element subsets of list, in order.
func combinations(list []string, size int) [][]string {
	if size == 0 {
		return [][]string{nil}
	}
	var out [][]string
	for i := range list {
		for _, rest := range combinations(list[i+1:], size-1) {
			out = append(out, append([]string{list[i]}, rest...))
		}
	}
	return out
}
