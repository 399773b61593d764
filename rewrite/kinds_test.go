package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// useNewFields compiles against every field the type side adds, so the
// real toolchain checks the shapes (value struct, *bool, string providerID,
// failure fields under status.deprecated.v1beta1, *int32 counters).
const useNewFields = `package controllers

import (
	"testing"

	bootv1 "example.com/kinds/apis/bootstrap/v1beta1"
	infrav1 "example.com/kinds/apis/infra/v1beta1"
)

func TestNewFields(t *testing.T) {
	m := infrav1.FooMachine{}
	var provisioned *bool = m.Status.Initialization.Provisioned
	var id string = m.Spec.ProviderID
	reason := "r"
	m.Status.Deprecated = &infrav1.FooMachineDeprecatedStatus{V1Beta1: &infrav1.FooMachineV1Beta1DeprecatedStatus{FailureReason: &reason}}
	c := infrav1.FooCluster{}
	c.Status.Deprecated = &infrav1.FooClusterDeprecatedStatus{V1Beta1: &infrav1.FooClusterV1Beta1DeprecatedStatus{FailureMessage: &reason}}
	p := infrav1.FooMachinePool{}
	b := bootv1.FooConfig{}
	var created *bool = b.Status.Initialization.DataSecretCreated
	var secret string = b.Status.DataSecretName
	_, _, _, _, _ = provisioned, id, p.Status.Initialization.Provisioned, created, secret
	if m.DeepCopy().Status.Deprecated.V1Beta1.FailureReason == &reason {
		t.Fatal("deepcopy shares the failure reason")
	}
}
`

const useControlPlaneFields = `package controllers

import (
	"testing"

	cpv1 "example.com/kinds/apis/controlplane/v1beta1"
)

func TestControlPlaneFields(t *testing.T) {
	cp := cpv1.FooControlPlane{}
	var initialized *bool = cp.Status.Initialization.ControlPlaneInitialized
	var upToDate, available *int32 = cp.Status.UpToDateReplicas, cp.Status.AvailableReplicas
	var version string = cp.Status.Version // *string before: its use in the controllers is rewritten
	_, _, _, _ = initialized, upToDate, available, version
}
`

func changedFiles(res *Result) []string {
	var out []string
	for _, c := range res.Changes {
		out = append(out, c.Rel)
	}
	return out
}

func keys[V any](m map[labelKey]V) []string {
	var out []string
	for k := range m {
		out = append(out, k.kind)
	}
	sort.Strings(out)
	return out
}

