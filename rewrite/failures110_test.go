package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestRewriteKeepsFailureFieldsForV1Beta1Cores: a provider on Cluster API
// v1.10.4 with one served API version whose controller sets the top-level
// failure fields. v1.10 reads them (external.FailuresFrom, a terminal
// failure), so the rewrite keeps them and their writes where they are,
// says why, leaves the released series of metadata.yaml alone, and the PR
// body's "works on" line says v1.10 reads them.
func TestRewriteKeepsFailureFieldsForV1Beta1Cores(t *testing.T) {
	dir := copyTree(t, "testdata/capi110failures")
	metadata, _ := os.ReadFile(filepath.Join(dir, metadataFile))
	res := rewriteTwice(t, dir, nil)

	types, _ := os.ReadFile(filepath.Join(dir, "api/v1alpha1/foomachine_types.go"))
	pool, _ := os.ReadFile(filepath.Join(dir, "api/v1alpha1/foomachinepool_types.go"))
	ctrl, _ := os.ReadFile(filepath.Join(dir, "controllers/controllers.go"))
	for _, src := range [][]byte{types, pool, ctrl} {
		if bytes.Contains(src, []byte("V1Beta1")) {
			t.Errorf("the failure fields moved:\n%s", src)
		}
	}
	if !bytes.Contains(types, []byte("FailureReason *capierrors.MachineStatusError `json:\"failureReason,omitempty\"`")) ||
		!bytes.Contains(pool, []byte("FailureReason *capierrors.MachinePoolStatusFailure `json:\"failureReason,omitempty\"`")) ||
		!bytes.Contains(ctrl, []byte("m.Status.FailureReason = &reason")) || !bytes.Contains(ctrl, []byte("p.Status.FailureMessage = &msg")) {
		t.Errorf("a failure field or its write changed:\n%s\n%s\n%s", types, pool, ctrl)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, metadataFile)); !bytes.Equal(now, metadata) {
		t.Errorf("metadata.yaml changed:\n%s", now)
	}
	kept := 0
	for _, f := range res.After.Findings {
		if (f.Rule == contract.RuleKindFailureFields || f.Rule == contract.RuleFailureReason || f.Rule == contract.RuleFailureMessage) &&
			strings.Contains(f.Message, "not moved: cores v1.10.4 up to v1.11.0 read") {
			kept++
		}
	}
	if kept != 4 {
		t.Errorf("%d MPA125/MPA105/MPA106 findings say why the failure fields stay, want 4", kept)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"FooMachine.infrastructure.fail110.example.com v1alpha1 (InfraMachine): cores v1.10.4 up to v1.11.0 read it by the v1beta1 contract: status.ready, spec.providerID, status.failureReason, status.failureMessage; cores v1.11.0 and later read it by the v1beta2 contract: ",
		"FooMachinePool.infrastructure.fail110.example.com v1alpha1 (InfraMachinePool): cores v1.10.4 up to v1.11.0 read it by the v1beta1 contract: status.ready, spec.providerIDList, status.replicas, status.failureReason, status.failureMessage; ",
		"**clusterctl metadata**: metadata.yaml keeps its release series (v0.7 declares v1beta1): cores from v1.10.4",
	} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("PR body lacks %q:\n%s", want, body.String())
		}
	}
	if strings.Contains(body.String(), "every core release") {
		t.Errorf("PR body claims every core release:\n%s", body.String())
	}
}
