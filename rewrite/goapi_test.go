package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRewriteGoAPI moves a controller package from Cluster API's v1beta1
// Go API to v1beta2 file by file: a file and its test whose uses the map
// rewrites move (the test passes on the result), a file whose move is not
// mechanical (a failureDomains map) keeps v1beta1 and is named for a
// person, a file that would move but calls that one's v1beta1-typed
// helper keeps v1beta1 with it (one unit), a file and its test whose move
// builds but fails that
// test (the JSON a test expects is v1beta1's), and the scheme registers the v1beta2 types beside the v1beta1
// ones.
func TestRewriteGoAPI(t *testing.T) {
	dir := copyTree(t, "testdata/goapiprovider")
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	domains, cluster, render := read("controllers/domains.go"), read("controllers/cluster.go"), read("controllers/render.go")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true, TestTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	const v1beta2 = `clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"`
	for _, rel := range []string{"controllers/machine.go", "controllers/machine_test.go"} {
		if src := read(rel); !strings.Contains(src, v1beta2) || strings.Contains(src, "core/v1beta1") {
			t.Errorf("%s did not move to v1beta2:\n%s", rel, src)
		}
	}
	if src := read("controllers/machine.go"); !strings.Contains(src, "ptr.Deref(m.Status.Initialization.InfrastructureProvisioned, false)") ||
		!strings.Contains(src, `m.Spec.ProviderID == ""`) || !strings.Contains(src, "m.Spec.Version = v") {
		t.Errorf("machine.go's uses were not rewritten:\n%s", src)
	}
	if read("controllers/domains.go") != domains {
		t.Errorf("domains.go changed")
	}
	if read("controllers/render.go") != render {
		t.Errorf("render.go changed, though a test fails with its move")
	}
	if read("controllers/cluster.go") != cluster {
		t.Errorf("cluster.go changed, though its move does not build")
	}
	if main := read("cmd/main.go"); !strings.Contains(main, "utilruntime.Must(clusterv1.AddToScheme(scheme))\n\tutilruntime.Must(clusterv1beta2.AddToScheme(scheme))") {
		t.Errorf("the scheme does not register both versions:\n%s", main)
	}
	withheld := ""
	for _, u := range res.Withheld {
		withheld += u.String() + "\n"
	}
	for _, file := range []string{"render.go"} { // its test moves with it
		if !strings.Contains(withheld, "example.com/goapiprovider/controllers/"+file+" keeps Cluster API's v1beta1 Go API: with its move to v1beta2 ") {
			t.Errorf("%s is not withheld: %s", file, withheld)
		}
	}
	if !strings.Contains(withheld, "the test example.com/goapiprovider/controllers.TestRender, which passed before, fails") {
		t.Errorf("no unit is withheld for the failing test: %s", withheld)
	}
	if strings.Contains(withheld, "machine") {
		t.Errorf("machine.go was withheld: %s", withheld)
	}
	manual := strings.Join(res.Manual, "\n")
	if !strings.Contains(manual, "controllers/domains.go keeps Cluster API's v1beta1 Go API, as its move to v1beta2 is not mechanical") ||
		!strings.Contains(manual, "domains.go:12: v1beta1.Cluster.Status.FailureDomains is used whole") || !strings.Contains(manual, "range over the list") {
		t.Errorf("domains.go's blocker is not listed for a person:\n%s", manual)
	}
	// cluster.go calls domains.go's helper of a v1beta1 type: it moves
	// with domains.go, so not at all.
	if !strings.Contains(manual, "cluster.go keeps its v1beta1 imports") && !strings.Contains(manual, "shares v1beta1-typed declarations with domains.go") {
		t.Errorf("cluster.go is not kept with domains.go:\n%s", manual)
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "./controllers/")
}

func TestFirstBlocker(t *testing.T) {
	blockers := "a.go:3: x: do this; then that; a.go:9: y: do that; b.go:1: other"
	first, more := firstBlocker("pkg/a.go", blockers)
	if first != "a.go:3: x: do this; then that" || more != 1 {
		t.Errorf("firstBlocker = %q, %d", first, more)
	}
}
