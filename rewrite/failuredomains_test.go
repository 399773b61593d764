package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

const fdSpoke = "apis/infra/v1beta1"

// zonesTest checks the rewritten controller keeps the map's behaviour: a
// zone named twice is one entry with the last value, lookups and deletes
// go by name.
const zonesTest = `package controllers

import (
	"slices"
	"testing"

	infrav1 "example.com/fdprovider/apis/infra/v1beta2"
)

func TestZones(t *testing.T) {
	c := &infrav1.FooCluster{}
	SetZones(c, []string{"b", "a", "b"}, 2)
	if got := ControlPlaneZones(c); !slices.Equal(got, []string{"a"}) {
		t.Errorf("control plane zones %v, want [a]: b's second entry has the last word", got)
	}
	if Zones(c) != 2 || !HasZone(c, "b") || HasZone(c, "c") {
		t.Errorf("zones %+v", c.Status.FailureDomains)
	}
	DropZone(c, "b")
	if Zones(c) != 1 || HasZone(c, "b") {
		t.Errorf("after dropping b: %+v", c.Status.FailureDomains)
	}
}
`

// TestRewriteFailureDomainsWithLabel: an InfraCluster whose v1beta2 hub
// is complete but for failureDomains and the label. The rewrite moves the
// hub's version to the v1beta2 label (the spoke keeps the v1beta1 one,
// no version under both), makes failureDomains the list, rewrites the
// controller's range, index, lookup and delete, and completes the spoke's
// conversions; the result builds, keeps the controller's behaviour,
// round-trips, and a second run changes nothing.
func TestRewriteFailureDomainsWithLabel(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	res := rewriteTwice(t, dir, map[string]string{"zones_test.go": zonesTest})

	want := []string{
		"apis/infra/v1beta1/conversion.go",
		"apis/infra/v1beta1/zz_generated.conversion.go",
		"apis/infra/v1beta2/foocluster_types.go",
		"apis/infra/v1beta2/zz_generated.deepcopy.go",
		"config/crd/kustomization.yaml",
		"controllers/cluster.go",
		// metadata.yaml: its release series are released; the PR body proposes the next one.
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	if len(res.held) != 0 || len(res.fdMigrated) != 1 || res.fdMigrated[0].kind != "FooCluster" {
		t.Fatalf("held %+v, migrated %v", res.held, res.fdMigrated)
	}
	kust, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	if !strings.Contains(string(kust), "  pairs:\n    cluster.x-k8s.io/v1beta1: v1beta1\n    cluster.x-k8s.io/v1beta2: v1beta2\n") {
		t.Errorf("labels: want the spoke under v1beta1 and the hub under v1beta2 only:\n%s", kust)
	}
	types, _ := os.ReadFile(filepath.Join(dir, "apis/infra/v1beta2/foocluster_types.go"))
	if !strings.Contains(string(types), "\t// +optional\n\t// +listType=map\n\t// +listMapKey=name\n\t// +kubebuilder:validation:MinItems=1\n\t// +kubebuilder:validation:MaxItems=100\n\tFailureDomains []clusterv1.FailureDomain `json:\"failureDomains,omitempty\"`\n") {
		t.Errorf("the hub's failureDomains is not the catalog's list:\n%s", types)
	}
	spoke, _ := os.ReadFile(filepath.Join("testdata/fdprovider", fdSpoke, "foocluster_types.go"))
	if now, _ := os.ReadFile(filepath.Join(dir, fdSpoke, "foocluster_types.go")); !bytes.Equal(now, spoke) {
		t.Error("the spoke's types changed: older cores read its map")
	}

	// The result's own audit: nothing above info at all (so no MPA345 and
	// nothing on failureDomains), and failureDomains only as info on the
	// spoke, whose map is the v1beta1 label's shape.
	_, v2, _ := fdPoints()
	for _, f := range res.After.Findings {
		if contract.IsGoAPIRule(f.Rule) {
			continue // the code on Cluster API's own Go API: another migration
		}
		if f.Severity > contract.Info || f.Rule == contract.RuleLabelVersionConflict {
			t.Errorf("after the rewrite: %s %v %s %s spoke=%v: %s", f.Rule, f.Severity, f.Kind, f.Field, f.Spoke, f.Message)
		}
		if f.Field == v2.Path && !f.Spoke {
			t.Errorf("after the rewrite, on the hub: %s %s", f.Rule, f.Message)
		}
	}

	roundTrip, err := os.ReadFile("testdata/fdprovider_roundtrip_test.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, fdSpoke, "conversion_test.go"), roundTrip, 0o644); err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "test", "-count=1", "./"+fdSpoke)

	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4. [ ] **CRD regeneration**", "5. [x] **Labels**", "FooCluster.infrastructure.fd.example.com (cluster.x-k8s.io/v1beta2: v1beta2)", "status.failureDomains is the v1beta2 list",
		"FooCluster.infrastructure.fd.example.com v1beta2 (InfraCluster): cores v1.14.2 and later read it by the v1beta2 contract: status.failureDomains,"} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("PR body lacks %q:\n%s", want, body.String())
		}
	}
}

