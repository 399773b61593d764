package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/report"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goEnvIn runs the go command with extra environment, as goIn does.
func goEnvIn(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly"), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v go %s: %v\n%s", env, strings.Join(args, " "), err, out)
	}
}

// The provider's controllers.go is a symbolic link to a file elsewhere in
// the module (a directory go ignores): the rewrite must edit that file and
// keep the link, and the result must build.
func TestRewriteSymlinkInsideModuleEditsTarget(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	link := filepath.Join(dir, "controllers", "controllers.go")
	shared := filepath.Join(dir, "_shared", "controllers.go")
	if err := os.MkdirAll(filepath.Dir(shared), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(link, shared); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "_shared", "controllers.go"), link); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written {
		t.Fatal("nothing written")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("controllers/controllers.go is no longer a symbolic link: %v", err)
	}
	data, _ := os.ReadFile(shared)
	if !strings.Contains(string(data), "dockerMachinePool.Status.Initialization.Provisioned = ptr.To(true)") {
		t.Errorf("the link's target was not rewritten:\n%s", data)
	}
	var rels []string
	for _, c := range res.Changes {
		rels = append(rels, c.Rel)
	}
	if !strings.Contains(strings.Join(rels, " "), "_shared/controllers.go") {
		t.Errorf("changes %v do not name the link's target", rels)
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
}

// A link to a file outside the module is not edited: the run names it and
// writes nothing.
func TestRewriteSymlinkOutsideModuleRefuses(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	link := filepath.Join(dir, "controllers", "controllers.go")
	outside := filepath.Join(t.TempDir(), "controllers.go")
	if err := os.Rename(link, outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	before, outsideBefore := snapshot(t, dir), snapshot(t, filepath.Dir(outside))
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "controllers/controllers.go") || !strings.Contains(err.Error(), outside) {
		t.Fatalf("want an error naming the link and its target, got %v", err)
	}
	if res != nil && res.Written {
		t.Error("result says written")
	}
	assertUnchanged(t, before, dir)
	assertUnchanged(t, outsideBefore, filepath.Dir(outside))
}

// constrained holds files the default build does not compile: each uses
// spec.providerID as a pointer (the rewrite makes it a string) and writes
// status.ready (the rewrite adds the companion write).
var constrained = map[string]string{
	"controllers/e2e.go": `//go:build e2e

package controllers

import (
	"k8s.io/utils/ptr"

	capd "example.com/provider/apis/capdlike/v1beta2"
	managedv1 "example.com/provider/apis/managed/v1alpha1"
)

func e2eProviderID(m *managedv1.FooManagedMachinePool) string { return ptr.Deref(m.Spec.ProviderID, "") }

func e2eReady(p *capd.DockerMachinePool) { p.Status.Ready = true }
`,
	"platform/pool_windows.go": `package platform

import (
	"k8s.io/utils/ptr"

	managedv1 "example.com/provider/apis/managed/v1alpha1"
)

func ProviderID(m *managedv1.FooManagedMachinePool) string { return ptr.Deref(m.Spec.ProviderID, "") }
`,
	"platform/pool_other.go": `//go:build !windows

package platform
`,
	"test/e2e/pool_test.go": `//go:build e2e

package e2e

import (
	"testing"

	managedv1 "example.com/provider/apis/managed/v1alpha1"
)

func TestProviderID(t *testing.T) {
	m := &managedv1.FooManagedMachinePool{}
	if m.Spec.ProviderID != nil {
		t.Fatal("set")
	}
}
`,
	// Broken before the rewrite under its configuration: listed for a person.
	"controllers/broken.go": `//go:build broken

package controllers

var _ = notDeclaredAnywhere
`,
	// Never built: not analysed, not verified, not blocking.
	"hack/gen.go": `//go:build ignore

package main

func main() { undefined() }
`,
}

// Files behind build constraints are analysed, rewritten and verified under
// a configuration that compiles them.
func TestRewriteBuildConstrainedFiles(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	writeFiles(t, dir, constrained)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written {
		t.Fatal("nothing written")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "controllers", "e2e.go")); !strings.Contains(string(data), "p.Status.Initialization.Provisioned = ptr.To(true)") {
		t.Errorf("e2e.go lacks the companion write:\n%s", data)
	}
	if manual := strings.Join(res.Manual, "\n"); strings.Count(manual, "controllers/broken.go") != 1 || !strings.Contains(manual, "-tags=broken") {
		t.Errorf("the configuration that did not build before is not listed once for a person:\n%s", manual)
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	goEnvIn(t, dir, nil, "vet", "-tags=e2e", "./...")
	goEnvIn(t, dir, []string{"GOOS=windows"}, "vet", "./...")
	goEnvIn(t, dir, []string{"GOOS=windows"}, "build", "./...")
}

