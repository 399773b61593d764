package rewrite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

// listedPackage is what go list says about one package.
type listedPackage struct {
	ImportPath, Dir                             string
	GoFiles, CgoFiles                           []string
	Deps, TestImports, XTestImports             []string
	EmbedFiles, TestEmbedFiles, XTestEmbedFiles []string
	TestGoFiles, XTestGoFiles                   []string
	Module                                      *struct{ Main bool }
}

// listPackages runs go list -e on patterns in dir under the extra
// environment.
func listPackages(ctx context.Context, dir string, env []string, patterns ...string) ([]listedPackage, error) {
	args := append([]string{"list", "-e", "-json=ImportPath,Dir,GoFiles,CgoFiles,Deps,TestImports,XTestImports,EmbedFiles,TestEmbedFiles,XTestEmbedFiles,TestGoFiles,XTestGoFiles,Module"}, patterns...)
	out, err := goOutput(ctx, dir, env, args...)
	if err != nil {
		return nil, err
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// packageGraph lists the staged module's packages, and those of the
// modules it replaces by a staged directory (an api/go.mod), once for one
// state of its Go files, which the callers that need the graph in that
// state share: a change in the api module affects the packages using it.
type packageGraph struct {
	ctx    context.Context
	dir    string
	listed bool
	pkgs   []listedPackage
	err    error
}

func (g *packageGraph) list() ([]listedPackage, error) {
	if !g.listed {
		g.pkgs, g.err = listPackages(g.ctx, g.dir, nil, localPatterns(g.dir)...)
		g.listed = true
	}
	return g.pkgs, g.err
}

// pendingVet is the verifying go vet, started as soon as the Go files are
// final so that it runs beside the CRD regeneration; verify takes its
// result if the Go files are still what it vetted.
type pendingVet struct {
	patterns []string
	state    map[string][]byte // the changed Go and go.mod/go.sum files as vetted
	done     chan struct{}
	err      error
	took     time.Duration
}

// startVet starts go vet on the packages the changes affect, or returns
// nil (vet in turn, in verify) when there is nothing to vet yet, the graph
// does not list, or a package of the module embeds files: the CRD and label
// writes could then change a file a compile of go vet reads.
func startVet(st *stage, cs *changeSet, graph *packageGraph) *pendingVet {
	if cs.empty() {
		return nil
	}
	pkgs, err := graph.list()
	if err != nil || slices.ContainsFunc(pkgs, func(p listedPackage) bool {
		return len(p.EmbedFiles)+len(p.TestEmbedFiles)+len(p.XTestEmbedFiles) > 0
	}) {
		return nil
	}
	state, err := goState(cs.files)
	if err != nil {
		return nil
	}
	v := &pendingVet{patterns: affectedIn(graph, cs.files), state: state, done: make(chan struct{})}
	go func() {
		defer close(v.done)
		start := time.Now()
		v.err = vet(st.context(), st.dir, v.patterns)
		v.took = time.Since(start)
	}()
	return v
}

func (v *pendingVet) wait() {
	if v != nil {
		<-v.done
	}
}

// result is the early go vet's outcome; vetted is false when there was
// none or the changed Go files are no longer those it vetted.
func (v *pendingVet) result(cs *changeSet) (vetted bool, err error) {
	if v == nil {
		return false, nil
	}
	v.wait()
	state, err := goState(cs.files)
	if err != nil || !maps.EqualFunc(state, v.state, bytes.Equal) {
		return false, nil
	}
	return true, v.err
}

// goState reads the changed files go vet depends on (those changedDirs
// counts).
func goState(changed fileChanges) (map[string][]byte, error) {
	state := map[string][]byte{}
	for path := range changed {
		if base := filepath.Base(path); strings.HasSuffix(path, ".go") || base == "go.mod" || base == "go.sum" {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			state[path] = data
		}
	}
	return state, nil
}

// affectedOf lists the packages that contain a file of changedDirs or
// import one, directly or through other packages, tests included (go vet
// compiles tests).
func affectedOf(pkgs []listedPackage, changedDirs map[string]bool) map[string]bool {
	affected := importersIn(pkgs, changedDirs)
	// Deps is transitive but leaves out tests: a test that imports an
	// affected package is affected too.
	for _, p := range pkgs {
		hit := func(d string) bool { return affected[d] }
		if slices.ContainsFunc(p.TestImports, hit) || slices.ContainsFunc(p.XTestImports, hit) {
			affected[p.ImportPath] = true
		}
	}
	return affected
}

// importersIn lists the packages that contain a file of changedDirs or
// import one, directly or through other packages (tests left out).
func importersIn(pkgs []listedPackage, changedDirs map[string]bool) map[string]bool {
	changed := map[string]bool{}
	for _, p := range pkgs {
		if changedDirs[p.Dir] {
			changed[p.ImportPath] = true
		}
	}
	out := map[string]bool{}
	for _, p := range pkgs {
		if changed[p.ImportPath] || slices.ContainsFunc(p.Deps, func(d string) bool { return changed[d] }) {
			out[p.ImportPath] = true
		}
	}
	return out
}

func changedDirs(changed fileChanges) (dirs map[string]bool, goMod bool) {
	dirs = map[string]bool{}
	for path := range changed {
		switch {
		case filepath.Base(path) == "go.mod" || filepath.Base(path) == "go.sum":
			goMod = true
		case strings.HasSuffix(path, ".go"):
			dirs[filepath.Dir(path)] = true
		}
	}
	return dirs, goMod
}

// analyse runs the audit with fixes under every extra configuration that
// built before the rewrite, on the packages it compiles differently from
// the default one (the user's patterns resolved in patternDir). On the first round, a configuration whose packages do
// not load is marked broken and left out.
func (p *buildPlan) analyse(st *stage, dopts driver.Options, opts Options, first bool) ([][]driver.Fix, []string, []report.Finding, error) {
	var byConfig [][]driver.Fix
	var names []string
	var blocked []report.Finding
	patternDir := dopts.Dir
	for _, e := range p.extras {
		if e.broken != "" {
			continue
		}
		if first {
			for path, dir := range p.uses {
				if e.dirs[dir] {
					e.uses = append(e.uses, path)
				}
			}
			sort.Strings(e.uses)
			patterns, err := e.analysisPatterns(st, patternDir, opts.Patterns, len(e.uses) > 0)
			if err != nil {
				return nil, nil, nil, err
			}
			e.patterns = patterns
		}
		if len(e.patterns) == 0 {
			continue
		}
		opts.Progress.Step("analysing under %s", e.cfg)
		rep, fixes, err := driver.RunFixes(driver.Options{
			Context: st.ctx, Dir: st.dir, Patterns: e.patterns, CAPIVersion: opts.CAPIVersion, Tests: true,
			Env: append(os.Environ(), e.cfg.env()...), Load: loadFromSource, KindOverrides: opts.KindOverrides,
			Config: opts.Config, UseSites: e.uses, Withhold: dopts.Withhold, Relabel: dopts.Relabel, RaiseCAPI: dopts.RaiseCAPI,
		})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", e.cfg, err)
		}
		if len(rep.Problems) > 0 {
			if first {
				e.broken = describeProblems(rep.Problems, st)
			}
			// A later round sees the type fixes before deepcopy and the
			// conversions are regenerated, as the default configuration
			// does; it only picks up fixes that conflicted, and the
			// verification builds under this configuration after the
			// follow-ups.
			continue
		}
		byConfig = append(byConfig, fixes.List)
		blocked = append(blocked, fixes.Blocked...)
		names = append(names, e.cfg.String())
	}
	return byConfig, names, blocked, nil
}

// analysisPatterns lists, as ./dir patterns of the copy, the packages the
// user's patterns name that e compiles differently (all of them when a use
// site outside the patterns differs, so that the type fixes its uses
// follow are made under e too), and the module's packages they import, so
// pool facts come from source.
func (e *extraBuild) analysisPatterns(st *stage, dir string, patterns []string, all bool) ([]string, error) {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	named, err := listPackages(st.context(), dir, e.cfg.env(), patterns...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.cfg, err)
	}
	var own []string
	for _, p := range named {
		if all || e.dirs[p.Dir] {
			own = append(own, p.Dir)
		}
	}
	if len(own) == 0 {
		return nil, nil
	}
	args := append([]string{"list", "-e", "-deps", "-test", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}"}, own...)
	out, err := goOutput(st.context(), st.dir, e.cfg.env(), args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.cfg, err)
	}
	var dirs []string
	for d := range strings.FieldsSeq(string(out)) {
		if rel, ok := within(st.dir, d); ok {
			dirs = append(dirs, "./"+filepath.ToSlash(rel))
		}
	}
	slices.Sort(dirs)
	return slices.Compact(dirs), nil
}

