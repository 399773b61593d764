package rewrite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// The bump raises a module on Cluster API v1.10.2 (api/v1beta1,
// exp/api/v1beta1, util/conditions) to v1.14.2, the release the repository
// pins, so the module cache has it: the imports move to where v1.14.2 keeps
// the v1beta1 API, the two API packages merge into one import, and the
// result builds and passes its own test against v1.14.2.
func TestBumpCoreRaisesAndMovesImports(t *testing.T) {
	dir := copyTree(t, "testdata/bumpprovider")
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.14.2", BumpCAPI: "v1.14.2", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	gomod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	for _, want := range []string{"sigs.k8s.io/cluster-api v1.14.2", "sigs.k8s.io/cluster-api/api v1.14.2", "sigs.k8s.io/controller-runtime v0.24"} {
		if !strings.Contains(string(gomod), want) {
			t.Errorf("go.mod lacks %q:\n%s", want, gomod)
		}
	}
	src, _ := os.ReadFile(filepath.Join(dir, "status", "status.go"))
	for _, want := range []string{`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"`, `"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions"`, "p *clusterv1.MachinePool"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("status.go lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(string(src), "exp/api") || strings.Contains(string(src), "expv1") {
		t.Errorf("status.go still imports exp/api/v1beta1:\n%s", src)
	}
	// The pool has v1beta1 conditions: its patch helper is the v1beta1 one.
	if !strings.Contains(string(src), `"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch"`) {
		t.Errorf("status.go patches v1beta1 conditions without the v1beta1 patch helper:\n%s", src)
	}
	// A Secret has none: util/patch patches it alike, and the file stays.
	secrets, _ := os.ReadFile(filepath.Join(dir, "secrets", "secrets.go"))
	orig, _ := os.ReadFile(filepath.Join("testdata", "bumpprovider", "secrets", "secrets.go"))
	if !bytes.Equal(secrets, orig) {
		t.Errorf("secrets.go changed:\n%s", secrets)
	}
	// The scope's helper is filled with util/patch's by a file the Go API
	// fix moves: the scope's file keeps util/patch with it.
	scopeSrc, _ := os.ReadFile(filepath.Join(dir, "scope", "scope.go"))
	origScope, _ := os.ReadFile(filepath.Join("testdata", "bumpprovider", "scope", "scope.go"))
	if !bytes.Equal(scopeSrc, origScope) {
		t.Errorf("scope.go changed:\n%s", scopeSrc)
	}
	claims, _ := os.ReadFile(filepath.Join(dir, "claims", "claims.go"))
	for _, want := range []string{`"sigs.k8s.io/cluster-api/api/core/v1beta2"`, `"sigs.k8s.io/cluster-api/util/patch"`} {
		if !strings.Contains(string(claims), want) {
			t.Errorf("claims.go lacks %q:\n%s", want, claims)
		}
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
	// The predicate compiles with the v1beta1 code but asserts v1beta2
	// objects in v1.14.2: a person checks it.
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.Contains(m, "predicates.ClusterUnpaused (sigs.k8s.io/cluster-api/util/predicates) at status/watch.go:12")
	}) {
		t.Errorf("the use of predicates.ClusterUnpaused is not left for a person: %q", res.Manual)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"sigs.k8s.io/cluster-api v1.10.2 → v1.14.2", "k8s.io/api v0.32.3 → v0.36", "sigs.k8s.io/controller-runtime v0.20.4 → v0.24",
		"sigs.k8s.io/cluster-api/util/conditions → sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions"} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("the PR body lacks %q:\n%s", want, body.String())
		}
	}
	if strings.Contains(body.String(), "secrets.go") {
		t.Errorf("the PR body names secrets.go, which the rewrite leaves as it was:\n%s", body.String())
	}
}