// A file no configuration can compile with this toolchain (gccgo only) is
// named, and nothing is written.
func TestRewriteUnverifiableFileWritesNothing(t *testing.T) {
	dir := copyTree(t, "../analyzers/testdata/provider")
	writeFiles(t, dir, map[string]string{"controllers/gccgo.go": `//go:build gccgo

package controllers

import managedv1 "example.com/provider/apis/managed/v1alpha1"

func gccgoProviderID(m *managedv1.FooManagedMachinePool) string { return *m.Spec.ProviderID }
`})
	before := snapshot(t, dir)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "controllers/gccgo.go") {
		t.Fatalf("want an error naming controllers/gccgo.go, got %v", err)
	}
	if res != nil && res.Written {
		t.Error("result says written")
	}
	assertUnchanged(t, before, dir)
}

func TestPlanBuilds(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":          "module example.com/m\n\ngo 1.22\n",
		"a/a.go":          "package a\n",
		"a/a_windows.go":  "package a\n",
		"a/e2e.go":        "// Copyright\n\n//go:build e2e\n\npackage a\n",
		"a/e2e_linux.go":  "//go:build e2e && linux\n\npackage a\n",
		"a/e2e_test.go":   "/* block */\n//go:build integration || e2e\n\npackage a\n",
		"a/notlinux.go":   "//go:build !linux && !windows\n\npackage a\n",
		"a/gen.go":        "//go:build ignore\n\npackage main\n",
		"a/gccgo.go":      "//go:build gccgo\n\npackage a\n",
		"a/_skipped.go":   "//go:build nothing\n\npackage a\n",
		"a/testdata/t.go": "//go:build nothing\n\npackage t\n",
		"nested/go.mod":   "module example.com/nested\n",
		"nested/n.go":     "//go:build nothing\n\npackage n\n",
		"a/late.go":       "package a\n\n//go:build nothing\n",
	})
	plan, err := planBuilds(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := planBuilds(t.Context(), dir)
	var got, gotAgain []string
	for _, e := range plan.extras {
		got = append(got, e.cfg.String())
	}
	for _, e := range again.extras {
		gotAgain = append(gotAgain, e.cfg.String())
	}
	if strings.Join(got, ";") != strings.Join(gotAgain, ";") {
		t.Errorf("not deterministic: %v then %v", got, gotAgain)
	}
	t.Logf("configurations: %v", got)
	if len(got) > 3 {
		t.Errorf("%d configurations for three needs (e2e, windows, neither linux nor windows): %v", len(got), got)
	}
	m := &matcher{tc: plan.tc, headers: map[string][]byte{}}
	files, err := scanModule(dir)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, f := range files {
		m.headers[f.rel] = f.header
		seen = append(seen, filepath.ToSlash(f.rel))
	}
	if strings.Join(seen, " ") != "a/a.go a/a_windows.go a/e2e.go a/e2e_linux.go a/e2e_test.go a/gccgo.go a/gen.go a/late.go a/notlinux.go" {
		t.Errorf("scanned %v", seen)
	}
	for _, f := range files {
		if f.ignore || strings.HasSuffix(f.rel, "gccgo.go") {
			continue
		}
		covered := m.matches(plan.def, f)
		for _, e := range plan.extras {
			covered = covered || m.matches(e.cfg, f)
		}
		if !covered {
			t.Errorf("%s is compiled by no configuration of %v", f.rel, got)
		}
	}
	if strings.Join(plan.unverifiable, " ") != "a/gccgo.go" {
		t.Errorf("unverifiable %v, want a/gccgo.go alone", plan.unverifiable)
	}

	plain := t.TempDir()
	writeFiles(t, plain, map[string]string{"go.mod": "module example.com/p\n\ngo 1.22\n", "p.go": "package p\n", "p_test.go": "package p\n"})
	plan, err = planBuilds(t.Context(), plain)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.extras) != 0 || plan.tc.platforms != nil {
		t.Errorf("a module without constraints gets extra configurations (%d) or lists platforms", len(plan.extras))
	}
}

func TestMergeFixesAcrossConfigurations(t *testing.T) {
	st := &stage{dir: t.TempDir()}
	file := filepath.Join(st.dir, "controllers", "c.go")
	edit := func(start, end int, text string) driver.Fix {
		return driver.Fix{Rule: "MPA203", Fix: report.Fix{Edits: []report.Edit{{File: file, Start: start, End: end, StartLine: 7, NewText: text}}}}
	}
	names := []string{"default", "GOOS=windows"}
	// The same edit from both configurations, and an overlap within one
	// (left to applyFixes, which retries it in the next round).
	merged, err := mergeFixes(st, [][]driver.Fix{{edit(10, 12, "x"), edit(11, 13, "y")}, {edit(10, 12, "x")}}, names)
	if err != nil || len(merged) != 3 {
		t.Fatalf("got %d fixes, %v; want 3 and no error", len(merged), err)
	}
	_, err = mergeFixes(st, [][]driver.Fix{{edit(10, 12, "x")}, {edit(10, 12, "z")}}, names)
	if err == nil || !strings.Contains(err.Error(), "controllers/c.go") || !strings.Contains(err.Error(), "GOOS=windows") {
		t.Fatalf("conflicting edits under two configurations: got %v", err)
	}
}
