package rewrite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mpaudit/mpaudit/analyzers"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// The provider's own tests verify the rewrite too: after build and vet,
// the tests of the packages the rewrite changed run in the staged copy,
// those that passed on the original tree (run first, in a copy of its
// own). A test that passed before and fails after withholds the units
// that changed its package.

// testID names one top-level test of one package.
type testID struct{ pkg, name string }

func (t testID) String() string {
	if strings.HasPrefix(t.name, "(") { // the package as a whole
		return t.pkg + " " + t.name
	}
	return t.pkg + "." + t.name
}

// testOutcome is what go test -json said of one test.
type testOutcome struct {
	action string // pass, fail, skip, or "" when it did not finish
	output []string
}

// testRun is the test phase's account for the result.
type testRun struct {
	// passed ran on both trees and passed on both.
	passed []testID
	// notRun did not pass on the original tree (a suite that needs
	// assets that are not here, such as envtest's KUBEBUILDER_ASSETS), so
	// the rewrite's result is not judged by them.
	notRun []testID
	// packages is how many packages were tested.
	packages int
}

// originalTests caches, by package import path, the outcomes of the
// tests on the original tree across the attempts of one rewrite.
type originalTests map[string]map[string]*testOutcome

// maxTestOutput bounds the output of a failing test the result quotes.
const maxTestOutput = 2000