// What the bump must not change is refused before anything runs, and the
// tree stays as it was.
func TestBumpCoreRefuses(t *testing.T) {
	for name, tc := range map[string]struct {
		version, goMod, want string
		also                 []string // more the error says
	}{
		"replace by a directory":         {"v1.14.2", "replace sigs.k8s.io/cluster-api => ../cluster-api\n", "go.mod:%d: replace sigs.k8s.io/cluster-api => ../cluster-api: the requirement on sigs.k8s.io/cluster-api goes through a local directory", nil},
		"replace by the core's own tree": {"v1.14.2", "replace sigs.k8s.io/cluster-api => ./capi\n", "go.mod:%d: replace sigs.k8s.io/cluster-api => ./capi: the module builds against Cluster API's own source tree at ./capi (the same repository)", []string{"go mod edit -dropreplace=sigs.k8s.io/cluster-api -require=sigs.k8s.io/cluster-api@RELEASE"}},
		"replace by a fork":              {"v1.14.2", "replace sigs.k8s.io/cluster-api => example.com/fork/cluster-api v1.10.2\n", "replaced by another module", nil},
		"downgrade":                      {"v1.10.1", "", "requires sigs.k8s.io/cluster-api v1.10.2, newer than --capi-version v1.10.1", nil},
		"not a release":                  {"v1.14", "", "needs a release version", nil},
		"unknown release":                {"v1.99.0", "", "sigs.k8s.io/cluster-api@v1.99.0: the go command cannot download it", nil},
	} {
		t.Run(name, func(t *testing.T) {
			dir := copyTree(t, "testdata/bumpprovider")
			want := tc.want
			if tc.goMod != "" {
				gm := filepath.Join(dir, "go.mod")
				data, _ := os.ReadFile(gm)
				if err := os.WriteFile(gm, append(data, "\n"+tc.goMod...), 0o644); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(tc.goMod, "./capi") { // a source tree of the core
					if err := os.MkdirAll(filepath.Join(dir, "capi"), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, "capi", "go.mod"), []byte("module sigs.k8s.io/cluster-api\n\ngo 1.24\n"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if strings.Contains(want, "%d") { // the replace's line
					want = fmt.Sprintf(want, bytes.Count(data, []byte("\n"))+2)
				}
			}
			before := snapshot(t, dir)
			_, err := Run(Options{Dir: dir, BumpCAPI: tc.version, Write: true})
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "nothing was written") {
				t.Fatalf("err = %v, want one with %q that says nothing was written", err, want)
			}
			for _, w := range tc.also {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("err = %v, want one that says %q", err, w)
				}
			}
			after := snapshot(t, dir)
			for p, data := range before {
				if !bytes.Equal(after[p], data) {
					t.Errorf("%s changed", p)
				}
			}
		})
	}
}

// moveImports keeps each import's name, merges two imports that become
// one path into the first, renaming the second's uses, and sorts the
// group of a gofmt-clean file.
func TestMoveImports(t *testing.T) {
	src := `package p

import (
	"fmt"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	v1beta1conditions "sigs.k8s.io/cluster-api/util/conditions"
)

var _ = fmt.Sprint(expv1.MachinePool{}, clusterv1.Cluster{}, util.ObjectKey, v1beta1conditions.IsTrue)

func f(expv1 int) int { return expv1 }
`
	moves := map[string]string{
		"sigs.k8s.io/cluster-api/api/v1beta1":     "sigs.k8s.io/cluster-api/api/core/v1beta1",
		"sigs.k8s.io/cluster-api/exp/api/v1beta1": "sigs.k8s.io/cluster-api/api/core/v1beta1",
		"sigs.k8s.io/cluster-api/util/conditions": "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions",
	}
	out, done, err := moveImports("p.go", []byte(src), moves)
	if err != nil {
		t.Fatal(err)
	}
	want := `package p

import (
	"fmt"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	v1beta1conditions "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions"
)

var _ = fmt.Sprint(clusterv1.MachinePool{}, clusterv1.Cluster{}, util.ObjectKey, v1beta1conditions.IsTrue)

func f(expv1 int) int { return expv1 }
`
	if string(out) != want {
		t.Errorf("moveImports:\n%s\nwant:\n%s", out, want)
	}
	if len(done) != 3 {
		t.Errorf("moves done = %q, want 3", done)
	}
}

