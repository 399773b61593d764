package live

import (
	"context"
	"strings"
	"testing"
)

// TestAuditDumpIgnoreAnnotations audits testdata/dump-ignore.json, dump.json
// with mpaudit.io/ignore annotations: on objects (by ID and by name), on
// CRDs (covering the CRD's findings and its objects'), one without a
// reason, one naming an unused rule and one naming no known rule.
func TestAuditDumpIgnoreAnnotations(t *testing.T) {
	src, err := LoadFile(context.Background(), "testdata/dump-ignore.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Audit(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"MPA301 error CustomResourceDefinition/bazmachinepools.infrastructure.cluster.x-k8s.io",
		"MPA304 error CustomResourceDefinition/quxpools.infrastructure.cluster.x-k8s.io",
		"MPA305 error CustomResourceDefinition/quxpools.infrastructure.cluster.x-k8s.io",
		// MPA307 and MPA309: the barmachinepools CRD's annotation.
		// MPA401: provisioned-only's annotation.
		// MPA402: disagree's annotation, by rule name.
		"MPA404 error FooMachinePool/failed", // its annotation has no reason
		// MPA405: the foomachinepools CRD's annotation covers its objects.
		"MPA406 error FooMachinePool/mpm",
		"MPA501 error MachinePool/mp-misnamed",
		"MPA501 error MachinePool/mp-missing",
		"MPA501 error MachinePool/mp-unlabelled",
		// MPA502: mp-lagging's annotation.
		"MPA901 error FooMachinePool/failed",
		"MPA902 warning FooMachinePool/disagree", // MPA404: nothing to suppress
		"MPA902 warning MachinePool/mp-missing",  // MPA999 is no rule
	}
	got := ruleObjects(res)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Suppressed != 6 {
		t.Errorf("%d findings suppressed, want 6", res.Suppressed)
	}
	messages := map[string]string{
		"failed":     `entry "MPA404" gives no reason`,
		"disagree":   "MPA404 suppresses no finding on this object",
		"mp-missing": `"MPA999" is not a rule`,
	}
	for _, f := range res.Findings {
		if f.Rule != "MPA901" && f.Rule != "MPA902" {
			continue
		}
		if f.Field != "metadata.annotations[mpaudit.io/ignore]" || f.Object == nil || f.Object.Cluster != src.Name() {
			t.Errorf("annotation finding lacks its field or object: %+v", f)
			continue
		}
		if !strings.Contains(f.Message, messages[f.Object.Name]) {
			t.Errorf("%s on %s: message %q lacks %q", f.Rule, f.Object.Name, f.Message, messages[f.Object.Name])
		}
	}
}
