package live_test

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/live"
)

// kindsNS holds the label-driven kinds' objects and the core Clusters and
// Machines that reference them (fixtures in testdata/crds-kinds).
const kindsNS = "kinds"

func seedKinds(ctx context.Context) error {
	if err := admin.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: kindsNS}}); err != nil {
		return err
	}
	const (
		infra = "infrastructure.cluster.x-k8s.io"
		cp    = "controlplane.cluster.x-k8s.io"
		bs    = "bootstrap.cluster.x-k8s.io"
	)
	ref := func(group, kind, name string) map[string]any {
		return map[string]any{"apiGroup": group, "kind": kind, "name": name}
	}
	for _, u := range []*unstructured.Unstructured{
		obj(infra+"/v1beta2", "BarCluster", kindsNS, "bcl", map[string]any{},
			map[string]any{"ready": true, "initialization": map[string]any{"provisioned": true}, "failureDomains": []any{map[string]any{"name": "az-1"}}}),
		// Labelled v1beta2, writes only status.ready: never provisioned.
		obj(infra+"/v1beta2", "BarMachine", kindsNS, "bm-ready", map[string]any{"providerID": "bar://1"}, map[string]any{"ready": true}),
		obj(cp+"/v1beta2", "BarControlPlane", kindsNS, "bcp", map[string]any{}, map[string]any{"ready": true, "initialized": true}),
		obj(bs+"/v1beta2", "BarConfig", kindsNS, "bc", map[string]any{},
			map[string]any{"ready": true, "initialization": map[string]any{"dataSecretCreated": true}, "dataSecretName": "bc-data"}),
		obj("cluster.x-k8s.io/v1beta2", "Cluster", kindsNS, "c-bar",
			map[string]any{"infrastructureRef": ref(infra, "BarCluster", "bcl"), "controlPlaneRef": ref(cp, "BarControlPlane", "bcp")},
			map[string]any{"initialization": map[string]any{"infrastructureProvisioned": true, "controlPlaneInitialized": true},
				"failureDomains": []any{map[string]any{"name": "az-1"}}}),
		// Agrees with bm-ready as core reads it, but lags its bootstrap config.
		obj("cluster.x-k8s.io/v1beta2", "Machine", kindsNS, "m-bar",
			map[string]any{"clusterName": "c-bar", "infrastructureRef": ref(infra, "BarMachine", "bm-ready"),
				"bootstrap": map[string]any{"configRef": ref(bs, "BarConfig", "bc")}},
			map[string]any{"initialization": map[string]any{"infrastructureProvisioned": false, "bootstrapDataSecretCreated": false}}),
	} {
		if err := create(ctx, u, true); err != nil {
			return err
		}
	}
	return nil
}

func TestAuditKindsAgainstAPIServer(t *testing.T) {
	needLive(t)
	res := auditAs(t, "", live.Options{Namespace: kindsNS})
	got := findingSet(res)
	for _, w := range []string{
		"MPA343 warning CustomResourceDefinition/barcontrolplanes.controlplane.cluster.x-k8s.io",
		"MPA345 warning CustomResourceDefinition/barconfigs.bootstrap.cluster.x-k8s.io",
		"MPA346 error CustomResourceDefinition/barmachines.infrastructure.cluster.x-k8s.io",
		"MPA420 error BarMachine/bm-ready",
		"MPA425 warning Machine/m-bar",
	} {
		if !got[w] {
			t.Errorf("missing %s", w)
		}
	}
	for f := range got {
		for _, healthy := range []string{"Cluster/c-bar", "BarCluster/bcl", "BarControlPlane/bcp", "BarConfig/bc"} {
			if strings.HasSuffix(f, " "+healthy) {
				t.Errorf("finding on a healthy object: %s", f)
			}
		}
		if strings.HasPrefix(f, "MPA425") && !strings.HasSuffix(f, "Machine/m-bar") {
			t.Errorf("unexpected disagreement: %s", f)
		}
	}
	for _, r := range res.Resources {
		if r.Kind == "BarMachine" && (r.Objects != 1 || r.Contract != "v1beta2") {
			t.Errorf("BarMachine summary = %+v", r)
		}
	}
}