// The real go.mod takes the staged one's requirements (raised, added,
// dropped), go line and version replaces, and keeps its own directory
// replaces, which the staged copy made absolute.
func TestRealGoModFollowsTheBump(t *testing.T) {
	old := "module example.com/m\n\ngo 1.22\n\nrequire (\n\tsigs.k8s.io/cluster-api v1.10.4\n\texample.com/gone v1.0.0\n)\n\n" +
		"replace sigs.k8s.io/cluster-api => sigs.k8s.io/cluster-api v1.10.4\n\nreplace example.com/api => ./api\n"
	staged := "module example.com/m\n\ngo 1.24.0\n\nrequire (\n\tsigs.k8s.io/cluster-api v1.11.3\n\tk8s.io/api v0.33.3 // indirect\n)\n\n" +
		"replace sigs.k8s.io/cluster-api => sigs.k8s.io/cluster-api v1.11.3\n\nreplace example.com/api => /tmp/stage/api\n"
	p := filepath.Join(t.TempDir(), "go.mod")
	if err := os.WriteFile(p, []byte(staged), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := realGoMod([]byte(old), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go 1.24.0", "sigs.k8s.io/cluster-api v1.11.3\n", "k8s.io/api v0.33.3 // indirect", "=> sigs.k8s.io/cluster-api v1.11.3", "example.com/api => ./api"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("go.mod lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(string(got), "example.com/gone") || strings.Contains(string(got), "v1.10.4") || strings.Contains(string(got), "/tmp/stage") {
		t.Errorf("go.mod keeps what the staged one dropped or its absolute replace:\n%s", got)
	}
}

// funcsUsing tells the utilities whose code moved from the v1beta1 API to
// the v1beta2 one (Cluster API v1.10.2 and v1.14.2, both in the module
// cache: the fixture requires one, the repository pins the other).
func TestFuncsUsingTheAPI(t *testing.T) {
	dirOf := func(version string) string {
		out, err := goExec(nil, ".", nil, "mod", "download", "-json", "sigs.k8s.io/cluster-api@"+version).Output()
		var m downloadedModule
		if err != nil || json.Unmarshal(out, &m) != nil || m.Dir == "" {
			t.Skipf("sigs.k8s.io/cluster-api@%s is not to be had: %v", version, err)
		}
		return m.Dir
	}
	old := funcsUsing(filepath.Join(dirOf("v1.10.2"), "util", "predicates"), func(p string) bool { return p == "sigs.k8s.io/cluster-api/api/v1beta1" })
	new := funcsUsing(filepath.Join(dirOf("v1.14.2"), "util", "predicates"), func(p string) bool { return strings.HasSuffix(p, "/core/v1beta2") })
	for _, name := range []string{"ClusterUnpaused", "ClusterControlPlaneInitialized"} {
		if !old[name] || !new[name] {
			t.Errorf("%s: v1beta1 in v1.10.2 %v, v1beta2 in v1.14.2 %v; want both", name, old[name], new[name])
		}
	}
	if new["ResourceNotPaused"] || old["ResourceNotPaused"] {
		t.Error("ResourceNotPaused names no Cluster API type, yet it is listed")
	}
}

// An error in a dependency names the module and version it is in.
func TestCachedModuleOfAnError(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	line := filepath.Join(cache, "sigs.k8s.io", "cluster-api-ipam-provider-in-cluster@v1.0.3", "internal", "index", "index.go") + ":25:2: no required module provides package sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1"
	if got := cachedModule(line); got != "sigs.k8s.io/cluster-api-ipam-provider-in-cluster@v1.0.3" {
		t.Errorf("cachedModule = %q", got)
	}
	escaped := filepath.Join(cache, "github.com", "!azure", "go-autorest@v14.2.0+incompatible", "a.go") + ":1: x"
	if got := cachedModule(escaped); got != "github.com/Azure/go-autorest@v14.2.0+incompatible" {
		t.Errorf("cachedModule = %q", got)
	}
	if got := cachedModule("internal/scope/machine.go:195: x"); got != "" {
		t.Errorf("a module file is no dependency: %q", got)
	}
}

// typeErrors reports the errors of a package that imports a failing one,
// which go build never compiles.
func TestTypeErrorsPastAFailingPackage(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nfunc F() int { return \"x\" }\n",
		"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nvar S string = a.F()\n",
	})
	st := &stage{root: dir, dir: dir}
	got := compileErrors(typeErrors(st, dir))
	if len(got) != 2 || !strings.HasPrefix(got[0], "a/a.go:3: ") || !strings.HasPrefix(got[1], "b/b.go:5: ") {
		t.Errorf("typeErrors = %q, want a/a.go:3 and b/b.go:5", got)
	}
}