// TestRewriteFailureDomainsHeldKeepsMap: a use the rewrite does not know
// (the map returned as a whole) holds the label, so the shape stays the
// map and the PR body names the use for a person.
func TestRewriteFailureDomainsHeldKeepsMap(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	extra := "package controllers\n\nimport (\n\tclusterv1beta1 \"sigs.k8s.io/cluster-api/api/core/v1beta1\"\n\n\tinfrav1 \"example.com/fdprovider/apis/infra/v1beta2\"\n)\n\n" +
		"// Domains hands the map to callers.\nfunc Domains(c *infrav1.FooCluster) clusterv1beta1.FailureDomains {\n\treturn c.Status.FailureDomains\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "controllers", "domains.go"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.fdMigrated) != 0 || len(res.held) != 1 || res.held[0].key.kind != "FooCluster" {
		t.Fatalf("migrated %v, held %+v", res.fdMigrated, res.held)
	}
	if r := res.held[0].reason; !strings.Contains(r, "a use of the map (controllers/domains.go:11)") || !strings.HasSuffix(r, "(needs a person)") {
		t.Errorf("held reason: %s", r)
	}
	if got := changedFiles(res); len(got) != 0 {
		t.Errorf("a held kind changed %v", got)
	}
	for p, b := range snapshot(t, dir) {
		if !bytes.Equal(before[p], b) {
			t.Errorf("%s changed", p)
		}
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body.String(), "FooCluster.infrastructure.fd.example.com keeps its label: status.failureDomains stays the v1beta1 map") {
		t.Errorf("PR body:\n%s", body.String())
	}
}

// A use in a file the default build configuration leaves out cannot be
// type-checked: the label holds.
func TestRewriteFailureDomainsOtherBuildConfiguration(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	src := "//go:build windows\n\npackage controllers\n\nimport infrav1 \"example.com/fdprovider/apis/infra/v1beta2\"\n\n" +
		"// WindowsZones counts the zones.\nfunc WindowsZones(c *infrav1.FooCluster) int {\n\treturn len(c.Status.FailureDomains)\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "controllers", "zones_windows.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.held) != 1 || !strings.Contains(res.held[0].reason, "a possible use in a file another build configuration compiles (controllers/zones_windows.go:9)") {
		t.Fatalf("held %+v", res.held)
	}
	if len(res.Changes) != 0 {
		t.Errorf("changed %v", changedFiles(res))
	}
}

