package rewrite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/report"
)

// Options configure a rewrite.
type Options struct {
	// Dir is a directory inside the provider module.
	Dir      string
	Patterns []string
	// CAPIVersion overrides the core version read from go.mod.
	CAPIVersion string
	// BumpCAPI, when set, raises the module's requirement on Cluster API
	// to this release once the fixes planned for it are applied (go get,
	// then the import moves of bump.go);
	// a requirement already there is left, a newer one or one through a
	// replace by a directory or another module is refused.
	BumpCAPI string
	// Write replaces the files; otherwise the result only describes them.
	Write bool
	// Context ends the run early (SIGINT, SIGTERM): a write in progress is
	// rolled back. Nil means never.
	Context context.Context
	// Progress shows the phases on a terminal; nil shows nothing.
	Progress *progress.Line
	// KindOverrides name the contract kind of API kinds over the
	// classifier (.mpaudit.yaml kinds), so the rewrite migrates the types
	// check judges.
	KindOverrides contract.Overrides
	// TestTimeout bounds each run of the provider's tests (on the original
	// tree, then on the rewritten one) that verify the rewrite; 0 runs
	// none.
	TestTimeout time.Duration
	// NewAPIVersion, when set, gives the module's API package of contract
	// kinds a new version of that name before the other phases: a copy of
	// the served one that becomes the hub and storage version, takes the
	// v1beta2 core types where their JSON is the same, and that the
	// module's code moves to; the served one becomes its conversion spoke
	// (newversion.go).
	NewAPIVersion string
	// Config is the configuration check applies (.mpaudit.yaml or
	// --config): a disabled rule's fixes and a filtered type's changes
	// (its uses, its label) are left out, as check leaves out their
	// findings. Nil applies none.
	Config *config.Config
}

// Change is one file the rewrite creates or replaces.
type Change struct {
	Path string // absolute
	Rel  string // relative to the module root
	Old  []byte // nil for a new file
	New  []byte
	// Why lists the rules and follow-ups that changed the file.
	Why []string
}

// Result describes a rewrite, whether or not it was written.
type Result struct {
	Root    string
	Target  contract.CoreTarget
	Changes []Change
	// Before and After are the audits of the module and of the rewrite.
	Before, After *report.Report
	// Skipped fixes conflicted with others and were not applied.
	Skipped []string
	// Manual lists what the rewrite leaves to a person without trying
	// it; what it tried and withheld is in Withheld alone.
	Manual  []string
	Written bool
	// Notes say what the write found on the way (a stale lock taken over).
	Notes []string
	// conversionTodo names the conversion functions a person must write;
	// conversionDone the spoke package directories (relative) whose
	// conversions the rewrite regenerated and completed.
	conversionTodo []string
	conversionDone map[string]bool
	// labels is the label placement written; held the label-driven kinds
	// whose label the rewrite left because core would miss something.
	labels *labelPass
	held   []heldLabel
	// fdPlanned are the InfraClusters whose status.failureDomains can move
	// to the list shape with their label; fdMigrated those that did.
	fdPlanned  map[labelKey]*fdMigration
	fdMigrated []labelKey
	// fieldsTodo are the type changes the rewrite left for a person;
	// migratedKinds the resource kinds whose types it changed.
	fieldsTodo, migratedKinds []string
	// crds is what the CRD schema regeneration did (crds.go).
	crds *crdRegen
	// Generators says which settings of the provider's Makefile and tools
	// module the generators ran with, and which were defaults.
	Generators string
	// Withheld are the types whose migration the rewrite left out because
	// the result did not verify with it.
	Withheld []WithheldUnit
	// blamed are the units a failed verification is in, with why.
	blamed map[string]WithheldUnit
	// tests is what the provider's tests said (nil: not run).
	tests *testRun
	// bump is what raising the Cluster API requirement did (nil: none).
	bump *coreBump
	// keepFailures are failure fields this attempt moved that a
	// supported core still reads (errFailuresUnderKeptLabel).
	keepFailures map[analyzers.FieldKey]string
}

const maxRounds = 3