// TestBumpRenamesUtilities: a utility v1.11 renamed at the same path is
// renamed by the bump past v1.11, not before it, nor where a local hides
// the import.
func TestBumpRenamesUtilities(t *testing.T) {
	src := []byte(`package p

import "sigs.k8s.io/cluster-api/util/predicates"

var a = predicates.ClusterPausedTransitionsOrInfrastructureReady
var b = predicates.ClusterUnpausedAndInfrastructureReady

func f() {
	predicates := struct{ ClusterCreateInfraReady int }{}
	_ = predicates.ClusterCreateInfraReady
}
`)
	out, done := renameSymbols("p.go", src, "v1.10.2", "v1.11.3")
	want := strings.NewReplacer("predicates.ClusterPausedTransitionsOrInfrastructureReady", "predicates.ClusterPausedTransitionsOrInfrastructureProvisioned",
		"predicates.ClusterUnpausedAndInfrastructureReady", "predicates.ClusterUnpausedAndInfrastructureProvisioned").Replace(string(src))
	if string(out) != want || len(done) != 2 {
		t.Errorf("renameSymbols = %v\n%s", done, out)
	}
	if out, done := renameSymbols("p.go", src, "v1.10.2", "v1.10.4"); string(out) != string(src) || len(done) != 0 {
		t.Errorf("renameSymbols within v1.10 = %v\n%s", done, out)
	}
}

// TestMovesForMovedFile: a file the fixes moved to the v1beta2 Go API (it
// imports core v1beta2) keeps util/patch and util/conditions, which it
// names for v1beta2 objects; another file moves both to the deprecated
// v1beta1 homes.
func TestMovesForMovedFile(t *testing.T) {
	moves := map[string]string{}
	for _, mv := range contract.GoAPIMoves() {
		if mv.Since == contract.ReleaseV1Beta2 {
			moves[mv.From] = mv.To
		}
	}
	moved := []byte("package p\n\nimport (\n\tclusterv1 \"" + contract.PkgClusterV1 + "\"\n\tv1beta2 \"" + contract.PkgConditions + "\"\n)\n")
	kept := []byte("package p\n\nimport (\n\tclusterv1 \"" + contract.PkgClusterV1Beta1Old + "\"\n\t\"" + contract.PkgConditions + "\"\n)\n")
	for _, c := range []struct {
		src  []byte
		keep bool
	}{{moved, true}, {kept, false}} {
		got := movesFor(c.src, moves)
		for _, p := range []string{contract.PkgPatch, contract.PkgConditions} {
			if _, has := got[p]; has == c.keep {
				t.Errorf("%s moved = %v, want %v", p, has, !c.keep)
			}
		}
	}
}