// runTests runs go test -json -count=1 on pkgs in dir within timeout and
// returns each top-level test's outcome by package. A package that does
// not build is a failure of its test "" (its output says why).
func runTests(parent context.Context, dir string, pkgs []string, run string, timeout time.Duration) (map[string]map[string]*testOutcome, error) {
	if parent == nil {
		parent = context.Background()
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	args := []string{"test", "-json", "-count=1", "-timeout", timeout.String()}
	if run != "" {
		args = append(args, "-run", run)
	}
	args = append(args, pkgs...)
	cmd := goExec(ctx, dir, nil, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if parent.Err() != nil {
		return nil, ErrInterrupted
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("go test did not finish within %s", timeout)
	}
	res, perr := parseTestEvents(bytes.NewReader(out))
	if perr != nil {
		return nil, perr
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("go test: %v\n%s", err, stderr.String())
	}
	// A package whose tests do not build fails as a whole: its build
	// output (build-output events, else standard error) says why.
	for _, tests := range res {
		if t := tests[""]; t != nil && t.action == "fail" && len(t.output) == 0 {
			t.output = []string{stderr.String()}
		}
	}
	return res, nil
}

// testEvent is one line of go test -json.
type testEvent struct {
	Action, Package, Test, Output string
	// ImportPath names the package of a build-output event.
	ImportPath string
}

// parseTestEvents reads go test -json output into outcomes by package and
// top-level test ("" for the package itself).
func parseTestEvents(r io.Reader) (map[string]map[string]*testOutcome, error) {
	res := map[string]map[string]*testOutcome{}
	dec := json.NewDecoder(r)
	for {
		var e testEvent
		if err := dec.Decode(&e); err == io.EOF {
			return res, nil
		} else if err != nil {
			return nil, fmt.Errorf("go test -json: %w", err)
		}
		if e.Action == "build-output" {
			// "pkg [pkg.test]" is the test variant's build.
			e.Package, _, _ = strings.Cut(e.ImportPath, " ")
			e.Action = "output"
		}
		if e.Package == "" {
			continue
		}
		name, _, _ := strings.Cut(e.Test, "/") // a subtest is its test's
		if res[e.Package] == nil {
			res[e.Package] = map[string]*testOutcome{}
		}
		t := res[e.Package][name]
		if t == nil {
			t = &testOutcome{}
			res[e.Package][name] = t
		}
		switch e.Action {
		case "output":
			t.output = append(t.output, e.Output)
		case "pass", "fail", "skip":
			if e.Test == name { // the top-level test's own end
				t.action = e.Action
			}
		}
	}
}

// excerpt is the end of the output, bounded.
func (t *testOutcome) excerpt() string {
	s := strings.Join(t.output, "")
	if len(s) > maxTestOutput {
		s = "…" + s[len(s)-maxTestOutput:]
	}
	return strings.TrimRight(s, "\n")
}

// testedPackages are the import paths of the packages with a changed Go
// file that have tests, sorted.
func testedPackages(pkgs []listedPackage, cs *changeSet) []string {
	dirs, _ := changedDirs(cs.files)
	var out []string
	for _, p := range pkgs {
		if dirs[p.Dir] && len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 {
			out = append(out, p.ImportPath)
		}
	}
	sort.Strings(out)
	return out
}

// testFailure is a test that passed on the original tree and fails on the
// rewritten one.
type testFailure struct {
	id     testID
	output string // the end of it
	all    string
}

// verifyTests runs the tests of pkgs, packages of the module at rel (the
// staged root's relative path; "." the provider's), on the original tree
// (in a copy of its own, cached in orig) and those that passed there on
// the staged copy, and returns the failures.
func verifyTests(ctx context.Context, st *stage, orig originalTests, rel string, pkgs []string, timeout time.Duration, run *testRun) ([]testFailure, error) {
	var todo []string
	for _, p := range pkgs {
		if _, ok := orig[p]; !ok {
			todo = append(todo, p)
		}
	}
	if len(todo) > 0 {
		o, err := newStage(st.root)
		if err != nil {
			return nil, err
		}
		o.ctx = st.ctx
		got, err := runTests(ctx, filepath.Join(o.dir, rel), todo, "", timeout)
		o.remove()
		for _, p := range todo {
			if err != nil {
				// No test passed on it: the next attempt does not run them again.
				orig[p] = map[string]*testOutcome{}
				continue
			}
			orig[p] = got[p]
			if orig[p] == nil {
				orig[p] = map[string]*testOutcome{}
			}
		}
		if err != nil {
			return nil, fmt.Errorf("the tests on the original tree: %w", err)
		}
	}
	var want []testID
	names := map[string]bool{}
	for _, p := range pkgs {
		for name, t := range orig[p] {
			if name == "" {
				if t.action == "fail" && len(orig[p]) == 1 {
					run.notRun = append(run.notRun, testID{p, "(its tests do not build or start)"})
				}
				continue
			}
			id := testID{p, name}
			if t.action == "pass" {
				want = append(want, id)
				names[name] = true
			} else {
				run.notRun = append(run.notRun, id)
			}
		}
	}
	run.packages += len(pkgs)
	sortTests(run.notRun)
	if len(want) == 0 {
		return nil, nil
	}
	sortTests(want)
	var list []string
	for n := range names {
		list = append(list, regexp.QuoteMeta(n))
	}
	sort.Strings(list)
	var testPkgs []string
	for _, id := range want {
		testPkgs = append(testPkgs, id.pkg)
	}
	got, err := runTests(ctx, filepath.Join(st.dir, rel), slices.Compact(testPkgs), "^("+strings.Join(list, "|")+")$", timeout)
	if err != nil {
		return nil, fmt.Errorf("the tests on the rewritten module: %w", err)
	}
	var failed []testFailure
	for _, id := range want {
		t := got[id.pkg][id.name]
		switch {
		case t != nil && t.action == "pass":
			run.passed = append(run.passed, id)
		case t == nil && got[id.pkg][""] != nil:
			// The package's tests did not build or did not start.
			failed = append(failed, testFailure{id, got[id.pkg][""].excerpt(), strings.Join(got[id.pkg][""].output, "")})
		case t == nil:
			failed = append(failed, testFailure{id, "(no result)", ""})
		default:
			failed = append(failed, testFailure{id, t.excerpt(), strings.Join(t.output, "")})
		}
	}
	return failed, nil
}

func sortTests(ids []testID) {
	sort.Slice(ids, func(i, j int) bool { return ids[i].String() < ids[j].String() })
}

// blameTests names the units a failing test withholds: those whose fixes
// changed its package's files, else those whose fixes changed a package
// it imports.
func blameTests(pkgs []listedPackage, files unitFiles, failed []testFailure) map[string]WithheldUnit {
	out := map[string]WithheldUnit{}
	dirOf := map[string]string{}
	for _, p := range pkgs {
		dirOf[p.ImportPath] = p.Dir
	}
	for _, f := range failed {
		dir := dirOf[f.id.pkg]
		units := map[string]bool{}
		for path, us := range files {
			if filepath.Dir(path) == dir {
				for u := range us {
					units[u] = true
				}
			}
		}
		if len(units) == 0 {
			units = importedUnits(pkgs, files, dir)
		}
		// Of several, those whose type the test's output names (a fuzz
		// test's subtest is named for the type it converts).
		named := map[string]bool{}
		for u := range units {
			if _, file := analyzers.GoAPIFile(u); file {
				continue // a file's move: named by its file below
			}
			if _, name, ok := cutType(u); ok && len(units) > 1 && namedIn(f.all, name) {
				named[u] = true
			}
		}
		if len(named) > 0 {
			units = named
		} else if files := goAPIFilesNamed(units, f.all); len(files) > 0 {
			units = files
		}
		for u := range units {
			if _, ok := out[u]; !ok {
				out[u] = WithheldUnit{Type: u, Reason: fmt.Sprintf("the test %s, which passed before, fails", f.id), Output: f.output}
			}
		}
	}
	return out
}

// runProviderTests is the test phase of one attempt: a failure blames the
// units (res.blamed) and is the attempt's error; tests that cannot run in
// the time allowed are said so for a person.
func runProviderTests(st *stage, opts Options, orig originalTests, cs *changeSet, res *Result, trace *tracer) error {
	// The provider's module, then the modules of the repository that use
	// it (test/go.mod), each from its own directory.
	type moduleTests struct {
		rel    string
		tested []string
	}
	var mods []moduleTests
	var all []listedPackage
	dirs := []string{st.dir}
	for _, d := range st.deps {
		if d.notLoaded == "" {
			dirs = append(dirs, st.path(d.real))
		}
	}
	for i, dir := range dirs {
		rel, err := filepath.Rel(st.dir, dir)
		if err != nil {
			return err
		}
		pkgs, err := listPackages(st.context(), dir, nil, "./...")
		if err != nil {
			if i == 0 {
				return err
			}
			res.Manual = append(res.Manual, fmt.Sprintf("run the tests of the module %s: go list failed there (%v)", filepath.ToSlash(rel), firstLine(err.Error())))
			continue
		}
		all = append(all, pkgs...)
		if tested := testedPackages(pkgs, cs); len(tested) > 0 {
			mods = append(mods, moduleTests{rel, tested})
		}
	}
	var tested []string
	for _, m := range mods {
		tested = append(tested, m.tested...)
	}
	if len(tested) == 0 {
		return nil
	}
	opts.Progress.Step("verifying: go test of %d package(s), on the original tree and on the rewritten one", len(tested))
	run := &testRun{}
	var failed []testFailure
	for _, m := range mods {
		f, err := verifyTests(opts.Context, st, orig, m.rel, m.tested, opts.TestTimeout, run)
		if errors.Is(err, ErrInterrupted) {
			return err
		}
		if err != nil {
			res.Manual = append(res.Manual, fmt.Sprintf("run the tests of %s: the rewrite could not (%v)", strings.Join(m.tested, ", "), err))
			continue
		}
		failed = append(failed, f...)
	}
	trace.step(fmt.Sprintf("go test of %d package(s)", len(tested)))
	res.tests = run
	if len(failed) == 0 {
		return nil
	}
	res.blamed = blameTests(all, cs.units, failed)
	cs.names.withPartners(res.blamed)
	var names []string
	for _, f := range failed {
		names = append(names, f.id.String())
	}
	return fmt.Errorf("tests that passed before fail on the rewritten module, so nothing was written: %s\n%s", strings.Join(names, ", "), failed[0].output)
}

// namedIn reports whether text has name as a word of its own (an
// underscore, a slash or a dot ends a word: for_KThreesConfig).
func namedIn(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		if (start == 0 || !wordByte(text[start-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		i = start + 1
	}
}

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