// rewriteTwice runs the rewrite with --write, checks the result with the
// real toolchain and that a second run changes nothing.
func rewriteTwice(t *testing.T, dir string, tests map[string]string) *Result {
	t.Helper()
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range tests {
		if err := os.WriteFile(filepath.Join(dir, "controllers", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "./controllers/")
	before := snapshot(t, dir)
	again, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Changes) != 0 {
		t.Errorf("second run changed %v", changedFiles(again))
	}
	for p, b := range snapshot(t, dir) {
		if !bytes.Equal(before[p], b) {
			t.Errorf("second run modified %s", p)
		}
	}
	return res
}

// TestRewriteKindsSafeOrder: a cluster, a machine, a bootstrap config, a
// control plane and a pool; the code uses the fields whose shape changes
// (providerID, dataSecretName, status.version) and the failure fields, so
// their use sites are rewritten with them. The control plane serves one API
// version, which cannot be under both labels, so its label stays (and with
// it metadata.yaml's contract); the others are labelled.
func TestRewriteKindsSafeOrder(t *testing.T) {
	dir := copyTree(t, "testdata/kindsprovider")
	metadata, _ := os.ReadFile(filepath.Join(dir, metadataFile))
	res := rewriteTwice(t, dir, map[string]string{"fields_test.go": useNewFields, "cp_test.go": useControlPlaneFields})

	want := []string{
		"apis/bootstrap/v1beta1/fooconfig_types.go",
		"apis/bootstrap/v1beta1/zz_generated.deepcopy.go",
		"apis/controlplane/v1beta1/foocontrolplane_types.go",
		"apis/controlplane/v1beta1/zz_generated.deepcopy.go",
		"apis/infra/v1beta1/foocluster_types.go",
		"apis/infra/v1beta1/foomachine_types.go",
		"apis/infra/v1beta1/foomachinepool_types.go",
		"apis/infra/v1beta1/zz_generated.deepcopy.go",
		"config/crd/kustomization.yaml",
		"config/crd/patches/contract_label_fooclusters.yaml",
		"config/crd/patches/contract_label_fooconfigs.yaml",
		"config/crd/patches/contract_label_foomachinepools.yaml",
		"config/crd/patches/contract_label_foomachines.yaml",
		"controllers/controllers.go",
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	// The use sites, whole: companions of readiness and the copied counter,
	// providerID, dataSecretName and status.version as strings, the failure
	// accessors.
	got, _ := os.ReadFile(filepath.Join(dir, "controllers", "controllers.go"))
	if golden, _ := os.ReadFile(filepath.Join("testdata", "kindsprovider", "controllers", "controllers.go.golden")); !bytes.Equal(got, golden) {
		t.Errorf("controllers/controllers.go differs from its golden:\n%s", got)
	}
	if got := keys(res.labels.flipped); !slices.Equal(got, []string{"FooCluster", "FooConfig", "FooMachine"}) {
		t.Errorf("label-driven kinds labelled: %v", got)
	}
	if got := keys(res.labels.pools); !slices.Equal(got, []string{"FooMachinePool"}) {
		t.Errorf("pools labelled: %v", got)
	}
	if len(res.held) != 1 || res.held[0].key.kind != "FooControlPlane" {
		t.Fatalf("held: %+v", res.held)
	}
	// Its CRD serves one API version, which would stay under the v1beta1
	// label for older cores, and core maps a control plane's version back
	// to one contract: the label is held before any other judgement.
	if r := res.held[0].reason; !strings.Contains(r, "serve a new API version for the v1beta2 contract") {
		t.Errorf("held reason: %q", r)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, metadataFile)); !bytes.Equal(now, metadata) {
		t.Errorf("metadata.yaml changed although a CRD keeps the v1beta1 contract:\n%s", now)
	}
	cpPatch := filepath.Join(dir, "config/crd/patches/contract_label_foocontrolplanes.yaml")
	if _, err := os.Stat(cpPatch); err == nil {
		t.Error("the held control plane got a label patch")
	}

	// The result's own audit, on the storage versions: the rewrite's kinds
	// have nothing above info left but what holds the control plane back:
	// its writes and its v1beta1-only label (MPA343). The metadata that
	// stays v1beta1 while it is held is MPA351 at info (the labelled CRDs
	// keep their v1beta1 label), as are reads of the v1beta1 fields (MPA222).
	// The one API version the labelled CRDs list under both contract labels
	// (the only way one version serves cores before and after v1.11) is
	// MPA345 at info: core resolves these kinds by their newest label.
	// The fixture declares no templates (MPA136): a rule on the type as an
	// object, which no migration changes (contract.ObjectRules).
	for _, f := range res.After.Findings {
		if f.Severity < contract.Warning || f.Spoke || slices.Contains(contract.ObjectRules, f.Rule) {
			continue
		}
		if f.Kind == "FooControlPlane" && (f.Rule == contract.RuleKindV1Beta1WriteAlone || f.Rule == contract.RuleKindLabelV1Beta1Only) {
			continue
		}
		t.Errorf("after the rewrite: %s %s %s %s", f.Rule, f.Kind, f.Field, f.Message)
	}

	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	text := body.String()
	order := []string{"1. [ ] **Fields**", "2. [", "3. [x] **Conversion**", "4. [ ] **CRD regeneration**", "5. [ ] **Labels**", "6. [ ] **clusterctl metadata**"}
	last := -1
	for _, item := range order {
		i := strings.Index(text, item)
		if i < 0 || i < last {
			t.Errorf("checklist item %q missing or out of order:\n%s", item, text)
		}
		last = i
	}
	for _, want := range []string{
		"FooControlPlane.controlplane.kinds.example.com keeps its label",
		"FooCluster.infrastructure.kinds.example.com v1beta1 (InfraCluster): cores v1.14.2 and later read it by the v1beta2 contract: status.initialization.provisioned\n",
		"reads of v1beta1 fields stay (1, " + contract.RuleKindRemovedFieldRead + " at info)",
		"FooControlPlane.controlplane.kinds.example.com v1beta1 (ControlPlane): cores v1.14.2 up to " + string(contract.ReleaseV1Beta1Dropped) + " read it by the v1beta1 contract: ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("PR body lacks %q:\n%s", want, text)
		}
	}
}

