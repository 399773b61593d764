package live

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// measuredDump is the kinds dump's CRDs with objects whose verdicts
// internal/oracle measured against Cluster API's own reconcilers.
func measuredDump(t *testing.T, objects ...map[string]any) string {
	t.Helper()
	data, err := os.ReadFile("testdata/kinds/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	var dump map[string]any
	if err := json.Unmarshal(data, &dump); err != nil {
		t.Fatal(err)
	}
	var items []any
	for _, it := range dump["items"].([]any) {
		if it.(map[string]any)["kind"] == "CustomResourceDefinition" {
			items = append(items, it)
		}
	}
	for _, o := range objects {
		items = append(items, o)
	}
	dump["items"] = items
	out, err := json.Marshal(dump)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dump.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func object(apiVersion, kind, name string, spec, status map[string]any) map[string]any {
	return map[string]any{"apiVersion": apiVersion, "kind": kind,
		"metadata": map[string]any{"name": name, "namespace": "team"}, "spec": spec, "status": status}
}

// TestAuditAgreesWithMeasuredCore: verdicts the oracle found wrong.
func TestAuditAgreesWithMeasuredCore(t *testing.T) {
	path := measuredDump(t,
		// v1.11.3 reads a v1beta1-labelled control plane's status.ready in
		// place of status.initialized: the v1beta2 field alone is unread.
		object("controlplane.example.com/v1beta2", "FooControlPlane", "cp2", map[string]any{},
			map[string]any{"initialization": map[string]any{"controlPlaneInitialized": true}}),
		object("cluster.x-k8s.io/v1beta2", "Cluster", "c2", map[string]any{
			"controlPlaneRef": map[string]any{"apiGroup": "controlplane.example.com", "kind": "FooControlPlane", "name": "cp2"}},
			map[string]any{"initialization": map[string]any{"controlPlaneInitialized": false}}),
		// Ready without a providerID: core waits, the Machine is not
		// provisioned, and that is no disagreement.
		object("infrastructure.example.com/v1beta2", "FooMachine", "m4", map[string]any{},
			map[string]any{"initialization": map[string]any{"provisioned": true}}),
		object("cluster.x-k8s.io/v1beta2", "Machine", "m4", map[string]any{"clusterName": "c2",
			"bootstrap":         map[string]any{"dataSecretName": "x"},
			"infrastructureRef": map[string]any{"apiGroup": "infrastructure.example.com", "kind": "FooMachine", "name": "m4"}},
			map[string]any{}),
	)
	for _, core := range []string{"v1.11.3", "v1.14.2"} {
		src, err := LoadFile(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Audit(context.Background(), src, Options{CAPIVersion: core})
		if err != nil {
			t.Fatal(err)
		}
		got := ruleObjects(res)
		has := func(rule, obj string) bool {
			return slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, rule+" ") && strings.HasSuffix(s, " "+obj) })
		}
		if !has("MPA420", "FooControlPlane/cp2") {
			t.Errorf("%s: no MPA420 on cp2, whose only initialization field core does not read:\n%s", core, strings.Join(got, "\n"))
		}
		if !has("MPA423", "FooMachine/m4") || has("MPA425", "Machine/m4") {
			t.Errorf("%s: want MPA423 on FooMachine m4 and no MPA425 on Machine m4:\n%s", core, strings.Join(got, "\n"))
		}
	}
}
