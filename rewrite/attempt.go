package rewrite

import (
	"cmp"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

// attempt is the state of one rewrite in its staged copy, which its
// phases share: prepare, fixRounds, followUps, verifyAll, finish.
type attempt struct {
	opts  Options
	st    *stage
	cs    *changeSet
	res   *Result
	trace *tracer
	// units are the units withheld; orig the original tree's tests.
	units []WithheldUnit
	orig  originalTests
	// kept are failure fields left top-level because their CRD kept a
	// label that a supported core reads them by (failuresUnderKeptLabels).
	kept map[analyzers.FieldKey]string

	module string
	plan   *buildPlan
	dopts  driver.Options
	// last is the latest audit of the fix rounds.
	last *report.Report
	// withheld are the type fixes a use blocks.
	withheld map[analyzers.FieldKey]*withheldFix
	// typePkgs are the packages of the types the fixes migrate, the
	// patterns of the dependent modules' analysis (dependents.go).
	typePkgs map[string]bool
	targets  []kindTarget
	labels   *labelPass
	// graph lists the module once its Go files are final; early is the
	// go vet started beside the CRD regeneration.
	graph *packageGraph
	early *pendingVet
	after *report.Report
	// bump is the raise of the Cluster API requirement (nil: none),
	// verified once the generated code follows the types.
	bump *coreBump
	// outside audits the other API versions of the storage types that
	// the patterns leave out (outsideSpokes).
	outside *report.Report
	// newVersions are the API versions added (Options.NewAPIVersion).
	newVersions []*newVersion
}

// prepare plans the build configurations and the use sites, and the
// analysis options.
func (a *attempt) prepare(dir string) error {
	st, opts := a.st, a.opts
	a.module = modulePathOf(st.dir)
	plan, err := planBuilds(st.context(), st.dir)
	if err != nil {
		return err
	}
	a.plan = plan
	a.trace.step(fmt.Sprintf("%d extra build configurations", len(plan.extras)))
	uses, err := useSitesOf(st, st.path(dir), opts.Patterns)
	if err != nil {
		return err
	}
	plan.uses = uses
	a.dopts = driver.Options{Context: st.ctx, Dir: st.path(dir), Patterns: opts.Patterns, CAPIVersion: opts.CAPIVersion, Tests: true, Progress: opts.Progress, Load: loadFromSource,
		KindOverrides: opts.KindOverrides, Config: opts.Config, UseSites: uses.paths(), Withhold: unitSettings(nil, a.units, a.kept), Relabel: true, RaiseCAPI: opts.BumpCAPI, MovingFields: a.movingFields()}
	return nil
}

// fixRounds applies the analyzers' fixes until none is left or only
// conflicting ones remain; round 0 runs on the module as it was, again
// when a type fix must be withheld (a use no fix rewrites would break).
func (a *attempt) fixRounds() error {
	st, opts, res, plan, trace := a.st, a.opts, a.res, a.plan, a.trace
	passes := 0
	for round := 0; round < maxRounds; round++ {
		rep, fx, err := driver.RunFixes(a.dopts)
		if err != nil {
			return err
		}
		opts.Config.Apply(rep)
		trace.step(fmt.Sprintf("analysis round %d: %d fixes", round+1, len(fx.List)))
		if round == 0 {
			res.Before, res.Target = rep, rep.Target
			if len(rep.Problems) > 0 {
				return loadError{fmt.Errorf("the module does not load completely, so it is not rewritten: %s", describeProblems(rep.Problems, st))}
			}
		}
		a.last = rep
		// The dependent modules' uses of the types these fixes migrate.
		depFixes, depBlocked := a.dependentFixes(rep, fx.List)
		fixes := append(fx.List, depFixes...)
		fx.Blocked = append(fx.Blocked, depBlocked...)
		extra, names, blocked, err := plan.analyse(st, a.dopts, opts, round == 0 && passes == 0)
		if err != nil {
			return loadError{err}
		}
		if len(plan.extras) > 0 {
			trace.step(fmt.Sprintf("analysis under %d other build configurations", len(extra)))
		}
		if round == 0 {
			passes++
			if passes == 1 {
				if a.outside, err = a.outsideSpokes(rep); err != nil {
					return err
				}
			}
			spokes := withholdSpokeShapes(a.withheld, rep, a.outside)
			if (withhold(a.withheld, append(fx.Blocked, blocked...), st) || spokes) && passes < maxWithholdPasses {
				a.dopts.Withhold = unitSettings(a.withheld, a.units, a.kept)
				trace.step(fmt.Sprintf("%d type fix(es) withheld", len(a.withheld)))
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
		a.cs.names.addFixes(st, a.module, fixes, os.ReadFile)
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
		for path, ap := range applied {
			if _, err := st.writeFile(path, ap.content); err != nil {
				return err
			}
			a.cs.applied(path, ap)
		}
		if len(skipped) == 0 {
			// Fixes never enable other fixes; another round only picks up
			// the ones that conflicted, and the final audit re-checks all.
			break
		}
	}
	return nil
}

// followUps regenerates what the type changes imply (deepcopy,
// conversions, CRD schemas) and adds the labels the audit allows, starting
// go vet as soon as the Go files are final. done is set when there is
// nothing to verify.
func (a *attempt) followUps() (done bool, err error) {
	st, opts, res, cs, plan, trace := a.st, a.opts, a.res, a.cs, a.plan, a.trace
	notes := withheldNotes(a.withheld)
	res.Manual = append(res.Manual, notes...)
	res.fieldsTodo = append(res.fieldsTodo, notes...)
	if hasKinds(a.last) {
		dirOf, err := packageDirs(st)
		if err != nil {
			return false, err
		}
		a.targets = kindTargets(a.last, dirOf)
	}
	kindNotes(a.targets, res)

	if err := requireUtils(st, cs, res); err != nil {
		return false, err
	}
	if a.bump != nil {
		a.bump.kept, _ = goAPIKeptFiles(a.last, st)
	}
	opts.Progress.Step("regenerating deepcopy functions and conversions")
	if err := regenerate(st, cs, res, trace); err != nil {
		// The generators load the API packages: after a raise that broke
		// them, the raise's own places say why, not the generator.
		if a.bump != nil {
			if cerr := a.bump.check(st, cs, nil); cerr != nil {
				return false, raiseError{cerr}
			}
		}
		return false, err
	}
	if err := tidyImports(cs); err != nil {
		return false, err
	}
	// The raise builds with the deepcopy and conversions of the changed
	// types, so it is verified after their regeneration.
	if a.bump != nil {
		var backErr error // the step's own failure (a write), not the raise's
		err := a.bump.check(st, cs, func(mb *moduleBump) error {
			backErr = a.patchHelpersBack(mb)
			return backErr
		})
		if backErr != nil {
			return false, backErr
		}
		if err != nil {
			return false, raiseError{err}
		}
		res.bump = a.bump
		res.Manual = append(res.Manual, a.bump.manual...)
		trace.step("verified the raised Cluster API requirement")
	}
	// Once every package has moved: a v1beta1 registration nothing needs.
	if err := a.dropV1Beta1Schemes(); err != nil {
		return false, err
	}
	// The Go files are final until the verification (the CRD schemas and
	// labels are YAML): one listing of the module serves the CRD
	// regeneration and the verifying go vet, which runs beside them.
	a.graph = &packageGraph{ctx: st.context(), dir: st.dir}
	if len(plan.unverifiable) == 0 {
		a.early = startVet(st, cs, a.graph)
	}
	// Before the labels: their gate judges the regenerated schemas.
	opts.Progress.Step("regenerating the CRD schema parts the type changes touch")
	if err := regenerateCRDs(st, a.graph, goDirs(cs.files), a.targets, cs, res, trace); err != nil {
		return false, err
	}
	hold, err := planFailureDomainShapes(st, a.targets, res)
	if err != nil {
		return false, err
	}
	if a.labels, err = addLabels(st, a.last, a.targets, hold, cs); err != nil {
		return false, err
	}
	if cs.err != nil {
		return false, cs.err
	}
	for _, e := range plan.extras {
		if e.broken != "" {
			res.Manual = append(res.Manual, e.brokenNote())
		}
	}
	if len(plan.unverifiable) > 0 {
		if !cs.empty() {
			return false, plan.unverifiableError()
		}
		res.Manual = append(res.Manual, fmt.Sprintf("check %s by hand: no build configuration of this toolchain compiles them", strings.Join(plan.unverifiable, ", ")))
	}
	if cs.empty() {
		res.After = a.last
		return true, nil
	}
	return false, nil
}

// verifyAll verifies the result (build, vet, the audit), holds the labels
// it does not earn, migrates the failureDomains shapes that follow a label
// and verifies again, then runs the provider's tests. A failure of the
// rewrite blames units (res.blamed).
func (a *attempt) verifyAll() error {
	after, resultErr, err := a.verify(a.early)
	if resultErr != nil || err != nil {
		return cmp.Or(err, resultErr)
	}
	if after, a.labels, err = holdUnreadyLabels(a.st, a.dopts, a.res, a.last, a.targets, a.labels, after, a.cs); err != nil {
		return err
	}
	// The fixes moved the failure fields for the labels the rewrite meant
	// to write; where one stayed, a supported core still reads them.
	held := func(group, kind string) string { return heldReason(group, kind, a.res.held, a.labels.held) }
	if moved := failuresUnderKeptLabels(a.res.Before, after, a.res.Target, a.kept, held); len(moved) > 0 {
		a.res.keepFailures = moved
		return errFailuresUnderKeptLabel
	}
	// The failureDomains shape changes only with the label (see failuredomains.go).
	if migrated, err := migrateFailureDomainShapes(a.st, a.res, a.labels, a.cs, a.trace); err != nil {
		return err
	} else if migrated {
		if after, resultErr, err = a.verify(nil); resultErr != nil || err != nil {
			return cmp.Or(err, resultErr)
		}
	}
	a.after = after
	if a.opts.TestTimeout > 0 {
		return runProviderTests(a.st, a.opts, a.orig, a.cs, a.res, a.trace)
	}
	return nil
}

// verify builds and vets what changed under every build configuration
// and audits the result; a failure of the rewrite is a result error.
func (a *attempt) verify(early *pendingVet) (after *report.Report, resultErr, runErr error) {
	st, opts, res, cs, trace := a.st, a.opts, a.res, a.cs, a.trace
	opts.Progress.Step("verifying: go vet")
	vetted, vetErr := early.result(cs)
	var patterns []string
	if vetted {
		trace.step(fmt.Sprintf("go vet (%d packages), %.2fs beside the CRDs", max(len(early.patterns), 1), early.took.Seconds()))
	} else {
		patterns = affectedPackages(st, cs)
		if vetErr = vet(st.context(), st.dir, patterns); vetErr == nil {
			trace.step(fmt.Sprintf("go vet (%d packages)", max(len(patterns), 1)))
		}
	}
	if vetErr != nil {
		if vetted {
			patterns = early.patterns
		}
		// What go vet reports on the original tree too is not the rewrite's.
		before := vet(st.context(), st.root, patterns)
		res.blamed = blame(a.graph, cs, "go vet", vetErr.Error(), fmt.Sprint(before))
		if len(res.blamed) == 0 && before != nil && onlyPreexisting(vetErr.Error(), before.Error()) {
			return nil, fmt.Errorf("go vet fails on the rewritten module as on the original tree, so the rewrite cannot verify its changes and nothing was written; make go vet pass first:\n%v", vetErr), nil
		}
		return nil, fmt.Errorf("the rewritten module does not build, so nothing was written:\n%v%s", vetErr, res.conversionHint()), nil
	}
	// Linking (all vet leaves to build) and the audit of the result use
	// different resources; run them side by side.
	opts.Progress.Step("verifying: go build ./... and the audit of the result")
	built := make(chan error, 1)
	go func() { built <- build(st.context(), st.dir) }()
	after, err := driver.Run(a.dopts)
	if err == nil {
		opts.Config.Apply(after)
	}
	buildErr := <-built
	trace.step("go build ./... and the audit of the result")
	if buildErr != nil {
		res.blamed = blame(a.graph, cs, "go build", buildErr.Error(), "")
		return nil, fmt.Errorf("the rewritten module does not build, so nothing was written:\n%v%s", buildErr, res.conversionHint()), nil
	}
	if err != nil {
		return nil, nil, err
	}
	resultErr = a.plan.verify(st, cs, res, trace)
	if resultErr != nil {
		res.blamed = blame(a.graph, cs, "the build under another configuration", resultErr.Error(), "")
	}
	return after, resultErr, nil
}

// finish turns the verified copy into the result: the labels' outcome,
// the changes against the real tree and what is left for a person.
func (a *attempt) finish() error {
	res, labels := a.res, a.labels
	res.labels = labels
	res.Manual = append(res.Manual, labels.manual...)
	res.held = append(res.held, labels.held...)
	sort.Slice(res.held, func(i, j int) bool { return res.held[i].key.String() < res.held[j].key.String() })
	for _, h := range res.held {
		if h.reason != "" {
			res.Manual = append(res.Manual, h.forAPerson())
		}
	}
	res.After = a.after
	res.Manual = append(res.Manual, goAPIKeptNotes(a.after, a.st, a.opts.NewAPIVersion)...)
	if err := res.collect(a.st, a.cs); err != nil {
		return err
	}
	res.Manual = append(res.Manual, manualSteps(res)...)
	return nil
}