// mergeFixes joins the fixes of each configuration. The same edit offered
// under two configurations is applied once; an edit that overlaps a
// different one only another configuration offers is an error, since no
// one content of the file suits both builds. Overlaps within one
// configuration are left to applyFixes.
func mergeFixes(st *stage, byConfig [][]driver.Fix, names []string) ([]driver.Fix, error) {
	type fileConfig struct {
		file   string
		config int
	}
	edits := map[fileConfig][]report.Edit{}
	var out []driver.Fix
	for i, fixes := range byConfig {
		for _, fx := range fixes {
			for _, e := range fx.Edits {
				edits[fileConfig{e.File, i}] = append(edits[fileConfig{e.File, i}], e)
			}
			out = append(out, fx)
		}
	}
	for key, list := range edits {
		for j := range byConfig {
			other := edits[fileConfig{key.file, j}]
			if j == key.config || len(other) == 0 {
				continue
			}
			offers := func(list []report.Edit, e report.Edit) bool {
				return slices.ContainsFunc(list, func(o report.Edit) bool { return sameEdit(o, e) })
			}
			for _, e := range list {
				if offers(other, e) {
					continue
				}
				// An overlap with an edit both offer is one configuration's own.
				if slices.ContainsFunc(other, func(o report.Edit) bool { return overlaps(o, e) && !offers(list, o) }) {
					rel, _ := within(st.dir, key.file)
					first, second := min(j, key.config), max(j, key.config)
					return nil, fmt.Errorf("%s: the fixes under %s and under %s edit line %d differently, so nothing was written",
						filepath.ToSlash(rel), names[first], names[second], e.StartLine)
				}
			}
		}
	}
	return out, nil
}

