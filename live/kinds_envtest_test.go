package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
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
		// A template object: core reads only its metadata, so it is not judged.
		obj(infra+"/v1beta2", "BarMachinePoolTemplate", kindsNS, "bmpt", map[string]any{"template": map[string]any{"spec": map[string]any{}}}, nil),
	} {
		if err := create(ctx, u, true); err != nil {
			return err
		}
	}
	return nil
}

// TestAuditKindsAgainstAPIServer asserts the whole set of findings on the
// CRDs of testdata/crds-kinds and the objects of the kinds namespace (the
// pool CRDs beside them are TestAudit's), so a new false positive fails.
func TestAuditKindsAgainstAPIServer(t *testing.T) {
	needLive(t)
	res := auditAs(t, "", live.Options{Namespace: kindsNS})
	fixtureCRDs := map[string]bool{}
	files, err := filepath.Glob(filepath.Join("testdata", "crds-kinds", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("fixture CRDs: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var crd apiextensionsv1.CustomResourceDefinition
		if err := json.Unmarshal(data, &crd); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		fixtureCRDs[crd.Name] = true
	}
	var got []string
	for _, f := range res.Findings {
		if f.Object == nil || (f.Object.Namespace != kindsNS && !(f.Object.Kind == "CustomResourceDefinition" && fixtureCRDs[f.Object.Name])) {
			continue
		}
		got = append(got, f.Rule+" "+f.Severity.String()+" "+f.Object.Kind+"/"+f.Object.Name)
	}
	slices.Sort(got)
	want := []string{
		"MPA342 error CustomResourceDefinition/barmachinepooltemplates.infrastructure.cluster.x-k8s.io",
		"MPA343 warning CustomResourceDefinition/barcontrolplanes.controlplane.cluster.x-k8s.io",
		"MPA345 info CustomResourceDefinition/barconfigs.bootstrap.cluster.x-k8s.io",
		"MPA345 warning CustomResourceDefinition/quxcontrolplanes.controlplane.cluster.x-k8s.io",
		"MPA346 error CustomResourceDefinition/barmachines.infrastructure.cluster.x-k8s.io",
		"MPA420 error BarMachine/bm-ready",
		"MPA425 warning Machine/m-bar",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Per CRD: the kind it was audited as, its objects and their readiness
	// classes in the kind's field names, or why its objects were not judged.
	summaries := map[string]string{}
	for _, r := range res.Resources {
		if fixtureCRDs[r.CRD] {
			var classes []string
			for _, c := range slices.Sorted(maps.Keys(r.Readiness)) {
				classes = append(classes, fmt.Sprintf("%s=%d", c, r.Readiness[c]))
			}
			summaries[r.Kind] = strings.TrimSpace(fmt.Sprintf("%s %d %s [%s] %s", r.ContractKind, r.Objects, r.Contract, strings.Join(classes, " "), r.ObjectsNotJudged))
		}
	}
	// Template objects are not listed (bmpt exists): core reads nothing of
	// them but metadata, which no rule can find wrong.
	const notJudged = "objects not judged: core reads only spec.template.metadata"
	wantSummaries := map[string]string{
		"BarCluster": "InfraCluster 1 v1beta2 [dual-agree=1]", "BarMachine": "InfraMachine 1 v1beta2 [ready-only=1]",
		"BarControlPlane": "ControlPlane 1 v1beta1 [initialized-only=1]", "BarConfig": "BootstrapConfig 1 v1beta2 [dual-agree=1]",
		"QuxCluster": "InfraCluster 0 v1beta2 []", "QuxControlPlane": "ControlPlane 0 v1beta2 []",
		"BarMachineTemplate":     "InfraMachineTemplate 0 v1beta2 [] " + notJudged,
		"BarMachinePoolTemplate": "InfraMachinePoolTemplate 0  [] " + notJudged,
	}
	if !maps.Equal(summaries, wantSummaries) {
		t.Errorf("CRD summaries:\n%v\nwant:\n%v", summaries, wantSummaries)
	}
	rows := map[string]string{}
	for _, r := range res.TypeRefs {
		if strings.HasSuffix(r.Name, "Template") {
			rows[r.Name] = r.Kind
		}
	}
	if want := map[string]string{"BarMachineTemplate": "InfraMachineTemplate", "BarMachinePoolTemplate": "InfraMachinePoolTemplate"}; !maps.Equal(rows, want) {
		t.Errorf("template matrix rows %v, want %v", rows, want)
	}
}