// Run rewrites the module in a staging copy, verifies it builds and vets,
// and (with Write) replaces the real files, all or nothing (see commit).
// When the rewrite does not build, the units the failure is in are
// withheld and the rest is rewritten and verified again; when nothing is
// left, nothing is written and the error says why.
func Run(opts Options) (*Result, error) {
	var units []WithheldUnit
	var kept map[analyzers.FieldKey]string
	orig := originalTests{}
	var first error // the first verification failure, which says most
	for {
		res, err := runOnce(opts, units, kept, orig)
		if opts.Context != nil && opts.Context.Err() != nil && (res == nil || !res.Written) {
			// What failed after the interrupt failed because of it.
			return res, ErrInterrupted
		}
		if errors.Is(err, errFailuresUnderKeptLabel) {
			// Each round keeps new fields only (the kept ones are not
			// moved again), so this ends.
			if kept == nil {
				kept = map[analyzers.FieldKey]string{}
			}
			for _, k := range slices.SortedFunc(maps.Keys(res.keepFailures), compareFieldKeys) {
				kept[k] = res.keepFailures[k]
				opts.Progress.Step("keeping %s %s top-level (%s) and rewriting again", shortType(k.Type), k.Field, res.keepFailures[k])
			}
			continue
		}
		if err != nil && res != nil && len(res.blamed) > 0 {
			if first == nil {
				first = err
			}
			// A unit is withheld at most twice (a failing test first
			// withholds only its *string → string changes), so this ends.
			var more []WithheldUnit
			blamed := withheldList(res.blamed)
			if drops := schemeDropsBlamed(blamed, units); len(drops) > 0 {
				// The drop of a v1beta1 scheme registration first, alone.
				more = drops
			} else if shapes := shapeUnits(res.Before, blamed, units); len(shapes) > 0 {
				// A failing test may be a round trip that loses a pointer
				// to "": withhold only those changes first, and the units
				// the next failure blames after that.
				more = shapes
			} else {
				for _, u := range blamed {
					i := slices.IndexFunc(units, func(w WithheldUnit) bool { return w.Type == u.Type })
					switch {
					case i < 0:
						more = append(more, u)
					case len(units[i].Fields) > 0:
						units = slices.Delete(units, i, i+1) // the whole type now
						more = append(more, u)
					}
				}
			}
			if len(more) > 0 {
				units = append(units, more...)
				for _, u := range more {
					opts.Progress.Step("withholding %s and verifying the rest again", shortType(u.Type))
				}
				continue
			}
		}
		// Only withheld *string changes on a tree otherwise migrated (a
		// second run) leave nothing to write, and that is no failure.
		whole := slices.ContainsFunc(units, func(u WithheldUnit) bool { return len(u.Fields) == 0 })
		if err == nil && whole && len(res.Changes) == 0 {
			var lines []string
			for _, u := range units {
				lines = append(lines, u.String())
			}
			return res, fmt.Errorf("%w\nwithout the types it is in, nothing is left to write:\n%s", first, strings.Join(lines, "\n"))
		}
		if err != nil && first != nil {
			err = unconverged(first, err, units)
		}
		return res, err
	}
}