// verify checks, under every extra configuration that built before the
// rewrite, that go vet and go build pass on the packages it compiles
// differently and the rewrite can affect. A configuration that fails after
// the rewrite is checked on the real tree: if it failed there too, it did
// not build before and is listed for a person instead.
func (p *buildPlan) verify(st *stage, cs *changeSet, res *Result, trace *tracer) error {
	if err := verifyModules(st, cs.files, res, trace); err != nil {
		return err
	}
	dirs, goMod := changedDirs(cs.files)
	for _, e := range p.extras {
		if e.broken != "" {
			continue // listed already
		}
		trace.progress.Step("verifying under %s", e.cfg)
		pkgs, err := listPackages(st.context(), st.dir, e.cfg.env(), "./...")
		if err != nil {
			return fmt.Errorf("%s: %w", e.cfg, err)
		}
		affected := affectedOf(pkgs, dirs)
		// A package whose files and module dependencies are the same as
		// in the default build was verified there.
		differs := map[string]bool{}
		for _, pkg := range pkgs {
			if e.dirs[pkg.Dir] {
				differs[pkg.ImportPath] = true
			}
		}
		var vetList, buildList []string
		for _, pkg := range pkgs {
			if !goMod && !affected[pkg.ImportPath] {
				continue
			}
			if !differs[pkg.ImportPath] && !slices.ContainsFunc(pkg.Deps, func(d string) bool { return differs[d] }) {
				continue
			}
			vetList = append(vetList, pkg.ImportPath)
			if len(pkg.GoFiles)+len(pkg.CgoFiles) > 0 {
				buildList = append(buildList, pkg.ImportPath)
			}
		}
		sort.Strings(vetList)
		for _, args := range [][]string{append([]string{"vet"}, vetList...), append([]string{"build"}, buildList...)} {
			if len(args) == 1 {
				continue
			}
			out, err := goCommand(st.context(), st.dir, e.cfg.env(), args...)
			trace.step(fmt.Sprintf("go %s under %s (%d packages)", args[0], e.cfg, len(args)-1))
			if err == nil {
				continue
			}
			if _, before := goCommand(st.context(), st.root, e.cfg.env(), args...); before != nil {
				e.broken = fmt.Sprintf("go %s: %v", strings.Join(shorten(args), " "), before)
				res.Manual = append(res.Manual, e.brokenNote())
				break
			}
			return fmt.Errorf("under %s the rewritten module does not build, so nothing was written:\ngo %s: %v\n%s",
				e.cfg, strings.Join(shorten(args), " "), err, out)
		}
	}
	return nil
}

func (e *extraBuild) brokenNote() string {
	files := e.only
	more := ""
	if len(files) > 5 {
		files, more = files[:5], fmt.Sprintf(" and %d more", len(e.only)-5)
	}
	reason := e.broken
	if i := strings.IndexByte(reason, '\n'); i >= 0 {
		reason = reason[:i]
	}
	return fmt.Sprintf("check %s%s by hand: under %s the module did not build before the rewrite (%s), so they were neither rewritten nor verified",
		strings.Join(files, ", "), more, e.cfg, reason)
}

// unverifiableError names the files no configuration can check.
func (p *buildPlan) unverifiableError() error {
	return fmt.Errorf("no build configuration of this toolchain compiles %s, so the rewrite cannot verify them and nothing was written",
		strings.Join(p.unverifiable, ", "))
}

// goCommand runs the go command in dir with the rewrite's environment plus
// env, and returns its combined output.
func goCommand(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	out, err := goExec(ctx, dir, env, args...).CombinedOutput()
	return string(out), err
}

// goExec is the go command in dir with the rewrite's environment plus env,
// stopped with what it started when ctx ends (ownGroup).
func goExec(ctx context.Context, dir string, env []string, args ...string) *exec.Cmd {
	if ctx == nil {
		ctx = context.Background()
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly"), env...)
	ownGroup(cmd)
	return cmd
}

// goOutput is goCommand keeping standard output alone (go list warns on
// standard error); the error carries standard error.
func goOutput(ctx context.Context, dir string, env []string, args ...string) ([]byte, error) {
	cmd := goExec(ctx, dir, env, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(shorten(args), " "), err, stderr.String())
	}
	return out, nil
}