// A raise to v1.11.3 whose moves do not converge: a package that reaches
// the scope's cluster without importing Cluster API keeps the address of a
// field whose type the move changes, which blocks the scope's unit; the
// controller's utility returns v1beta2 clusters from v1.11 and meets the
// kept scope. Nothing is written and the error names the place to change
// by hand. (Before cross-package units, the reaching package failed the
// build instead; a blocked unit does not yet withhold the files that only
// reach it, so the controller moves alone and fails there.)
func TestBumpUnconvergedNamesTheFirstFailure(t *testing.T) {
	dir := copyTree(t, "testdata/raiseprovider")
	before := snapshot(t, dir)
	_, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err == nil {
		t.Fatal("the rewrite passed")
	}
	msg := err.Error()
	for _, want := range []string{"nothing was written", "controllers/controllers.go:22:", "argument to scope.New"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks %q:\n%s", want, msg)
		}
	}
	after := snapshot(t, dir)
	for p, data := range before {
		if !bytes.Equal(after[p], data) {
			t.Errorf("%s changed", p)
		}
	}
}

// A raise to v1.11.3 whose moves converge: the controller (its utility
// returns v1beta2 clusters from v1.11), the scope it fills and the scope's
// test move to v1beta2 together; a *string passed on or held in a local
// becomes nil for "" (the v1beta1 view on that core), the test's literals
// (a reference by name, a moved readiness field, a helper's pointer)
// follow, and the module builds, vets and passes its test.
func TestBumpMovesTogether(t *testing.T) {
	dir := copyTree(t, "testdata/raisemoves")
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) > 0 {
		t.Errorf("withheld %v", res.Withheld)
	}
	for file, wants := range map[string][]string{
		"scope/scope.go":             {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`, "var failureDomain *string", "failureDomain = &s.Machine.Spec.FailureDomain", "return zoneOrDefault(failureDomain)", "var version *string"},
		"scope/scope_test.go":        {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`, `NodeRef: clusterv1.MachineNodeReference{Name: "node"}`, "InfrastructureProvisioned: ptr.To(true)", "ptr.Deref(int32Ptr(443), 0)"},
		"controllers/controllers.go": {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`},
	} {
		src, _ := os.ReadFile(filepath.Join(dir, file))
		for _, want := range wants {
			if !strings.Contains(string(src), want) {
				t.Errorf("%s lacks %q:\n%s", file, want, src)
			}
		}
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}

// A package that imports no Cluster API package but reads a v1beta1
// pointer field through another package's moved declaration moves with it.
func TestBumpMovesAcrossPackages(t *testing.T) {
	dir := copyTree(t, "testdata/raisecross")
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) > 0 {
		t.Errorf("withheld %v", res.Withheld)
	}
	for file, wants := range map[string][]string{
		"scope/scope.go":             {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`},
		"service/service_test.go":    {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`},
		"service/service.go":         {"\tnetwork := s.Cluster.Spec.ClusterNetwork\n", "if len(network.Pods.CIDRBlocks) > 0 {"},
		"controllers/controllers.go": {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`},
	} {
		src, _ := os.ReadFile(filepath.Join(dir, file))
		for _, want := range wants {
			if !strings.Contains(string(src), want) {
				t.Errorf("%s lacks %q:\n%s", file, want, src)
			}
		}
	}
	// util.GetOwnerCluster works on v1beta2 in v1.11, and so does the
	// moved file that calls it: nothing for a person to check there.
	if i := slices.IndexFunc(res.Manual, func(m string) bool { return strings.Contains(m, "GetOwnerCluster") }); i >= 0 {
		t.Errorf("a moved file's use of a utility is left for a person: %s", res.Manual[i])
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if want := "The files the Go API fixes moved"; !strings.Contains(body.String(), want) || strings.Contains(body.String(), "The code stays on the v1beta1 types") {
		t.Errorf("the PR body does not say the code moved to v1beta2:\n%s", body.String())
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}

// TestUnconvergedSaysWhatWasWithheld: a run that fails after withholding
// what a test failure blamed names those units and why, not only the last
// failure (which is where the withheld code met the rest).
func TestUnconvergedSaysWhatWasWithheld(t *testing.T) {
	first := fmt.Errorf("go test: TestReconcile failed")
	last := &bumpBuildError{msg: "after raising … does not build", places: 2, to: "v1.11.3"}
	units := []WithheldUnit{{Type: "example.com/p/api/v1alpha1.FooMachine", Reason: "TestReconcile fails (controllers/foo_test.go:12)", Output: "foo_test.go:12: want ready"}}
	msg := unconverged(first, last, units).Error()
	for _, want := range []string{last.msg, "Earlier rounds withheld", "v1alpha1.FooMachine was not migrated", "TestReconcile fails (controllers/foo_test.go:12)", "failed with:\n    foo_test.go:12: want ready"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks %q:\n%s", want, msg)
		}
	}
	if got := unconverged(last, last, units); got != error(last) {
		t.Errorf("one failure alone: got %v", got)
	}
}

