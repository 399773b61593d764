package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFDExplore(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v\n%q", err, res.Manual)
	}
	for _, c := range res.Changes {
		t.Logf("changed %s %v", c.Rel, c.Why)
	}
	t.Logf("manual: %s", strings.Join(res.Manual, "\n"))
	t.Logf("held: %+v fdMigrated %v", res.held, res.fdMigrated)
	for _, f := range res.After.Findings {
		t.Logf("after: %s %v %s %s %s spoke=%v", f.Rule, f.Severity, f.Kind, f.Field, f.APIVersion, f.Spoke)
	}
	for _, p := range []string{"controllers/cluster.go", "apis/infra/v1beta1/conversion.go", "apis/infra/v1beta2/foocluster_types.go", "config/crd/kustomization.yaml"} {
		b, _ := os.ReadFile(filepath.Join(dir, p))
		t.Logf("%s:\n%s", p, b)
	}
}
