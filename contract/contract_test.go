package contract

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The labels resolve as Cluster API core does; a core before v1.11 reads
// only the v1beta1 label (util/conversion in v1.10), whatever the kind.
func TestResolveContractLikeClusterAPI(t *testing.T) {
	released, dropped, before := Release("v1.14.2"), Release("v1.16.0"), Release("v1.10.4")
	cases := []struct {
		labels        map[string]string
		core          Release
		contract, api string
		wantErr       bool
	}{
		{map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2_v1beta1"}, released, "v1beta2", "v1beta2", false},
		{map[string]string{"cluster.x-k8s.io/v1beta2": "v1_v1beta3"}, released, "v1beta2", "v1", false},
		{map[string]string{"cluster.x-k8s.io/v1beta1": "v1alpha1", "cluster.x-k8s.io/v1beta2": "v1alpha2"}, released, "v1beta2", "v1alpha2", false},
		{map[string]string{"cluster.x-k8s.io/v1beta1": "v1alpha1", "cluster.x-k8s.io/v1beta2": "v1alpha2"}, before, "v1beta1", "v1alpha1", false},
		{map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta2"}, before, "", "", true},
		{map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta1", "cluster.x-k8s.io/v1beta2": ""}, released, "v1beta1", "v1beta1", false},
		{map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta1"}, dropped, "", "", true},
		{map[string]string{"cluster.x-k8s.io/v1alpha4": "v1alpha4"}, released, "", "", true},
		{nil, released, "", "", true},
	}
	for _, c := range cases {
		contract, api, err := ResolveContractAt(c.labels, c.core)
		if (err != nil) != c.wantErr || string(contract) != c.contract || api != c.api {
			t.Errorf("ResolveContractAt(%v, %s) = %q, %q, %v; want %q, %q, err=%v", c.labels, c.core, contract, api, err, c.contract, c.api, c.wantErr)
		}
	}
}

func TestCRDNameIsClusterAPIs(t *testing.T) {
	for kind, want := range map[string]string{
		"DockerMachinePool":          "dockermachinepools.infrastructure.cluster.x-k8s.io",
		"AzureASOManagedMachinePool": "azureasomanagedmachinepools.infrastructure.cluster.x-k8s.io",
		"FooProxy":                   "fooproxies.infrastructure.cluster.x-k8s.io",
	} {
		if got := CRDName("infrastructure.cluster.x-k8s.io", kind); got != want {
			t.Errorf("CRDName(%s) = %s, want %s", kind, got, want)
		}
	}
}

// An InfraMachinePool CRD's name, scope and labels are judged by the pool's
// own rules, inside the CRD check of every kind.
func TestEvaluateKindCRDPool(t *testing.T) {
	released, dropped, before := Release("v1.14.2"), Release("v1.16.0"), Release("v1.10.4")
	good := CRDInfo{
		Name: "foomachinepools.infrastructure.cluster.x-k8s.io", Group: "infrastructure.cluster.x-k8s.io", Kind: "FooMachinePool",
		Scope:    "Namespaced",
		Versions: []CRDVersion{{Name: "v1beta1", Served: true}, {Name: "v1beta2", Served: true, Storage: true}},
		Labels:   map[string]string{"cluster.x-k8s.io/v1beta2": "v1beta1_v1beta2"},
	}
	rules := func(c CRDInfo, core Release) string {
		var out []string
		for _, v := range EvaluateKindCRD(KindCRD{ContractKind: &InfraMachinePool, CRDInfo: c}, core) {
			out = append(out, v.Rule+":"+v.Severity.String())
		}
		return strings.Join(out, ",")
	}
	if got := rules(good, released); got != "" {
		t.Errorf("good CRD: %s", got)
	}
	mod := func(f func(*CRDInfo)) CRDInfo {
		c := good
		c.Labels = maps.Clone(good.Labels)
		c.Versions = append([]CRDVersion(nil), good.Versions...)
		f(&c)
		return c
	}
	cases := []struct {
		name string
		crd  CRDInfo
		core Release
		want string
	}{
		{"wrong name", mod(func(c *CRDInfo) { c.Name = "foopools.infrastructure.cluster.x-k8s.io" }), released, "MPA304:error"},
		{"cluster scope", mod(func(c *CRDInfo) { c.Scope = "Cluster" }), released, "MPA305:error"},
		{"no labels", mod(func(c *CRDInfo) { c.Labels = nil }), released, "MPA301:error"},
		{"v1beta1 only", mod(func(c *CRDInfo) { c.Labels = map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta2"} }), released, "MPA302:warning"},
		{"v1beta1 only after compat", mod(func(c *CRDInfo) { c.Labels = map[string]string{"cluster.x-k8s.io/v1beta1": "v1beta2"} }), dropped, "MPA302:error"},
		{"chosen version absent", mod(func(c *CRDInfo) { c.Labels["cluster.x-k8s.io/v1beta2"] = "v1beta3" }), released, "MPA303:error"},
		{"chosen version unserved", mod(func(c *CRDInfo) { c.Versions[1].Served = false }), released, "MPA303:error"},
		{"advisory absent version", mod(func(c *CRDInfo) { c.Labels["cluster.x-k8s.io/v1beta1"] = "v1alpha1" }), released, "MPA303:info"},
		// A core before v1.11 reads the v1beta1 label's version, served here.
		{"v1beta2 version unserved, read by v1beta1 label before v1.11", mod(func(c *CRDInfo) {
			c.Labels["cluster.x-k8s.io/v1beta1"] = "v1beta1"
			c.Versions[1].Served = false
		}), before, "MPA303:info,MPA345:info"},
		{"v1beta1 version unserved before v1.11", mod(func(c *CRDInfo) {
			c.Labels["cluster.x-k8s.io/v1beta1"] = "v1beta1"
			c.Versions[0].Served = false
		}), before, "MPA303:error,MPA303:info,MPA345:info"},
		{"other contract keys ignored", mod(func(c *CRDInfo) { c.Labels["cluster.x-k8s.io/v1alpha4"] = "v1alpha4" }), released, ""},
	}
	for _, c := range cases {
		if got := rules(c.crd, c.core); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	// Another kind's CRD gets its own rule, never the pool's.
	cp := mod(func(c *CRDInfo) {
		c.Name, c.Kind = "foocontrolplanes.controlplane.cluster.x-k8s.io", "FooControlPlane"
		c.Group = "controlplane.cluster.x-k8s.io"
	})
	cp.Name = "wrong.controlplane.cluster.x-k8s.io"
	var got []string
	for _, v := range EvaluateKindCRD(KindCRD{ContractKind: &ControlPlane, CRDInfo: cp}, released) {
		got = append(got, v.Rule)
	}
	if want := []string{RuleKindCRDName}; !slices.Equal(got, want) {
		t.Errorf("ControlPlane CRD with a wrong name: %v, want %v", got, want)
	}
}

func TestBehaviourByVersion(t *testing.T) {
	cases := []struct {
		version                 string
		readsReady, provisioned bool
		v1beta1                 bool
	}{
		{"v1.10.0", true, false, true},
		{"v1.14.2", true, false, true},
		{"1.14.0", true, false, true},
		{"v1.15.0-beta.0", true, false, true},
		{"v1.15.0", true, true, true},
		{"v1.16.0", false, true, false},
	}
	for _, c := range cases {
		b, err := BehaviourFor(c.version)
		if err != nil {
			t.Fatalf("%s: %v", c.version, err)
		}
		if b.ReadsReady() != c.readsReady || b.ReadsProvisioned() != c.provisioned || b.AcceptsV1Beta1Contract != c.v1beta1 {
			t.Errorf("%s: %+v", c.version, b)
		}
	}
	if _, err := BehaviourFor("latest"); err == nil {
		t.Error("BehaviourFor(latest) accepted")
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTargetFromGoMod(t *testing.T) {
	dir := t.TempDir()
	gm := filepath.Join(dir, "p", "go.mod")

	writeFile(t, gm, "module p\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v1.11.3\n")
	tg, err := TargetFromGoMod(gm)
	if err != nil || tg.Version != "v1.11.3" || !tg.Behaviour.ReadsOnlyReady() {
		t.Errorf("require: %+v %v", tg, err)
	}

	writeFile(t, gm, "module p\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v1.11.3\n\nreplace sigs.k8s.io/cluster-api => sigs.k8s.io/cluster-api v1.15.0\n")
	if tg, err = TargetFromGoMod(gm); err != nil || tg.Version != "v1.15.0" || !tg.Behaviour.ReadsProvisioned() {
		t.Errorf("replace to version: %+v %v", tg, err)
	}

	writeFile(t, gm, "module p\n\ngo 1.26.0\n\nrequire sigs.k8s.io/cluster-api v0.0.0-00010101000000-000000000000\n\nreplace sigs.k8s.io/cluster-api => ../\n")
	writeFile(t, filepath.Join(dir, "go.mod"), "module sigs.k8s.io/cluster-api\n\ngo 1.26.0\n")
	if tg, err = TargetFromGoMod(gm); err != nil || tg.LocalTree != dir || !tg.Behaviour.ReadsOnlyReady() {
		t.Errorf("replace to a tree without the pool reader: %+v %v", tg, err)
	}
	writeFile(t, filepath.Join(dir, "internal/contract/infrastructure_machinepool.go"),
		`package contract
var p = []string{"status", "initialization", "provisioned"}
`)
	if tg, err = TargetFromGoMod(gm); err != nil || !tg.Behaviour.ReadsProvisioned() || !tg.Behaviour.ReadsReady() {
		t.Errorf("replace to a tree with the pool reader: %+v %v", tg, err)
	}

	writeFile(t, gm, "module p\n\ngo 1.26.0\n")
	if tg, err = TargetFromGoMod(gm); err != nil || tg.Version != LatestVerifiedCore || !strings.HasPrefix(tg.Source, "default") {
		t.Errorf("no requirement: %+v %v", tg, err)
	}

	writeFile(t, gm, "module p\n\nrequire (\n")
	if _, err = TargetFromGoMod(gm); err == nil || !strings.Contains(err.Error(), gm) {
		t.Errorf("broken go.mod: error %v does not name the file", err)
	}
}

func TestCatalogIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] || seen[r.Name] {
			t.Errorf("duplicate rule %s/%s", r.ID, r.Name)
		}
		seen[r.ID], seen[r.Name] = true, true
		if r.Title == "" || r.Rationale == "" || !strings.HasPrefix(r.DocURL, "https://") || (r.Kind == nil && len(r.Kinds) == 0 && !slices.Contains(goAPIRules, r)) {
			t.Errorf("rule %s lacks a title, rationale, doc link or kind (only the rules on Cluster API's Go API judge no kind)", r.ID)
		}
		if r.Field != "" && r.Scope == ScopeType && r.Field != "status" && r.Kind != nil {
			if _, ok := r.Kind.Field(r.Field); !ok {
				t.Errorf("rule %s names field %s, which the kind does not catalog", r.ID, r.Field)
			}
		}
	}
}

// The pool behaviours are derived from the InfraMachinePool catalog; these
// are what Cluster API's MachinePool controller does in each window.
func TestPoolBehaviourFromCatalog(t *testing.T) {
	for _, tc := range []struct {
		version string
		fields  []string
		v1beta1 bool
	}{
		{"v1.10.0", []string{PathReady}, true},
		{"v1.14.2", []string{PathReady}, true},
		{"v1.15.0", []string{PathProvisioned, PathReady}, true},
		{"v1.16.0", []string{PathProvisioned}, false},
	} {
		b, err := BehaviourFor(tc.version)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(b.PoolReadinessFields, tc.fields) || b.AcceptsV1Beta1Contract != tc.v1beta1 {
			t.Errorf("%s: reads %v, accepts v1beta1 %v; want %v, %v", tc.version, b.PoolReadinessFields, b.AcceptsV1Beta1Contract, tc.fields, tc.v1beta1)
		}
	}
}