// runOnce is one rewrite in a fresh staging copy, the units withheld: a
// pipeline of phases over one change set (see attempt).
func runOnce(opts Options, units []WithheldUnit, kept map[analyzers.FieldKey]string, orig originalTests) (res *Result, err error) {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	gm, ok := contract.FindGoMod(dir)
	if !ok {
		return nil, fmt.Errorf("%s is not inside a Go module", dir)
	}
	root := filepath.Dir(gm)
	if err := refuseInterrupted(root); err != nil {
		return nil, err
	}
	// The trace starts before staging so that its first line times it.
	trace := newTracer(opts.Progress)
	defer trace.done()
	opts.Progress.Step("staging a copy of %s", root)
	st, err := newStage(root)
	if err != nil {
		return nil, err
	}
	st.ctx = opts.Context
	defer st.remove()
	defer func() { err = st.relative(err) }()
	staged, err := fingerprintFrom(st.stagedTop(), st.dir)
	if err != nil {
		return nil, err
	}
	a := &attempt{opts: opts, st: st, cs: newChangeSet(st), trace: trace, units: units, kept: kept, orig: orig,
		res: &Result{Root: root, Withheld: units}, withheld: map[analyzers.FieldKey]*withheldFix{}}
	res = a.res
	trace.step("staged a copy")
	if opts.NewAPIVersion != "" {
		opts.Progress.Step("adding the API version %s", opts.NewAPIVersion)
		if err := a.addNewVersions(); err != nil {
			return nil, err
		}
	}
	var bump *coreBump
	if opts.BumpCAPI != "" {
		if bump, err = planBump(st, opts.BumpCAPI); err != nil {
			return nil, err
		}
	}
	if err := a.prepare(dir); err != nil {
		return nil, err
	}
	// The fixes are planned on the module as it builds today, for the
	// release go.mod is then raised to: the files whose uses are
	// mechanical move to the v1beta2 Go API, the rest stays on v1beta1 at
	// the paths that release keeps it (bump.go).
	if err := a.fixRounds(); err != nil {
		return runError(res, err)
	}
	if bump != nil {
		opts.Progress.Step("raising %s to %s", contract.CoreModule, opts.BumpCAPI)
		if err := bump.apply(st, a.cs); err != nil {
			return nil, err
		}
		a.bump = bump
		trace.step("raised the Cluster API requirement")
	}
	if err := a.moveFieldTypes(); err != nil {
		return nil, err
	}
	// An error before the verification leaves no go vet running in the copy.
	defer func() { a.early.wait() }()
	done, err := a.followUps()
	if re, ok := errors.AsType[raiseError](err); ok {
		if res.blamed = bumpBlame(st, a.cs, re.error); len(res.blamed) > 0 {
			return res, re.error
		}
		return nil, re.error
	}
	if err != nil || done {
		return res, err
	}
	if err := st.interrupted(); err != nil {
		return res, err
	}
	if err := a.verifyAll(); err != nil {
		return res, err
	}
	if err := st.interrupted(); err != nil {
		return res, err
	}
	if err := a.finish(); err != nil {
		return nil, err
	}
	if opts.Write {
		ctx := opts.Context
		if ctx == nil {
			ctx = context.Background()
		}
		opts.Progress.Step("writing %d file(s)", len(res.Changes))
		res.Notes, err = commit(ctx, root, st.dir, res.Changes, staged)
		if err != nil {
			return res, err
		}
		res.Written = true
	}
	return res, nil
}

// loadError is an error of the fix rounds that still has a result to show
// (what was audited before it stopped).
type loadError struct{ error }

func runError(res *Result, err error) (*Result, error) {
	if le, ok := err.(loadError); ok {
		return res, le.error
	}
	return nil, err
}

func describeProblems(ps []report.Problem, st *stage) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, strings.ReplaceAll(p.Subject+": "+p.Message, st.dir, st.root))
	}
	return strings.Join(parts, "; ")
}

// vet checks the packages the rewrite can affect with the real toolchain.
// A package that neither changed nor depends on a changed one has the same
// sources and dependencies as before, so its vet result cannot differ;
// vetting only the affected ones keeps the rewrite near the cost of one go
// vet. vet compiles what it checks (tests too), so build afterwards mostly
// links.
func vet(ctx context.Context, dir string, patterns []string) error {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	args := append([]string{"vet"}, patterns...)
	if out, err := goCmd(ctx, dir, args...); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(shorten(args), " "), err, out)
	}
	return nil
}

// build compiles and links the whole staged module.
func build(ctx context.Context, dir string) error {
	if out, err := goCmd(ctx, dir, "build", "./..."); err != nil {
		return fmt.Errorf("go build ./...: %v\n%s", err, out)
	}
	return nil
}

func shorten(args []string) []string {
	if len(args) > 6 {
		return append(append([]string(nil), args[:5]...), fmt.Sprintf("… (%d packages)", len(args)-1))
	}
	return args
}

// affectedPackages lists the staged module's packages that contain a
// changed Go file or import one transitively, from their code or their
// tests. It returns nil (meaning "everything") when go.mod changed or the
// package graph cannot be listed.
func affectedPackages(st *stage, cs *changeSet) []string {
	return affectedIn(&packageGraph{ctx: st.context(), dir: st.dir}, cs.files)
}