// A type change the raise goes with (spec.providerID to string) is
// verified with its regenerated deepcopy: the build after the raise is
// judged once the generated code follows the types, not before.
func TestBumpVerifiesRegeneratedCode(t *testing.T) {
	dir := copyTree(t, "testdata/bumpprovider")
	for _, sub := range []string{"api", "config"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("testdata", "crdprovider", sub))); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) > 0 {
		t.Errorf("withheld %v", res.Withheld)
	}
	types, _ := os.ReadFile(filepath.Join(dir, "api", "v1beta1", "foomachine_types.go"))
	if !strings.Contains(string(types), "ProviderID string") {
		t.Errorf("spec.providerID is not a string:\n%s", types)
	}
	goIn(t, dir, "vet", "./...")
}

// An API package the raise breaks (a field of a package v1.11 removed)
// fails the run with the raise's places, not the deepcopy generator's.
func TestBumpBreakingAPIPackageNamesThePlace(t *testing.T) {
	dir := copyTree(t, "testdata/bumpprovider")
	for _, sub := range []string{"api", "config"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("testdata", "crdprovider", sub))); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, dir, map[string]string{"api/v1beta1/config_types.go": `package v1beta1

import upstream "sigs.k8s.io/cluster-api/bootstrap/kubeadm/types/upstreamv1beta1"

// FooConfig holds a kubeadm configuration.
type FooConfig struct {
	Cluster upstream.ClusterConfiguration ` + "`json:\"cluster\"`" + `
}
`})
	goIn(t, dir, "mod", "tidy")
	_, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err == nil || !strings.Contains(err.Error(), "api/v1beta1/config_types.go:3") || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("err = %v, want the raise's place api/v1beta1/config_types.go:3 and nothing written", err)
	}
}

// TestAdaptCalls: a call of a utility whose signature dropped an
// argument between the releases loses it where the file is on the new
// signature's v1beta2 package, and the local passed only there goes too;
// not in a file still on v1beta1, not for a raise that stops before the
// change, and not for an argument that may carry data (a call's result, a
// local set elsewhere): the new release would lose it.
func TestAdaptCalls(t *testing.T) {
	src := func(bootstrap, arg string) []byte {
		return []byte(`package p

import (
	"github.com/blang/semver/v4"

	bootstrapv1 "` + bootstrap + `"
	kubeadmtypes "sigs.k8s.io/cluster-api/bootstrap/kubeadm/types"
)

func f(yaml string, v semver.Version) (string, error) {
	clusterConfiguration := &bootstrapv1.ClusterConfiguration{}
	ic, err := kubeadmtypes.UnmarshalInitConfiguration(yaml, ` + arg + `)
	if err != nil {
		return "", err
	}
	return kubeadmtypes.MarshalInitConfigurationForVersion(clusterConfiguration, ic, v)
}
`)
	}
	const v1beta2 = "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2"
	in := src(v1beta2, "clusterConfiguration")
	out, done := adaptCalls("p.go", in, "v1.10.2", "v1.11.3")
	want := strings.NewReplacer("\tclusterConfiguration := &bootstrapv1.ClusterConfiguration{}\n", "",
		"(yaml, clusterConfiguration)", "(yaml)", "(clusterConfiguration, ic, v)", "(ic, v)").Replace(string(in))
	if string(out) != want || len(done) != 2 {
		t.Errorf("adaptCalls = %q\n%s", done, out)
	}
	for name, c := range map[string]struct {
		src       []byte
		built, to contract.Release
	}{
		"on v1beta1":        {src("sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1", "clusterConfiguration"), "v1.10.2", "v1.11.3"},
		"within v1.10":      {in, "v1.10.2", "v1.10.4"},
		"built on v1.11":    {in, "v1.11.0", "v1.14.2"},
		"a call's argument": {src(v1beta2, "new(bootstrapv1.ClusterConfiguration)"), "v1.10.2", "v1.11.3"},
		"the types alone":   {[]byte("package p\n\nimport (\n\tclusterv1 \"sigs.k8s.io/cluster-api/api/core/v1beta2\"\n\t\"sigs.k8s.io/cluster-api/util\"\n)\n\nvar _ = util.IsControlPlaneMachine(&clusterv1.Machine{})\n"), "v1.10.2", "v1.11.3"},
		"a filled local":    {[]byte(strings.Replace(string(in), "{}\n", "{}\n\tclusterConfiguration.ClusterName = \"c\"\n", 1)), "v1.10.2", "v1.11.3"},
	} {
		out, done := adaptCalls("p.go", c.src, c.built, c.to)
		if name == "a call's argument" { // the Marshal call is still adapted
			if len(done) != 1 || !bytes.Contains(out, []byte("UnmarshalInitConfiguration(yaml, new(")) {
				t.Errorf("%s: adaptCalls = %q\n%s", name, done, out)
			}
			continue
		}
		if string(out) != string(c.src) || len(done) != 0 {
			t.Errorf("%s: adaptCalls = %q\n%s", name, done, out)
		}
	}
}

