package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSchemeDrop moves a module whose only v1beta1 use besides the
// scheme's registration moves too: the v1beta1 registration (a statement
// and a SchemeBuilder element) is dropped with its import, and the
// result builds, vets and passes its tests. Two imports of the package
// (core and exp before v1.11 moved both there) leave one registration of
// the successor.
func TestSchemeDrop(t *testing.T) {
	dir := copyTree(t, "testdata/schemeprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true, TestTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	main := readIn(t, dir, "cmd/main.go")
	if strings.Contains(main, "core/v1beta1") || strings.Contains(main, "clusterv1.AddToScheme") {
		t.Errorf("main.go keeps the v1beta1 registration:\n%s", main)
	}
	if !strings.Contains(main, "\tutilruntime.Must(clusterv1beta2.AddToScheme(scheme))\n\tutilruntime.Must(more.AddToScheme(scheme))") ||
		strings.Count(main, "clusterv1beta2.AddToScheme(scheme)") != 1 ||
		!strings.Contains(main, "runtime.SchemeBuilder{clusterv1beta2.AddToScheme}") {
		t.Errorf("main.go does not register the v1beta2 types alone:\n%s", main)
	}
	if src := readIn(t, dir, "controllers/machine.go"); strings.Contains(src, "core/v1beta1") {
		t.Errorf("machine.go did not move:\n%s", src)
	}
	body := new(strings.Builder)
	if err := res.WritePRBody(body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body.String(), "the registration of sigs.k8s.io/cluster-api/api/core/v1beta1 in the scheme dropped: no package of the module uses a typed v1beta1 object") {
		t.Errorf("the PR body does not say why the registration went:\n%s", body)
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "./...")
}

// TestSchemeDropKept: a file whose move is blocked keeps a typed v1beta1
// object (a Cluster), so the registration stays beside the v1beta2 one.
func TestSchemeDropKept(t *testing.T) {
	dir := copyTree(t, "testdata/schemeprovider")
	domains, err := os.ReadFile("testdata/schemeprovider_domains.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "controllers/domains.go"), domains, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true}); err != nil {
		t.Fatal(err)
	}
	main := readIn(t, dir, "cmd/main.go")
	if !strings.Contains(main, "utilruntime.Must(clusterv1.AddToScheme(scheme))\n\tutilruntime.Must(clusterv1beta2.AddToScheme(scheme))") ||
		!strings.Contains(main, "{clusterv1.AddToScheme, clusterv1beta2.AddToScheme}") {
		t.Errorf("the scheme does not register both versions:\n%s", main)
	}
	if src := readIn(t, dir, "controllers/domains.go"); string(src) != string(domains) {
		t.Errorf("domains.go changed:\n%s", src)
	}
	goIn(t, dir, "build", "./...")
}

func readIn(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSchemeDropWithheld: a test that needs the v1beta1 types in the
// scheme, though no code names them, fails only with the drop: the drop
// is withheld alone and the rest is written.
func TestSchemeDropWithheld(t *testing.T) {
	dir := copyTree(t, "testdata/schemeprovider")
	test, err := os.ReadFile("testdata/schemeprovider_gvk_test.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cmd/gvk_test.go"), test, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true, TestTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Withheld) != 1 || res.Withheld[0].Type != "sigs.k8s.io/cluster-api/api/core/v1beta1.AddToScheme" ||
		!strings.Contains(res.Withheld[0].Reason, "TestSchemeV1Beta1") {
		t.Errorf("withheld %+v, want the drop alone, for TestSchemeV1Beta1", res.Withheld)
	} else if got := res.Withheld[0].String(); !strings.HasPrefix(got, "the registration of sigs.k8s.io/cluster-api/api/core/v1beta1 in the scheme stays: without it ") {
		t.Errorf("the withheld drop reads %q", got)
	}
	if main := readIn(t, dir, "cmd/main.go"); !strings.Contains(main, "utilruntime.Must(clusterv1.AddToScheme(scheme))\n\tutilruntime.Must(clusterv1beta2.AddToScheme(scheme))") {
		t.Errorf("the scheme does not register both versions:\n%s", main)
	}
	if src := readIn(t, dir, "controllers/machine.go"); strings.Contains(src, "core/v1beta1") {
		t.Errorf("machine.go did not move:\n%s", src)
	}
	goIn(t, dir, "test", "./...")
}
