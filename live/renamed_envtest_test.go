package live_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/live"
)

// renamedNS holds control planes whose CRD lists v1beta2 under both contract
// labels (dual) and infrastructure clusters labelled v1beta2 only
// (testdata/crds-kinds/qux*.json, schemas that keep unknown fields).
const renamedNS = "renamed"

func seedRenamed(ctx context.Context) error {
	if err := admin.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: renamedNS}}); err != nil {
		return err
	}
	const (
		cp    = "controlplane.cluster.x-k8s.io/v1beta2"
		infra = "infrastructure.cluster.x-k8s.io/v1beta2"
	)
	initialized := map[string]any{"initialized": true, "initialization": map[string]any{"controlPlaneInitialized": true}}
	status := func(extra map[string]any) map[string]any { return merge(initialized, extra) }
	three := map[string]any{"replicas": int64(3), "version": "v1.31.0"}
	versions := func(vs ...string) []any {
		var out []any
		for _, v := range vs {
			out = append(out, map[string]any{"version": v, "replicas": int64(1)})
		}
		return out
	}
	both := map[string]any{"updatedReplicas": int64(3), "upToDateReplicas": int64(3), "unavailableReplicas": int64(0), "availableReplicas": int64(3)}
	for _, u := range []*unstructured.Unstructured{
		obj(cp, "QuxControlPlane", renamedNS, "cp-healthy", three,
			status(map[string]any{"updatedReplicas": int64(3), "upToDateReplicas": int64(3), "unavailableReplicas": int64(1), "availableReplicas": int64(2),
				"version": "v1.30.2", "versions": versions("v1.30.2", "v1.31.0")})),
		// Writes the v1beta1 names only: the v1beta2 label's reader sees no counters and no drain timeout.
		obj(cp, "QuxControlPlane", renamedNS, "cp-v1names",
			map[string]any{"replicas": int64(3), "version": "v1.31.0", "machineTemplate": map[string]any{"nodeDrainTimeout": "10s"}},
			status(map[string]any{"updatedReplicas": int64(3), "unavailableReplicas": int64(0)})),
		// Writes only the v1beta2 names although the CRD is dual: a core reading the v1beta1 label sees nothing.
		obj(cp, "QuxControlPlane", renamedNS, "cp-v2only", three,
			map[string]any{"initialization": map[string]any{"controlPlaneInitialized": true}, "upToDateReplicas": int64(3), "availableReplicas": int64(3)}),
		obj(cp, "QuxControlPlane", renamedNS, "cp-disagree", three,
			status(map[string]any{"updatedReplicas": int64(2), "upToDateReplicas": int64(3), "unavailableReplicas": int64(1), "availableReplicas": int64(3)})),
		obj(cp, "QuxControlPlane", renamedNS, "cp-unordered", three, status(merge(both, map[string]any{"version": "v1.31.0", "versions": versions("v1.31.0", "v1.30.2")}))),
		obj(cp, "QuxControlPlane", renamedNS, "cp-mismatch", three, status(merge(both, map[string]any{"version": "v1.31.0", "versions": versions("v1.30.2", "v1.31.0")}))),
		obj(cp, "QuxControlPlane", renamedNS, "cp-versions-only", three, status(merge(both, map[string]any{"versions": versions("v1.31.0")}))),
		obj(cp, "QuxControlPlane", renamedNS, "cp-bad-version", three, status(merge(both, map[string]any{"version": "latest", "versions": versions("latest")}))),
		obj(infra, "QuxCluster", renamedNS, "qcl-list", map[string]any{},
			map[string]any{"initialization": map[string]any{"provisioned": true}, "failureDomains": []any{map[string]any{"name": "az-1"}}}),
		// The v1beta1 map shape under a v1beta2 label.
		obj(infra, "QuxCluster", renamedNS, "qcl-map", map[string]any{},
			map[string]any{"initialization": map[string]any{"provisioned": true}, "failureDomains": map[string]any{"az-1": map[string]any{"controlPlane": true}}}),
	} {
		if err := create(ctx, u, true); err != nil {
			return err
		}
	}
	return nil
}

func merge(a, b map[string]any) map[string]any {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// renamedFindings lists the findings on the renamed namespace's objects and
// the qux CRDs: rule, severity, object and field.
func renamedFindings(t *testing.T, core string) []string {
	t.Helper()
	res := auditAs(t, "", live.Options{Namespace: renamedNS, CAPIVersion: core})
	var out []string
	for _, f := range res.Findings {
		if f.Object == nil || !(f.Object.Namespace == renamedNS || strings.HasPrefix(f.Object.Name, "qux")) {
			continue
		}
		out = append(out, f.Rule+" "+f.Severity.String()+" "+f.Object.Kind+"/"+f.Object.Name+" "+f.Field)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestRenamedFieldsAndVersionsAgainstAPIServer(t *testing.T) {
	needLive(t)
	for _, tc := range []struct {
		core string
		want []string
	}{
		{"v1.14.0", []string{
			"MPA345 warning CustomResourceDefinition/quxcontrolplanes.controlplane.cluster.x-k8s.io metadata.labels",
			"MPA424 error QuxCluster/qcl-map status.failureDomains",
			"MPA428 error QuxControlPlane/cp-v1names spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds",
			"MPA428 error QuxControlPlane/cp-v1names status.availableReplicas",
			"MPA428 error QuxControlPlane/cp-v1names status.upToDateReplicas",
			"MPA429 info QuxControlPlane/cp-v2only status.initialized",
			"MPA429 info QuxControlPlane/cp-v2only status.unavailableReplicas",
			"MPA429 info QuxControlPlane/cp-v2only status.updatedReplicas",
			"MPA430 warning QuxControlPlane/cp-disagree status.availableReplicas",
			"MPA430 warning QuxControlPlane/cp-disagree status.upToDateReplicas",
			"MPA431 warning QuxControlPlane/cp-bad-version status.versions",
			"MPA431 warning QuxControlPlane/cp-mismatch status.version",
			"MPA431 warning QuxControlPlane/cp-unordered status.versions",
		}},
		// Before v1.14 core reads only status.version: the list's order and
		// values do not matter to it, a missing status.version does.
		{"v1.13.2", []string{
			"MPA345 warning CustomResourceDefinition/quxcontrolplanes.controlplane.cluster.x-k8s.io metadata.labels",
			"MPA424 error QuxCluster/qcl-map status.failureDomains",
			"MPA428 error QuxControlPlane/cp-v1names spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds",
			"MPA428 error QuxControlPlane/cp-v1names status.availableReplicas",
			"MPA428 error QuxControlPlane/cp-v1names status.upToDateReplicas",
			"MPA429 info QuxControlPlane/cp-v2only status.initialized",
			"MPA429 info QuxControlPlane/cp-v2only status.unavailableReplicas",
			"MPA429 info QuxControlPlane/cp-v2only status.updatedReplicas",
			"MPA430 warning QuxControlPlane/cp-disagree status.availableReplicas",
			"MPA430 warning QuxControlPlane/cp-disagree status.upToDateReplicas",
			"MPA431 warning QuxControlPlane/cp-mismatch status.version",
			"MPA431 warning QuxControlPlane/cp-versions-only status.version",
		}},
	} {
		got := renamedFindings(t, tc.core)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s findings:\n%s\nwant:\n%s", tc.core, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}