// TestSignatureNotes: a failing line that calls a utility of the table
// gets its instruction, the hand-written one where there is one.
func TestSignatureNotes(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.go")
	if err := os.WriteFile(p, []byte(`package p

import kubeadmtypes "sigs.k8s.io/cluster-api/bootstrap/kubeadm/types"

func f(yaml string) error {
	_, err := kubeadmtypes.UnmarshalClusterConfiguration(yaml)
	return err
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := signatureNotes(p, 6, "v1.10.2", "v1.11.3")
	if len(notes) != 1 || !strings.Contains(notes[0], "take the added *upstream.AdditionalData result") || !strings.Contains(notes[0], "types.UnmarshalClusterConfiguration changed in Cluster API v1.11.0") {
		t.Errorf("notes = %q", notes)
	}
	if notes := signatureNotes(p, 5, "v1.10.2", "v1.11.3"); len(notes) != 0 {
		t.Errorf("notes of another line = %q", notes)
	}
}

// TestBumpAdaptsChangedSignatures: a raise to v1.11.3 of a module whose
// file calls the kubeadm types' Unmarshal/Marshal utilities that v1.11
// changed (the ClusterConfiguration argument dropped, v1beta2 types): the
// file moves to v1beta2, the calls drop the argument, the local passed
// only there goes with its import, and the module builds and passes its
// test.
func TestBumpAdaptsChangedSignatures(t *testing.T) {
	dir := copyTree(t, "testdata/raisesig")
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) > 0 {
		t.Errorf("withheld %v", res.Withheld)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "kubeadm", "kubeadm.go"))
	for _, want := range []string{"kubeadmtypes.UnmarshalInitConfiguration(yaml)", "kubeadmtypes.MarshalInitConfigurationForVersion(initConfiguration, v)"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("kubeadm.go lacks %q:\n%s", want, src)
		}
	}
	// The local passed only there went, and with it the import.
	if strings.Contains(string(src), "clusterConfiguration") || strings.Contains(string(src), "bootstrapv1") {
		t.Errorf("kubeadm.go keeps the dropped configuration:\n%s", src)
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}

// TestBumpNamesChangedSignatures: the same calls in a file the migration
// cannot move (a field v1beta2 retyped, a map of kubelet arguments) stay
// on v1beta1 and fail the raise's build; each place gets its utility's
// instruction, and nothing is written.
func TestBumpNamesChangedSignatures(t *testing.T) {
	dir := copyTree(t, "testdata/raisesig")
	path := filepath.Join(dir, "kubeadm", "kubeadm.go")
	src, _ := os.ReadFile(path)
	src = bytes.Replace(src, []byte("\tinitConfiguration.NodeRegistration.Name = node\n"),
		[]byte("\tinitConfiguration.NodeRegistration.Name = node\n\tinitConfiguration.NodeRegistration.KubeletExtraArgs = map[string]string{\"node-labels\": node}\n"), 1)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	_, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err == nil {
		t.Fatal("the rewrite passed")
	}
	for _, want := range []string{"nothing was written", "kubeadm/kubeadm.go:16:",
		"→ types.UnmarshalInitConfiguration changed in Cluster API v1.11.0 from func(string, *v1beta1.ClusterConfiguration) (*v1beta1.InitConfiguration, error) to func(string) (*v1beta2.InitConfiguration, error): drop argument 2; move the calling code to the v1beta2 types",
		"→ types.MarshalInitConfigurationForVersion changed in Cluster API v1.11.0",
		// Why the file met them on v1beta1: what kept it there, once.
		"→ kubeadm.go stayed on v1beta1, as its move to v1beta2 is not mechanical: kubeadm.go:21: v1beta1.InitConfiguration.NodeRegistration.KubeletExtraArgs is used whole"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q:\n%s", want, err)
		}
	}
	if n := strings.Count(err.Error(), "stayed on v1beta1"); n != 1 {
		t.Errorf("the error says %d times why the file stayed on v1beta1:\n%s", n, err)
	}
	after := snapshot(t, dir)
	for p, data := range before {
		if !bytes.Equal(after[p], data) {
			t.Errorf("%s changed", p)
		}
	}
}

// A raise to v1.11.3 of a file that reads and writes the v1beta1
// conditions of core objects (a scope's cluster, a machine; condition
// types of core and of the provider's own): the file moves to v1beta2 and
// its calls to util/conditions/deprecated/v1beta1, with the names v1beta2
// keeps for the v1beta1 conditions, so they read and write the same
// conditions; the file calling them on the provider's own object keeps
// the v1beta1 utilities. The module builds, vets and passes its test,
// which reads back what was written.
func TestBumpMovesV1Beta1Conditions(t *testing.T) {
	dir := copyTree(t, "testdata/raiseconds")
	res, err := Run(Options{Dir: dir, CAPIVersion: "v1.11.3", BumpCAPI: "v1.11.3", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) > 0 {
		t.Errorf("withheld %v", res.Withheld)
	}
	for file, wants := range map[string][]string{
		"controllers/core.go": {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`, `conditions "sigs.k8s.io/cluster-api/util/conditions/deprecated/v1beta1"`,
			"conditions.IsTrue(s.Cluster, clusterv1.ControlPlaneInitializedV1Beta1Condition)", "conditions.Get(s.Cluster, clusterv1.ReadyV1Beta1Condition)",
			"conditions.MarkTrue(m, clusterv1.ConditionType(own.AgentHealthyCondition))",
			"conditions.MarkFalse(m, clusterv1.BootstrapReadyV1Beta1Condition, clusterv1.WaitingForDataSecretFallbackV1Beta1Reason, clusterv1.ConditionSeverityInfo,",
			"conditions.FalseCondition(clusterv1.InfrastructureReadyV1Beta1Condition, clusterv1.WaitingForInfrastructureFallbackV1Beta1Reason,",
			"== clusterv1.WaitingForDataSecretFallbackV1Beta1Reason"},
		"controllers/core_test.go": {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`},
		"controllers/own.go":       {`"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions"`},
		"own/own.go":               {`clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"`},
	} {
		src, _ := os.ReadFile(filepath.Join(dir, file))
		for _, want := range wants {
			if !strings.Contains(string(src), want) {
				t.Errorf("%s lacks %q:\n%s", file, want, src)
			}
		}
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}