// affectedIn is affectedPackages over the listing graph.
func affectedIn(graph *packageGraph, changed fileChanges) []string {
	dirs, goMod := changedDirs(changed)
	if goMod {
		return nil
	}
	pkgs, err := graph.list()
	if err != nil {
		return nil
	}
	var list []string
	for path := range affectedOf(pkgs, dirs) {
		if mainModule(pkgs, path) {
			list = append(list, path)
		}
	}
	sort.Strings(list)
	return list
}

func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	return goCommand(ctx, dir, nil, args...)
}

// collect turns the staged files into changes against the real tree. go.mod
// is recomputed from the real file, since the staged one has absolute replaces.
func (res *Result) collect(st *stage, cs *changeSet) error {
	for staged, why := range cs.files {
		real := st.real(staged)
		old, err := os.ReadFile(real)
		if os.IsNotExist(err) {
			old = nil
		} else if err != nil {
			return err
		}
		content, err := os.ReadFile(staged)
		if err != nil {
			return err
		}
		if filepath.Base(real) == "go.mod" { // every staged go.mod may have absolute replaces
			if content, err = realGoMod(old, staged); err != nil {
				return err
			}
		}
		content = keepLineEndings(old, content)
		if bytes.Equal(old, content) {
			continue
		}
		var reasons []string
		for w := range why {
			reasons = append(reasons, w)
		}
		sort.Strings(reasons)
		rel, _ := filepath.Rel(st.root, real)
		res.Changes = append(res.Changes, Change{Path: real, Rel: filepath.ToSlash(rel), Old: old, New: content, Why: reasons})
	}
	sort.Slice(res.Changes, func(i, j int) bool { return res.Changes[i].Rel < res.Changes[j].Rel })
	return nil
}

// realGoMod applies the staged requirement changes to the real go.mod:
// requirements added, raised or dropped (go get, go mod tidy), the go and
// toolchain lines, and the replaces by a module version. The replaces by a
// directory stay as the real file spells them (the staged ones are
// absolute).
func realGoMod(old []byte, staged string) ([]byte, error) {
	stagedData, err := os.ReadFile(staged)
	if err != nil {
		return nil, err
	}
	sf, err := modfile.Parse(staged, stagedData, nil)
	if err != nil {
		return nil, err
	}
	rf, err := modfile.Parse("go.mod", old, nil)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, r := range sf.Require {
		want[r.Mod.Path] = true
		i := slices.IndexFunc(rf.Require, func(rr *modfile.Require) bool { return rr.Mod.Path == r.Mod.Path })
		switch {
		case i < 0:
			rf.AddNewRequire(r.Mod.Path, r.Mod.Version, r.Indirect)
		case rf.Require[i].Mod.Version != r.Mod.Version:
			if err := rf.AddRequire(r.Mod.Path, r.Mod.Version); err != nil {
				return nil, err
			}
		}
	}
	for _, r := range slices.Clone(rf.Require) {
		if !want[r.Mod.Path] {
			if err := rf.DropRequire(r.Mod.Path); err != nil {
				return nil, err
			}
		}
	}
	if sf.Go != nil && (rf.Go == nil || rf.Go.Version != sf.Go.Version) {
		if err := rf.AddGoStmt(sf.Go.Version); err != nil {
			return nil, err
		}
	}
	switch {
	case sf.Toolchain != nil && (rf.Toolchain == nil || rf.Toolchain.Name != sf.Toolchain.Name):
		if err := rf.AddToolchainStmt(sf.Toolchain.Name); err != nil {
			return nil, err
		}
	case sf.Toolchain == nil && rf.Toolchain != nil:
		rf.DropToolchainStmt()
	}
	for _, r := range sf.Replace {
		if modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		i := slices.IndexFunc(rf.Replace, func(rr *modfile.Replace) bool { return rr.Old == r.Old })
		if i >= 0 && rf.Replace[i].New != r.New {
			if err := rf.AddReplace(r.Old.Path, r.Old.Version, r.New.Path, r.New.Version); err != nil {
				return nil, err
			}
		}
	}
	rf.Cleanup()
	return rf.Format()
}

// modulePathOf is the module path of the go.mod in dir, "" if unreadable.
func modulePathOf(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return ""
	}
	return modfile.ModulePath(data)
}