// TestRewriteFailureDomainsSharedVersionKeepsMap: the v1beta1 label names
// only the hub's version, so after labelling it would sit under both labels
// and older cores would read the list: the map's shape holds the label.
func TestRewriteFailureDomainsSharedVersionKeepsMap(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	kust := filepath.Join(dir, "config/crd/kustomization.yaml")
	data, err := os.ReadFile(kust)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kust, bytes.Replace(data, []byte("v1beta1: v1beta1_v1beta2"), []byte("v1beta1: v1beta2"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.fdMigrated) != 0 || len(res.held) != 1 || !slices.Equal(res.held[0].missing, []string{contract.RuleKindShapeForLabel + " status.failureDomains (apis/infra/v1beta2/foocluster_types.go:29)"}) {
		t.Fatalf("migrated %v, held %+v", res.fdMigrated, res.held)
	}
	if got := changedFiles(res); len(got) != 0 {
		t.Errorf("a held kind changed %v", got)
	}
}

// A planned migration of a kind whose label another finding held is not
// applied: the shape changes only with the label.
func TestFailureDomainsFollowTheLabel(t *testing.T) {
	key := labelKey{"infrastructure.fd.example.com", "FooCluster"}
	res := &Result{fdPlanned: map[labelKey]*fdMigration{key: {key: key, edits: map[string][]textEdit{"/nonexistent/types.go": {{offset: 0, text: "x"}}}}}}
	lp := &labelPass{flipped: map[labelKey]string{}}
	cs := newChangeSet(&stage{})
	migrated, err := migrateFailureDomainShapes(&stage{}, res, lp, cs, newTracer(nil))
	if err != nil || migrated || len(res.fdMigrated) != 0 {
		t.Errorf("migrated %v %v %v", migrated, res.fdMigrated, err)
	}
	if !cs.empty() {
		t.Errorf("marked %v", cs.files)
	}
}

func TestV1Beta1Rest(t *testing.T) {
	for _, tc := range []struct {
		label, version, rest string
		move                 bool
	}{
		{"v1beta1_v1beta2", "v1beta2", "v1beta1", true},
		{"v1alpha4_v1beta1_v1beta2", "v1beta2", "v1alpha4_v1beta1", true},
		{"v1beta1", "v1beta1", "v1beta1", false}, // one version: older cores need it
		{"v1beta1", "v1beta2", "v1beta1", false},
		{"", "v1beta2", "", false},
	} {
		rest, move := v1beta1Rest(tc.label, tc.version)
		if rest != tc.rest || move != tc.move {
			t.Errorf("v1beta1Rest(%q, %q) = %q, %v; want %q, %v", tc.label, tc.version, rest, move, tc.rest, tc.move)
		}
	}
}

// On Cluster API v1.10 the core API has no v1beta2 FailureDomain: the
// planner holds the label and names what is missing.
func TestFailureDomainsNeedCoreV1Beta2(t *testing.T) {
	dir := copyTree(t, "testdata/capi110provider")
	target := kindTarget{ref: report.TypeRef{Group: "infrastructure.old.example.com", Name: "FooCluster", Version: "v1beta2", Storage: true},
		kind: &contract.InfraCluster, dir: filepath.Join(dir, "api"), hasSpokes: true}
	ready, held, err := planFailureDomains(&stage{dir: dir}, []kindTarget{target})
	if err != nil {
		t.Fatal(err)
	}
	key := labelKey{target.ref.Group, target.ref.Name}
	if len(ready) != 0 || len(held) != 1 || !strings.Contains(held[key], "has no "+contract.PkgClusterV1+".FailureDomain") || !strings.HasSuffix(held[key], "(needs a person)") {
		t.Errorf("ready %v, held %v", ready, held)
	}
}

// TestFailuresStayWhenTheLabelIsHeld: the fixes move the failure fields for
// the v1beta2 label the rewrite means to write; when a use of the
// failureDomains map then holds that label, cores from v1.11 still read
// the version by the v1beta1 contract, so the fields stay top-level (the
// rewrite runs again keeping them) and the PR body says why.
func TestFailuresStayWhenTheLabelIsHeld(t *testing.T) {
	dir := copyTree(t, "testdata/fdprovider")
	failures := "\n\t// failureReason is a terminal problem.\n\t// +optional\n\tFailureReason *string `json:\"failureReason,omitempty\"`\n\n" +
		"\t// failureMessage is a terminal problem, for humans.\n\t// +optional\n\tFailureMessage *string `json:\"failureMessage,omitempty\"`\n}\n"
	for _, v := range []string{"v1beta1", "v1beta2"} {
		p := filepath.Join(dir, "apis", "infra", v, "foocluster_types.go")
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fd := "FailureDomains clusterv1beta1.FailureDomains `json:\"failureDomains,omitempty\"`\n}\n"
		if !bytes.Contains(src, []byte(fd)) {
			t.Fatalf("%s has no failureDomains field", p)
		}
		src = bytes.Replace(src, []byte(fd), []byte(strings.TrimSuffix(fd, "}\n")+failures), 1)
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	extra := "package controllers\n\nimport (\n\tclusterv1beta1 \"sigs.k8s.io/cluster-api/api/core/v1beta1\"\n\n\tinfrav1 \"example.com/fdprovider/apis/infra/v1beta2\"\n)\n\n" +
		"// Domains hands the map to callers.\nfunc Domains(c *infrav1.FooCluster) clusterv1beta1.FailureDomains {\n\treturn c.Status.FailureDomains\n}\n\n" +
		"// Fail records a terminal failure.\nfunc Fail(c *infrav1.FooCluster, reason string) {\n\tc.Status.FailureReason = &reason\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "controllers", "domains.go"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.held) != 1 || res.held[0].key.kind != "FooCluster" {
		t.Fatalf("held %+v", res.held)
	}
	types, _ := os.ReadFile(filepath.Join(dir, "apis", "infra", "v1beta2", "foocluster_types.go"))
	use, _ := os.ReadFile(filepath.Join(dir, "controllers", "domains.go"))
	if bytes.Contains(types, []byte("V1Beta1DeprecatedStatus")) || !bytes.Contains(types, []byte("FailureReason *string `json:\"failureReason,omitempty\"`")) ||
		!bytes.Contains(use, []byte("c.Status.FailureReason = &reason")) {
		t.Errorf("the failure fields moved under a held label:\n%s\n%s", types, use)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body.String(), "FooCluster status.failureReason stays top-level: cores v1.14.2") {
		t.Errorf("PR body:\n%s", body.String())
	}
}