// TestRewriteKindsAllReadyLabelsAndMetadata: without the control plane every
// kind is ready, so the kustomization-wide label is extended; metadata.yaml
// is left (its series are released) and the PR body proposes the next one.
func TestRewriteKindsAllReadyLabelsAndMetadata(t *testing.T) {
	dir := copyTree(t, "testdata/kindsprovider")
	metadata, _ := os.ReadFile(filepath.Join(dir, metadataFile))
	if err := os.RemoveAll(filepath.Join(dir, "apis", "controlplane")); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "config/crd/bases/controlplane.kinds.example.com_foocontrolplanes.yaml"))
	edit := func(rel string, f func(string) string) {
		p := filepath.Join(dir, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("config/crd/kustomization.yaml", func(s string) string {
		return strings.Replace(s, "- bases/controlplane.kinds.example.com_foocontrolplanes.yaml\n", "", 1)
	})
	edit("controllers/controllers.go", func(s string) string {
		s = s[:strings.Index(s, "// ReconcileControlPlane")]
		return strings.Replace(s, "\tcpv1 \"example.com/kinds/apis/controlplane/v1beta1\"\n", "", 1)
	})
	res := rewriteTwice(t, dir, map[string]string{"fields_test.go": useNewFields})

	if len(res.held) != 0 {
		t.Errorf("held: %+v", res.held)
	}
	if got := keys(res.labels.flipped); !slices.Equal(got, []string{"FooCluster", "FooConfig", "FooMachine"}) {
		t.Errorf("label-driven kinds labelled: %v", got)
	}
	kust, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	if !strings.Contains(string(kust), "    cluster.x-k8s.io/v1beta1: v1beta1\n    cluster.x-k8s.io/v1beta2: v1beta1\n") {
		t.Errorf("the kustomization's labels were not extended:\n%s", kust)
	}
	// Every series listed is released with its contract: none is edited;
	// the PR body proposes the next one.
	if meta, _ := os.ReadFile(filepath.Join(dir, metadataFile)); !bytes.Equal(meta, metadata) {
		t.Errorf("metadata.yaml changed:\n%s\nwas:\n%s", meta, metadata)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"5. [x] **Labels**", "6. [ ] **clusterctl metadata**: released series keep their contract (v0.2 declares v1beta1 in metadata.yaml); for the next release add the series", "{major: 0, minor: 3, contract: v1beta2}"} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("PR body lacks %q:\n%s", want, body.String())
		}
	}
}

func TestProposeSeries(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		oldest   contract.Release
		want     string
	}{
		{name: "newest is not first", in: "releaseSeries:\n- major: 1\n  minor: 10\n  contract: v1beta1 # next\n- major: 1\n  minor: 9\n  contract: v1beta1\n", oldest: "v1.11.0",
			want: "left: released series keep their contract (v1.10 declares v1beta1 in metadata.yaml); for the next release add the series `{major: 1, minor: 11, contract: v1beta2}`"},
		{name: "already", in: "releaseSeries:\n- major: 0\n  minor: 1\n  contract: v1beta2\n", oldest: "v1.11.0", want: "done: metadata.yaml already declares v1beta2 for release series v0.1"},
		{name: "no contract key", in: "releaseSeries:\n- major: 0\n  minor: 1\n", oldest: "v1.14.2",
			want: "left: released series keep their contract (v0.1 declares no contract in metadata.yaml); for the next release add the series `{major: 0, minor: 2, contract: v1beta2}`"},
		{name: "cores before v1.11 supported", in: "releaseSeries:\n- major: 0\n  minor: 7\n  contract: v1beta1\n", oldest: "v1.10.4",
			want: "done: metadata.yaml keeps its release series (v0.7 declares v1beta1): cores from v1.10.4, the target, are supported and clusterctl installs only v1beta1 series on cores before v1.11.0; declare v1beta2 for a new series once they are not"},
		{name: "no series", in: "kind: Metadata\n", oldest: "v1.14.2", want: "left: declare contract v1beta2 for the next release series in metadata.yaml by hand (no releaseSeries list)"},
		{name: "not numeric", in: "releaseSeries:\n- major: x\n  minor: 1\n", oldest: "v1.14.2", want: "left: declare contract v1beta2 for the next release series in metadata.yaml by hand (a release series without numeric major and minor)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := proposeSeries([]byte(tc.in), tc.oldest)
			got := "left: " + line.text
			if line.done {
				got = "done: " + line.text
			}
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestReadinessPair(t *testing.T) {
	for name, want := range map[string][2]string{
		"DockerMachinePool":   {"ready", "provisioned"},
		"DockerMachine":       {"ready", "provisioned"},
		"DockerCluster":       {"ready", "provisioned"},
		"KubeadmControlPlane": {"initialized", "controlPlaneInitialized"},
		"KubeadmConfig":       {"ready", "dataSecretCreated"},
	} {
		v1, v2, ok := readinessPair(name)
		if !ok || [2]string{v1, v2} != want {
			t.Errorf("readinessPair(%s) = %s, %s, %v; want %v", name, v1, v2, ok, want)
		}
	}
	if _, _, ok := readinessPair("DockerMachineTemplate"); ok {
		t.Error("a template has a readiness pair")
	}
}
