package rewrite

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
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
	// Manual lists what the rewrite leaves to a person.
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
}

const maxRounds = 3

// Run rewrites the module in a staging copy, verifies it builds and vets,
// and (with Write) replaces the real files, all or nothing (see commit).
// When the rewrite does not build, nothing is written and the error says why.
func Run(opts Options) (res *Result, err error) {
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
	defer st.remove()
	defer func() { err = st.relative(err) }()
	staged, err := fingerprintFrom(st.stagedTop(), st.dir)
	if err != nil {
		return nil, err
	}
	res = &Result{Root: root}
	trace.step("staged a copy")
	plan, err := planBuilds(st.dir)
	if err != nil {
		return nil, err
	}
	trace.step(fmt.Sprintf("%d extra build configurations", len(plan.extras)))
	changed := map[string]map[string]bool{} // canonical staged path -> reasons
	var markErr error                       // the first change mpaudit must not make
	mark := func(staged, why string) {
		staged, err := st.canonical(staged)
		if err != nil {
			if markErr == nil {
				markErr = err
			}
			return
		}
		if changed[staged] == nil {
			changed[staged] = map[string]bool{}
		}
		changed[staged][why] = true
	}
	unmark := func(staged, why string) {
		if r := changed[staged]; r != nil {
			delete(r, why)
			if len(r) == 0 {
				delete(changed, staged)
			}
		}
	}

	uses, err := useSitesOf(st, st.path(dir), opts.Patterns)
	if err != nil {
		return nil, err
	}
	plan.uses = uses
	dopts := driver.Options{Dir: st.path(dir), Patterns: opts.Patterns, CAPIVersion: opts.CAPIVersion, Tests: true, Progress: opts.Progress, Load: loadFromSource,
		KindOverrides: opts.KindOverrides, Config: opts.Config, UseSites: uses.paths()}
	var last *report.Report
	withheld := map[analyzers.FieldKey]*withheldFix{}
	// fixRounds applies the analyzers' fixes until none is left or only
	// conflicting ones remain; round 0 runs on the module as it was, again
	// when a type fix must be withheld (a use no fix rewrites would break).
	fixRounds := func() error {
		passes := 0
		for round := 0; round < maxRounds; round++ {
			rep, fx, err := driver.RunFixes(dopts)
			if err != nil {
				return err
			}
			fixes := fx.List
			opts.Config.Apply(rep)
			trace.step(fmt.Sprintf("analysis round %d: %d fixes", round+1, len(fixes)))
			if round == 0 {
				res.Before, res.Target = rep, rep.Target
				if len(rep.Problems) > 0 {
					return loadError{fmt.Errorf("the module does not load completely, so it is not rewritten: %s", describeProblems(rep.Problems, st))}
				}
			}
			last = rep
			extra, names, blocked, err := plan.analyse(st, dopts, opts, round == 0 && passes == 0)
			if err != nil {
				return loadError{err}
			}
			if len(plan.extras) > 0 {
				trace.step(fmt.Sprintf("analysis under %d other build configurations", len(extra)))
			}
			if round == 0 {
				passes++
				if withhold(withheld, append(fx.Blocked, blocked...), st) && passes < maxWithholdPasses {
					dopts.Withhold = withholdSettings(withheld)
					trace.step(fmt.Sprintf("%d type fix(es) withheld", len(withheld)))
					round--
					continue
				}
			}
			byConfig := append([][]driver.Fix{fixes}, extra...)
			names = append([]string{plan.def.String()}, names...)
			for i := range byConfig {
				if byConfig[i], err = st.canonicalFixes(byConfig[i]); err != nil {
					return loadError{err}
				}
			}
			if fixes, err = mergeFixes(st, byConfig, names); err != nil {
				return loadError{err}
			}
			if len(fixes) == 0 {
				break
			}
			applied, skipped, err := applyFixes(os.ReadFile, fixes)
			if err != nil {
				return err
			}
			for _, f := range skipped {
				if round == maxRounds-1 {
					res.Skipped = append(res.Skipped, fmt.Sprintf("%s: %s", f.Rule, f.Message))
				}
			}
			if len(applied) == 0 {
				break
			}
			for path, a := range applied {
				if _, err := st.writeFile(path, a.content); err != nil {
					return err
				}
				for rule := range a.rules {
					mark(path, rule)
				}
			}
			if len(skipped) == 0 {
				// Fixes never enable other fixes; another round only picks up
				// the ones that conflicted, and the final audit re-checks all.
				break
			}
		}
		return nil
	}
	if err := fixRounds(); err != nil {
		return runError(res, err)
	}
	notes := withheldNotes(withheld)
	res.Manual = append(res.Manual, notes...)
	res.fieldsTodo = append(res.fieldsTodo, notes...)
	var targets []kindTarget
	if hasKinds(last) {
		dirOf, err := packageDirs(st)
		if err != nil {
			return nil, err
		}
		targets = kindTargets(last, dirOf)
	}
	kindNotes(targets, res)

	if err := requireUtils(st, changed, mark, res); err != nil {
		return nil, err
	}
	opts.Progress.Step("regenerating deepcopy functions and conversions")
	if err := regenerate(st, changed, mark, res, trace); err != nil {
		return nil, err
	}
	// The Go files are final until the verification (the CRD schemas and
	// labels are YAML): one listing of the module serves the CRD
	// regeneration and the verifying go vet, which runs beside them.
	graph := &packageGraph{dir: st.dir}
	var early *pendingVet
	if len(plan.unverifiable) == 0 {
		early = startVet(st, changed, graph)
		defer early.wait() // an error before the verification leaves no go vet running in the copy
	}
	// Before the labels: their gate judges the regenerated schemas.
	opts.Progress.Step("regenerating the CRD schema parts the type changes touch")
	if err := regenerateCRDs(st, graph, goDirs(changed), targets, mark, res, trace); err != nil {
		return nil, err
	}
	hold, err := planFailureDomainShapes(st, targets, res)
	if err != nil {
		return nil, err
	}
	labels, err := addLabels(st, last, targets, hold, mark)
	if err != nil {
		return nil, err
	}
	if markErr != nil {
		return res, markErr
	}
	for _, e := range plan.extras {
		if e.broken != "" {
			res.Manual = append(res.Manual, e.brokenNote())
		}
	}
	if len(plan.unverifiable) > 0 {
		if len(changed) > 0 {
			return res, plan.unverifiableError()
		}
		res.Manual = append(res.Manual, fmt.Sprintf("check %s by hand: no build configuration of this toolchain compiles them", strings.Join(plan.unverifiable, ", ")))
	}
	if len(changed) == 0 {
		res.After = last
		return res, nil
	}
	// verify builds and vets what changed under every build configuration
	// and audits the result; a failure of the rewrite is a result error.
	verify := func(early *pendingVet) (after *report.Report, resultErr, runErr error) {
		opts.Progress.Step("verifying: go vet")
		vetted, vetErr := early.result(changed)
		if vetted {
			trace.step(fmt.Sprintf("go vet (%d packages), %.2fs beside the CRDs", max(len(early.patterns), 1), early.took.Seconds()))
		} else {
			patterns := affectedPackages(st, changed)
			if vetErr = vet(st.dir, patterns); vetErr == nil {
				trace.step(fmt.Sprintf("go vet (%d packages)", max(len(patterns), 1)))
			}
		}
		if vetErr != nil {
			return nil, fmt.Errorf("the rewritten module does not build, so nothing was written:\n%v%s", vetErr, res.conversionHint()), nil
		}
		// Linking (all vet leaves to build) and the audit of the result use
		// different resources; run them side by side.
		opts.Progress.Step("verifying: go build ./... and the audit of the result")
		built := make(chan error, 1)
		go func() { built <- build(st.dir) }()
		after, err := driver.Run(dopts)
		if err == nil {
			opts.Config.Apply(after)
		}
		buildErr := <-built
		trace.step("go build ./... and the audit of the result")
		if buildErr != nil {
			return nil, fmt.Errorf("the rewritten module does not build, so nothing was written:\n%v%s", buildErr, res.conversionHint()), nil
		}
		if err != nil {
			return nil, nil, err
		}
		return after, plan.verify(st, changed, res, trace), nil
	}
	after, resultErr, err := verify(early)
	if resultErr != nil || err != nil {
		return verifyError(res, resultErr, err)
	}
	if after, labels, err = holdUnreadyLabels(st, dopts, res, last, targets, labels, after, mark, unmark); err != nil {
		return nil, err
	}
	// The failureDomains shape changes only with the label (see failuredomains.go).
	if migrated, err := migrateFailureDomainShapes(st, res, labels, changed, mark, trace); err != nil {
		return nil, err
	} else if migrated {
		if after, resultErr, err = verify(nil); resultErr != nil || err != nil {
			return verifyError(res, resultErr, err)
		}
	}
	res.labels = labels
	res.Manual = append(res.Manual, labels.manual...)
	res.held = append(res.held, labels.held...)
	sort.Slice(res.held, func(i, j int) bool { return res.held[i].key.String() < res.held[j].key.String() })
	for _, h := range res.held {
		if h.reason != "" {
			res.Manual = append(res.Manual, h.forAPerson())
		}
	}
	res.After = after
	if err := res.collect(st, changed); err != nil {
		return nil, err
	}
	res.Manual = append(res.Manual, manualSteps(res)...)
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

func verifyError(res *Result, resultErr, runErr error) (*Result, error) {
	if runErr != nil {
		return nil, runErr
	}
	return res, resultErr
}

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
func vet(dir string, patterns []string) error {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	args := append([]string{"vet"}, patterns...)
	if out, err := goCmd(dir, args...); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(shorten(args), " "), err, out)
	}
	return nil
}

// build compiles and links the whole staged module.
func build(dir string) error {
	if out, err := goCmd(dir, "build", "./..."); err != nil {
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
func affectedPackages(st *stage, changed map[string]map[string]bool) []string {
	return affectedIn(&packageGraph{dir: st.dir}, changed)
}

// affectedIn is affectedPackages over the listing graph.
func affectedIn(graph *packageGraph, changed map[string]map[string]bool) []string {
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

func goCmd(dir string, args ...string) (string, error) { return goCommand(dir, nil, args...) }

// collect turns the staged files into changes against the real tree. go.mod
// is recomputed from the real file, since the staged one has absolute replaces.
func (res *Result) collect(st *stage, changed map[string]map[string]bool) error {
	for staged, why := range changed {
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

// realGoMod applies the staged requirement changes to the real go.mod.
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
	for _, r := range sf.Require {
		found := false
		for _, rr := range rf.Require {
			if rr.Mod.Path == r.Mod.Path {
				found = true
			}
		}
		if !found {
			if err := rf.AddRequire(r.Mod.Path, r.Mod.Version); err != nil {
				return nil, err
			}
		}
	}
	rf.Cleanup()
	return rf.Format()
}
