package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A provider whose API types are a module of their own (api/go.mod,
// replaced by ./api) is rewritten as one: the api module's types and the
// root module's uses change, both modules build and vet, and the real
// files of both are written.
func TestRewriteNestedAPIModule(t *testing.T) {
	dir := copyTree(t, "testdata/nestedprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, c := range res.Changes {
		rels = append(rels, c.Rel)
	}
	for _, want := range []string{"api/v1beta1/foomachine_types.go", "api/v1beta1/zz_generated.deepcopy.go", "controllers/controllers.go",
		"config/crd/bases/infrastructure.crds.example.com_foomachines.yaml", "config/crd/kustomization.yaml"} {
		if !slices.Contains(rels, want) {
			t.Errorf("%s not changed; changes: %v", want, rels)
		}
	}
	t.Logf("changes: %v; manual: %v", rels, res.Manual)
	if !res.Written {
		t.Fatal("not written")
	}
	// test/go.mod replaces ../api: its uses are named, not migrated.
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.HasPrefix(m, "the module test (test/go.mod replaces example.com/crds/api")
	}) {
		t.Errorf("the test module is not named as not migrated: %v", res.Manual)
	}
	for _, m := range []string{dir, filepath.Join(dir, "api")} {
		goIn(t, m, "build", "./...")
		goIn(t, m, "vet", "./...")
	}
	types := readFile(t, filepath.Join(dir, "api", "v1beta1", "foomachine_types.go"))
	if !strings.Contains(types, "ProviderID string") {
		t.Errorf("providerID not migrated:\n%s", types)
	}
	uses := readFile(t, filepath.Join(dir, "controllers", "controllers.go"))
	if !strings.Contains(uses, "m.Spec.ProviderID = id") {
		t.Errorf("the root module's use not migrated:\n%s", uses)
	}

	before := snapshot(t, dir)
	again, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		var names []string
		for _, c := range again.Changes {
			names = append(names, c.Rel)
		}
		t.Errorf("second run changed %v", names)
	}
	after := snapshot(t, dir)
	for p, b := range before {
		if now := after[p]; !bytes.Equal(now, b) {
			t.Errorf("second run modified %s", p)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The api module is built and vetted on its own: its tests are compiled by
// neither the root module's build nor its vet.
func TestRewriteNestedAPIModuleTestsMustBuild(t *testing.T) {
	dir := copyTree(t, "testdata/nestedprovider")
	unkeyed := `package v1beta1

var legacy = FooMachineStatus{nil, true, nil, nil}
`
	if err := os.WriteFile(filepath.Join(dir, "api", "v1beta1", "legacy_test.go"), []byte(unkeyed), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "module api does not build") || !strings.Contains(err.Error(), "legacy_test.go") {
		t.Fatalf("want a build failure of the api module naming legacy_test.go, got %v", err)
	}
	after := snapshot(t, dir)
	for p, b := range before {
		if !bytes.Equal(after[p], b) {
			t.Errorf("%s changed although the api module did not build", p)
		}
	}
}

// The conversions of a spoke in the nested API module are regenerated and
// completed there, as in a single module (the same golden).
func TestRewriteNestedAPIModuleConversions(t *testing.T) {
	dir := copyTree(t, "testdata/convprovider")
	// apis/ becomes a module of its own with the root's requirements, under
	// a path that is not the root's path plus apis/.
	const oldPath, newPath = "example.com/convprovider/apis/", "example.com/convapi/"
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".go") {
			return err
		}
		return os.WriteFile(path, []byte(strings.ReplaceAll(readFile(t, path), oldPath, newPath)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	gomod := readFile(t, filepath.Join(dir, "go.mod"))
	apiMod := strings.Replace(gomod, "module example.com/convprovider\n", "module example.com/convapi\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "apis", "go.mod"), []byte(apiMod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(filepath.Join(dir, "go.sum"), filepath.Join(dir, "apis", "go.sum")); err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "mod", "edit", "-require=example.com/convapi@v0.0.0", "-replace=example.com/convapi=./apis")
	goIn(t, dir, "build", "./...")

	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	if !res.Written {
		t.Fatal("nothing written")
	}
	got := readFile(t, filepath.Join(dir, spokeDir, "conversion.go"))
	want := strings.ReplaceAll(readFile(t, filepath.Join("testdata/convprovider", spokeDir, "conversion.go.golden")), oldPath, newPath)
	if got != want {
		t.Errorf("conversion.go differs from the single module's golden:\n%s", got)
	}
	if gen := readFile(t, filepath.Join(dir, spokeDir, "zz_generated.conversion.go")); !strings.Contains(gen, "Convert_Pointer_string_To_string(&in.ProviderID") {
		t.Errorf("zz_generated.conversion.go was not regenerated:\n%s", gen)
	}
	for _, m := range []string{dir, filepath.Join(dir, "apis")} {
		goIn(t, m, "build", "./...")
		goIn(t, m, "vet", "./...")
	}
}

// From the api module the root's uses are not analysed: when they break,
// nothing is written and the error says where to run the rewrite.
func TestRewriteNestedFromAPIModule(t *testing.T) {
	dir := copyTree(t, "testdata/nestedprovider")
	before := snapshot(t, dir)
	_, err := Run(Options{Dir: filepath.Join(dir, "api"), Patterns: []string{"./..."}, Write: true})
	if err == nil || !strings.Contains(err.Error(), "the rewritten module .. does not build") || !strings.Contains(err.Error(), "run `mpaudit rewrite ./...` in ..") {
		t.Fatalf("want the root module's build failure and where to run, got %v", err)
	}
	after := snapshot(t, dir)
	for p, b := range before {
		if !bytes.Equal(after[p], b) {
			t.Errorf("%s changed although the root module did not build", p)
		}
	}
}

// The stage holds the module and a sibling api module it replaces by
// ../api, in their layout; outside a repository nothing else of the
// directory holding them is copied, and a replace of a module left out
// becomes absolute.
func TestStageSiblingModules(t *testing.T) {
	outer, _ := filepath.EvalSymlinks(t.TempDir())
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(outer, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("p/go.mod", "module example.com/p\n\ngo 1.26.0\n\nrequire (\n\texample.com/p/api v0.0.0\n\texample.com/lib v0.0.0\n\tsigs.k8s.io/cluster-api v1.11.0\n)\n\nreplace example.com/p/api => ../api\n\nreplace example.com/lib => ../lib\n\nreplace sigs.k8s.io/cluster-api => ../capi\n")
	write("p/main.go", "package main\n")
	write("api/go.mod", "module example.com/p/api\n\ngo 1.26.0\n")
	write("api/v1/types.go", "package v1\n")
	write("lib/go.mod", "module example.com/lib\n\ngo 1.26.0\n")
	write("capi/go.mod", "module sigs.k8s.io/cluster-api\n\ngo 1.26.0\n")
	write("unrelated/big.txt", "not the provider's\n")
	// lib is replaced too, so it is staged; the core and unrelated are not.
	st, err := newStage(filepath.Join(outer, "p"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.remove()
	for rel, want := range map[string]bool{"p/main.go": true, "api/v1/types.go": true, "lib/go.mod": true, "capi/go.mod": false, "unrelated/big.txt": false} {
		_, err := os.Stat(filepath.Join(st.topDir, rel))
		if got := err == nil; got != want {
			t.Errorf("%s staged: %v, want %v", rel, got, want)
		}
	}
	if gm := readFile(t, filepath.Join(st.dir, "go.mod")); !strings.Contains(gm, "=> ../api") || !strings.Contains(gm, "=> ../lib") {
		t.Errorf("replaces between staged modules must stay relative:\n%s", gm)
	}
	if gm := readFile(t, filepath.Join(st.dir, "go.mod")); !strings.Contains(gm, "=> "+filepath.Join(outer, "capi")) {
		t.Errorf("the core's replace must point at the real directory:\n%s", gm)
	}
	if got := st.real(filepath.Join(st.topDir, "api", "v1", "types.go")); got != filepath.Join(outer, "api", "v1", "types.go") {
		t.Errorf("real path of a staged api file: %s", got)
	}
}

// withTestModule is the crdprovider fixture with testdata/testmodule as
// test/, a module that replaces the provider by ../ and uses its types.
func withTestModule(t *testing.T) string {
	t.Helper()
	dir := copyTree(t, "testdata/crdprovider")
	test := filepath.Join(dir, "test")
	if err := os.CopyFS(test, os.DirFS("testdata/testmodule")); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(filepath.Join(dir, "go.sum"), filepath.Join(test, "go.sum")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A module of the repository that replaces the provider by ../ (an e2e
// suite) is no part of the provider, but its uses of the changed types
// are migrated with the provider's and it builds after.
func TestRewriteDependentModule(t *testing.T) {
	dir := withTestModule(t)
	goIn(t, filepath.Join(dir, "test"), "vet", "./...")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true, TestTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	// The verification ran the changed test module's tests too.
	if res.tests == nil || !slices.ContainsFunc(res.tests.passed, func(id testID) bool { return id.pkg == "example.com/crds/test/e2e" && id.name == "TestProviderID" }) {
		t.Errorf("the test module's tests were not run: %+v", res.tests)
	}
	var rels []string
	for _, c := range res.Changes {
		rels = append(rels, c.Rel)
	}
	for _, want := range []string{"api/v1beta1/foomachine_types.go", "controllers/controllers.go", "test/e2e/e2e.go"} {
		if !slices.Contains(rels, want) {
			t.Errorf("%s not changed; changes: %v", want, rels)
		}
	}
	if i := slices.IndexFunc(res.Manual, func(m string) bool { return strings.Contains(m, "the module test") }); i >= 0 {
		t.Errorf("the test module is named for a person: %s", res.Manual[i])
	}
	e2e := readFile(t, filepath.Join(dir, "test", "e2e", "e2e.go"))
	if strings.Contains(e2e, "ptr.To(id)") || strings.Contains(e2e, "*m.Spec.ProviderID") {
		t.Errorf("the test module's uses of providerID not migrated:\n%s", e2e)
	}
	if suite := readFile(t, filepath.Join(dir, "test", "suite", "suite_test.go")); strings.Contains(suite, "ptr.To(") {
		t.Errorf("the uses in the test module's tests-only package not migrated:\n%s", suite)
	}
	goIn(t, filepath.Join(dir, "test"), "vet", "./...")
	goIn(t, filepath.Join(dir, "test"), "test", "./...")
}

// A module that uses the provider but cannot be loaded (a requirement the
// module proxy cannot give) is named with the reason; the provider itself
// is still rewritten and written.
func TestRewriteDependentModuleNotLoaded(t *testing.T) {
	dir := withTestModule(t)
	goIn(t, filepath.Join(dir, "test"), "mod", "edit", "-require=example.com/absent@v1.0.0")
	cloud := "package e2e\n\nimport _ \"example.com/absent/cloud\"\n"
	if err := os.WriteFile(filepath.Join(dir, "test", "e2e", "cloud.go"), []byte(cloud), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	e2e := readFile(t, filepath.Join(dir, "test", "e2e", "e2e.go"))
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written || !slices.ContainsFunc(res.Changes, func(c Change) bool { return c.Rel == "controllers/controllers.go" }) {
		t.Fatalf("the provider was not rewritten: written %v, %d changes", res.Written, len(res.Changes))
	}
	if readFile(t, filepath.Join(dir, "test", "e2e", "e2e.go")) != e2e {
		t.Error("the module that did not load was changed")
	}
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.HasPrefix(m, "the module test (test/go.mod replaces example.com/crds by a local directory) was not loaded") &&
			strings.Contains(m, "example.com/absent")
	}) {
		t.Errorf("the test module is not named as not loaded, with the reason: %v", res.Manual)
	}
	t.Logf("for a person: %v", res.Manual)
}

// A use in the dependent module that no fix rewrites withholds the type
// fix it would break, as a use in the provider's own module does: the rest
// is written and the dependent module still builds.
func TestRewriteDependentModuleBlocksTypeFix(t *testing.T) {
	dir := withTestModule(t)
	keep := "package e2e\n\nimport infrav1 \"example.com/crds/api/v1beta1\"\n\nfunc keep(**string) {}\n\n// Keep hands the ID on to be set later.\nfunc Keep(m *infrav1.FooMachine) { keep(&m.Spec.ProviderID) }\n"
	if err := os.WriteFile(filepath.Join(dir, "test", "e2e", "keep.go"), []byte(keep), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("for a person: %v", res.Manual)
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.Contains(m, "spec.providerID") && strings.Contains(m, "test/e2e/keep.go:8")
	}) {
		t.Errorf("the providerID fix is not withheld for the use in test/e2e/keep.go: %v", res.Manual)
	}
	if types := readFile(t, filepath.Join(dir, "api", "v1beta1", "foomachine_types.go")); !strings.Contains(types, "ProviderID *string") {
		t.Errorf("providerID changed although a use in the test module needs the pointer")
	}
	if !res.Written {
		t.Error("nothing written")
	}
	goIn(t, filepath.Join(dir, "test"), "vet", "./...")
}
