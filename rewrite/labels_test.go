package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// labelCRD is a CRD base with the v1beta1 contract label on the object.
func labelCRD(group, kind, plural, v1label string, versions ...string) string {
	var vs strings.Builder
	for i, v := range versions {
		fmt.Fprintf(&vs, "  - name: %s\n    served: true\n    storage: %v\n    schema:\n      openAPIV3Schema:\n        type: object\n", v, i == len(versions)-1)
	}
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %s.%s
  labels:
    %s: %s
spec:
  group: %s
  scope: Namespaced
  names:
    kind: %s
    plural: %s
  versions:
%s`, plural, group, contract.LabelKey(contract.V1Beta1), v1label, group, kind, plural, vs.String())
}

// labelsIn writes files and api/v1beta1/doc.go into a new folder and runs
// addLabels there for the storage types targets, declared in api/v1beta1.
func labelsIn(t *testing.T, files map[string]string, targets ...kindTarget) (string, *labelPass) {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	writeFiles(t, dir, map[string]string{"api/v1beta1/doc.go": "package v1beta1\n"})
	for i := range targets {
		targets[i].dir = filepath.Join(dir, "api", "v1beta1")
	}
	st := &stage{root: dir, dir: dir}
	lp, err := addLabels(st, &report.Report{}, targets, nil, newChangeSet(st))
	if err != nil {
		t.Fatal(err)
	}
	return dir, lp
}

// storageTarget is the storage type name, of kind k, in group/version.
func storageTarget(group, version, name string, k *contract.Kind) kindTarget {
	return kindTarget{ref: report.TypeRef{Kind: k.Name, Group: group, Version: version, Name: name, Storage: true}, kind: k}
}

// TestLabelsOneVersionControlPlane: core maps a ControlPlane's API version
// back to one contract by its labels, so a ControlPlane CRD that serves one
// version keeps its v1beta1 label (the PR body says to serve a new version
// for v1beta2), one that serves another version for older cores moves the
// labelled version to v1beta2, and an InfraCluster's one version goes
// under both labels (core resolves it by the newest label).
func TestLabelsOneVersionControlPlane(t *testing.T) {
	const cp, infra = "controlplane.one.example.com", "infrastructure.one.example.com"
	files := map[string]string{
		"config/crd/kustomization.yaml": "resources:\n- bases/one.yaml\n- bases/two.yaml\n- bases/cluster.yaml\n",
		"config/crd/bases/one.yaml":     labelCRD(cp, "OneControlPlane", "onecontrolplanes", "v1beta1", "v1beta1"),
		"config/crd/bases/two.yaml":     labelCRD(cp, "TwoControlPlane", "twocontrolplanes", "v1alpha4_v1beta1", "v1alpha4", "v1beta1"),
		"config/crd/bases/cluster.yaml": labelCRD(infra, "OneCluster", "oneclusters", "v1beta1", "v1beta1"),
	}
	dir, lp := labelsIn(t, files,
		storageTarget(cp, "v1beta1", "OneControlPlane", &contract.ControlPlane),
		storageTarget(cp, "v1beta1", "TwoControlPlane", &contract.ControlPlane),
		storageTarget(infra, "v1beta1", "OneCluster", &contract.InfraCluster))
	if got := keys(lp.flipped); !slices.Equal(got, []string{"OneCluster", "TwoControlPlane"}) {
		t.Errorf("labelled %v, want OneCluster and TwoControlPlane", got)
	}
	if len(lp.held) != 1 || lp.held[0].key.kind != "OneControlPlane" || !strings.Contains(lp.held[0].reason, "serve a new API version for the v1beta2 contract, as Cluster API v1.11.0 did") {
		t.Fatalf("held %+v, want OneControlPlane with the new API version line", lp.held)
	}
	if got := keys(lp.both); !slices.Equal(got, []string{"OneCluster"}) {
		t.Errorf("versions under both labels: %v, want OneCluster only", got)
	}
	read := func(rel string) string {
		b, _ := os.ReadFile(filepath.Join(dir, rel))
		return string(b)
	}
	v1, v2 := contract.LabelKey(contract.V1Beta1), contract.LabelKey(contract.V1Beta2)
	for rel, want := range map[string][]string{
		"config/crd/bases/one.yaml":     {v1 + ": v1beta1\n"},
		"config/crd/bases/two.yaml":     {v1 + ": v1alpha4\n", v2 + ": v1beta1\n"},
		"config/crd/bases/cluster.yaml": {v1 + ": v1beta1\n", v2 + ": v1beta1\n"},
	} {
		got := read(rel)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", rel, w, got)
			}
		}
	}
	if strings.Contains(read("config/crd/bases/one.yaml"), v2) {
		t.Errorf("the one-version control plane got the v1beta2 label:\n%s", read("config/crd/bases/one.yaml"))
	}
	res := &Result{labels: lp, held: lp.held, Manual: lp.manual}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if want := "OneControlPlane." + cp + " keeps its label: its CRD would list v1beta1 under both"; !strings.Contains(body.String(), want) {
		t.Errorf("PR body lacks %q:\n%s", want, body.String())
	}
}

// TestLabelPatchKeepsBlankLines: listing the label patch under an empty
// "patches:" adds its entry right after the key, before the scaffold
// comment (where kubebuilder adds its own); the rest is as written.
func TestLabelPatchKeepsBlankLines(t *testing.T) {
	dir := t.TempDir()
	kust := filepath.Join(dir, "kustomization.yaml")
	const before = `commonLabels:
  cluster.x-k8s.io/v1beta1: v1alpha1

# The CRDs of the provider.
resources:
- bases/a.yaml
- bases/b.yaml

patches:
# +kubebuilder:scaffold:crdkustomizewebhookpatch

# configurations:
# - kustomizeconfig.yaml
`
	if err := os.WriteFile(kust, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	var crd = labelTarget{cfg: &crdconfig.Result{Dir: dir}, value: "v1alpha1"}
	crd.crd.Name, crd.crd.Kind = "bs.infrastructure.example.com", "B"
	changes, err := addLabelPatch(crd, kust, contract.LabelKey(contract.V1Beta2), os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	const want = `commonLabels:
  cluster.x-k8s.io/v1beta1: v1alpha1

# The CRDs of the provider.
resources:
- bases/a.yaml
- bases/b.yaml

patches:
- path: patches/contract_label_bs.yaml
# +kubebuilder:scaffold:crdkustomizewebhookpatch

# configurations:
# - kustomizeconfig.yaml
`
	if len(changes) != 2 || string(changes[1].content) != want {
		t.Errorf("kustomization:\n%s\nwant:\n%s", changes[len(changes)-1].content, want)
	}
}

// TestLabelsSharedLabelControlPlane: a kustomization-wide v1beta1 label
// cannot drop the control plane's version alone (the cluster takes another
// version), so extending it would leave that version under both labels:
// the control plane is held before anything is written, and the cluster is
// labelled by a patch of its own.
func TestLabelsSharedLabelControlPlane(t *testing.T) {
	const cp, infra = "controlplane.shared.example.com", "infrastructure.shared.example.com"
	v1 := contract.LabelKey(contract.V1Beta1)
	files := map[string]string{
		"config/crd/kustomization.yaml": "commonLabels:\n  " + v1 + ": v1alpha4_v1beta1\nresources:\n- bases/cp.yaml\n- bases/cluster.yaml\n",
		"config/crd/bases/cp.yaml":      strings.Replace(labelCRD(cp, "TwoControlPlane", "twocontrolplanes", "x", "v1alpha4", "v1beta1"), "  labels:\n    "+v1+": x\n", "", 1),
		"config/crd/bases/cluster.yaml": strings.Replace(labelCRD(infra, "OneCluster", "oneclusters", "x", "v1beta1", "v1beta2"), "  labels:\n    "+v1+": x\n", "", 1),
	}
	dir, lp := labelsIn(t, files,
		storageTarget(cp, "v1beta1", "TwoControlPlane", &contract.ControlPlane),
		storageTarget(infra, "v1beta2", "OneCluster", &contract.InfraCluster))
	if got := keys(lp.flipped); !slices.Equal(got, []string{"OneCluster"}) {
		t.Errorf("labelled %v, want OneCluster", got)
	}
	if len(lp.held) != 1 || lp.held[0].key.kind != "TwoControlPlane" {
		t.Fatalf("held %+v, want TwoControlPlane", lp.held)
	}
	kust, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	if strings.Contains(string(kust), contract.LabelKey(contract.V1Beta2)+":") {
		t.Errorf("the kustomization-wide label was extended over the held control plane:\n%s", kust)
	}
	patch, err := os.ReadFile(filepath.Join(dir, "config/crd/patches/contract_label_oneclusters.yaml"))
	if err != nil || !strings.Contains(string(patch), contract.LabelKey(contract.V1Beta2)+": v1beta2") {
		t.Errorf("the cluster's label patch: %v\n%s", err, patch)
	}
}

// TestAlsoMissing: a kind held for a reason (here an API version under
// both labels) also lists what core would miss under the v1beta2 label
// once that is resolved (KCP's unavailableReplicas write without
// availableReplicas), from the label-gating audit: blockers of that kind
// on its storage version only.
func TestAlsoMissing(t *testing.T) {
	dir := t.TempDir()
	key := labelKey{"controlplane.example.com", "FooControlPlane"}
	at := func(line int) *report.Position {
		return &report.Position{File: filepath.Join(dir, "controllers/status.go"), Line: line}
	}
	judged := &report.Report{Findings: []report.Finding{
		{Rule: contract.RuleKindV1Beta1WriteAlone, Kind: "FooControlPlane", APIVersion: "controlplane.example.com/v1beta1", Field: "status.unavailableReplicas", Position: at(60)},
		{Rule: contract.RuleKindRemovedFieldRead, Kind: "FooControlPlane", APIVersion: "controlplane.example.com/v1beta1", Field: "status.updatedReplicas", Position: at(70)},
		{Rule: contract.RuleKindV1Beta1WriteAlone, Kind: "FooControlPlane", APIVersion: "controlplane.example.com/v1alpha4", Field: "status.ready", Spoke: true, Position: at(80)},
		{Rule: contract.RuleKindV1Beta1WriteAlone, Kind: "BarCluster", APIVersion: "infrastructure.example.com/v1beta1", Field: "status.ready", Position: at(90)},
	}}
	held := []heldLabel{{key: key, reason: "its CRD would list v1beta1 under both"}, {key: labelKey{"infrastructure.example.com", "BarCluster"}, missing: []string{"kept"}}}
	alsoMissing(held, judged, &stage{dir: dir})
	if want := []string{contract.RuleKindV1Beta1WriteAlone + " status.unavailableReplicas (controllers/status.go:60)"}; !slices.Equal(held[0].missing, want) {
		t.Errorf("held for a reason: missing %q, want %q", held[0].missing, want)
	}
	if !slices.Equal(held[1].missing, []string{"kept"}) {
		t.Errorf("held by blockers: missing changed to %q", held[1].missing)
	}
	if got, want := held[0].forAPerson(), "label FooControlPlane.controlplane.example.com cluster.x-k8s.io/v1beta2 when what holds it is resolved: its CRD would list v1beta1 under both; under it core would also miss "+
		contract.RuleKindV1Beta1WriteAlone+" status.unavailableReplicas (controllers/status.go:60)"; got != want {
		t.Errorf("line for a person:\n got %s\nwant %s", got, want)
	}
	res := &Result{held: held}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if want := "FooControlPlane.controlplane.example.com keeps its label: its CRD would list v1beta1 under both; under cluster.x-k8s.io/v1beta2 core would also miss " +
		contract.RuleKindV1Beta1WriteAlone + " status.unavailableReplicas (controllers/status.go:60)"; !strings.Contains(body.String(), want) {
		t.Errorf("PR body lacks %q:\n%s", want, body.String())
	}
}

// kustMixed is a kustomization written as kubebuilder scaffolds and people
// edit them: one sequence indented under its key, one not, comments and
// blank lines between and inside them.
const kustMixed = `# CRDs of the provider.
commonLabels:
  cluster.x-k8s.io/v1beta1: v1beta1_v1beta2 # served versions
  clusterctl.cluster.x-k8s.io: ""

resources:
  - bases/a.yaml   # the pool
  - bases/b.yaml
# +kubebuilder:scaffold:crdkustomizeresource

patchesStrategicMerge:
# [WEBHOOK] uncomment to enable
- patches/webhook_in_as.yaml

# [CERTMANAGER] uncomment to enable
- patches/cainjection_in_as.yaml
# +kubebuilder:scaffold:crdkustomizecainjectionpatch

patches:
  - path: patches/extra.yaml
    target:
      kind: CustomResourceDefinition

configurations:
- kustomizeconfig.yaml
`

// changedLines lists the lines of before that after replaces or removes,
// and the lines after inserts, as "-text" and "+text".
func changedLines(before, after string) []string {
	var out []string
	a, b := strings.SplitAfter(before, "\n"), strings.SplitAfter(after, "\n")
	m := difflib.NewMatcherWithJunk(a, b, false, nil)
	for _, op := range m.GetOpCodes() {
		if op.Tag == 'e' {
			continue
		}
		for _, l := range a[op.I1:op.I2] {
			out = append(out, "-"+l)
		}
		for _, l := range b[op.J1:op.J2] {
			out = append(out, "+"+l)
		}
	}
	return out
}

// TestLabelEditsKeepTheFile: each way of placing the label changes only
// the lines of the label (or of the patch entry): the other sequences keep
// their indentation, comments and blank lines.
func TestLabelEditsKeepTheFile(t *testing.T) {
	v1, v2 := contract.LabelKey(contract.V1Beta1), contract.LabelKey(contract.V1Beta2)
	crdDoc := "---\n# The pool.\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: as.infrastructure.example.com\n" +
		"  labels:\n    " + v1 + ": v1beta1_v1beta2\n\n    team: x   # owner\nspec:\n  versions:\n  - name: v1beta1\n    served: true\n"
	other := "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\ndata:\n  list: |\n    - a\n      - b\n"
	for _, tc := range []struct {
		name   string
		before string
		edit   func(path string) ([]labelChange, error)
		want   []string
	}{
		{"commonLabels, moving the version", kustMixed, func(path string) ([]labelChange, error) {
			return editKustomizationLabel(path, v1, v2, "v1beta2", "v1beta1", true, os.ReadFile)
		}, []string{
			"-  " + v1 + ": v1beta1_v1beta2 # served versions\n",
			"+  " + v1 + ": v1beta1 # served versions\n",
			"+  " + v2 + ": v1beta2\n",
		}},
		{"labels[].pairs", strings.Replace(kustMixed, "commonLabels:\n  "+v1+": v1beta1_v1beta2 # served versions\n  clusterctl.cluster.x-k8s.io: \"\"\n",
			"labels:\n- includeSelectors: false\n  pairs:\n    "+v1+": \"v1beta1\"\n", 1), func(path string) ([]labelChange, error) {
			return editKustomizationLabel(path, v1, v2, "v1beta1", "", false, os.ReadFile)
		}, []string{"+    " + v2 + ": \"v1beta1\"\n"}},
		{"patch entry", kustMixed, func(path string) ([]labelChange, error) {
			target := labelTarget{cfg: &crdconfig.Result{Dir: filepath.Dir(path)}, value: "v1beta2"}
			target.crd.Name, target.crd.Kind = "as.infrastructure.example.com", "A"
			changes, err := addLabelPatch(target, path, v2, os.ReadFile)
			return changes[1:], err
		}, []string{"+  - path: patches/contract_label_as.yaml\n"}},
		{"patch entry in a list not indented", strings.Replace(kustMixed, "patches:\n  - path: patches/extra.yaml\n    target:\n      kind: CustomResourceDefinition\n",
			"patches:\n- path: patches/extra.yaml\n  target:\n    kind: CustomResourceDefinition\n# +kubebuilder:scaffold:crdkustomizewebhookpatch\n", 1), func(path string) ([]labelChange, error) {
			target := labelTarget{cfg: &crdconfig.Result{Dir: filepath.Dir(path)}, value: "v1beta2"}
			target.crd.Name, target.crd.Kind = "as.infrastructure.example.com", "A"
			changes, err := addLabelPatch(target, path, v2, os.ReadFile)
			return changes[1:], err
		}, []string{"+- path: patches/contract_label_as.yaml\n"}},
		{"CRD object among others", other + crdDoc + other, func(path string) ([]labelChange, error) {
			return editObjectLabel(path, "as.infrastructure.example.com", v2, "v1beta2", "v1beta1", true, os.ReadFile)
		}, []string{
			"-    " + v1 + ": v1beta1_v1beta2\n",
			"+    " + v1 + ": v1beta1\n",
			"+    " + v2 + ": v1beta2\n",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "kustomization.yaml")
			if err := os.WriteFile(path, []byte(tc.before), 0o644); err != nil {
				t.Fatal(err)
			}
			changes, err := tc.edit(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(changes) != 1 {
				t.Fatalf("%d changes", len(changes))
			}
			got := changedLines(tc.before, string(changes[0].content))
			slices.Sort(got)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("changed lines:\n%s\nwant:\n%s\nfile:\n%s", strings.Join(got, ""), strings.Join(tc.want, ""), changes[0].content)
			}
		})
	}
}
