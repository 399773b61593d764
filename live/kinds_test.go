package live

import (
	"context"
	"strings"
	"testing"
)

func auditKindsDump(t *testing.T, core string) *Result {
	t.Helper()
	src, err := LoadFile(context.Background(), "testdata/kinds/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Audit(context.Background(), src, Options{CAPIVersion: core})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestAuditKindsDump(t *testing.T) {
	res := auditKindsDump(t, "v1.13.0")
	want := []string{
		"MPA341 error CustomResourceDefinition/foomachinetemplates.infrastructure.example.com",
		"MPA343 warning CustomResourceDefinition/foocontrolplanes.controlplane.example.com",
		"MPA345 info CustomResourceDefinition/fooconfigs.bootstrap.example.com",
		"MPA345 info CustomResourceDefinition/foomachinepools.infrastructure.example.com",
		"MPA346 error CustomResourceDefinition/fooclusters.infrastructure.example.com",
		"MPA348 error CustomResourceDefinition/fooclusters.infrastructure.example.com",
		"MPA420 error FooCluster/c1",
		"MPA421 warning FooMachine/m3",
		"MPA423 error FooMachine/m1",
		"MPA424 error FooCluster/c1",
		"MPA425 warning Cluster/c1",
		"MPA425 warning Machine/m3",
		"MPA426 error Machine/m2",
		// c1's failure domains have the other contract's shape: core copies
		// none (MPA424), so the Cluster agrees with what core computes.
		"MPA427 warning Cluster/c2",
		// Both labels list v1beta2: a v1.10 core reads b1's status.ready, which is unset.
		"MPA429 info FooConfig/b1",
	}
	got := ruleObjects(res)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range res.Findings {
		if f.Rule == "MPA425" && f.Object.Kind == "Cluster" && !strings.Contains(f.Message, "controlPlaneInitialized") {
			t.Errorf("Cluster c1 is in sync for its infrastructure; only the control plane disagrees: %s", f.Message)
		}
	}
}

// The same dump on a core that knows only the v1beta1 contract: a CRD
// labelled only v1beta2 resolves nothing, so the Cluster's reference fails.
func TestAuditKindsDumpBeforeV1Beta2(t *testing.T) {
	got := strings.Join(ruleObjects(auditKindsDump(t, "v1.10.0")), "\n")
	for _, w := range []string{
		"MPA342 error CustomResourceDefinition/fooclusters.infrastructure.example.com",
		"MPA342 error CustomResourceDefinition/foomachines.infrastructure.example.com",
		"MPA426 error Cluster/c1",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %s in\n%s", w, got)
		}
	}
	// Under v1beta1 the control plane is read by status.initialized, which cp1 sets.
	if strings.Contains(got, "MPA343") || strings.Contains(got, "FooControlPlane/cp1") {
		t.Errorf("v1.10 judged the v1beta1 label or cp1:\n%s", got)
	}
}
