package rewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/kindtypes"
	"github.com/mpaudit/mpaudit/contract"
)

const cpSpoke = "apis/controlplane/v1alpha4"

// cpTest checks the rewritten controller keeps its behaviour through the
// pointers: every value it writes reads back, a written zero included.
const cpTest = `package controllers

import (
	"testing"

	"k8s.io/utils/ptr"

	cpv1 "example.com/cpprovider/apis/controlplane/v1beta2"
)

func TestStatus(t *testing.T) {
	cp := &cpv1.FooControlPlane{Spec: cpv1.FooControlPlaneSpec{Replicas: ptr.To[int32](3)}}
	UpdateStatus(cp, 3, 0, 2, false)
	s := cp.Status
	if *s.Replicas != 3 || s.ReadyReplicas == nil || *s.ReadyReplicas != 0 || s.UpdatedReplicas != 2 || *s.UpToDateReplicas != 2 || *s.ExternalManagedControlPlane || s.Initialized || s.Initialization.ControlPlaneInitialized != nil {
		t.Errorf("status %+v", s)
	}
	if !Scaling(cp) {
		t.Error("0 of 3 ready is scaling")
	}
	UpdateStatus(cp, 3, 3, 3, false)
	if Scaling(cp) || !cp.Status.Initialized || !*cp.Status.Initialization.ControlPlaneInitialized {
		t.Errorf("status %+v", cp.Status)
	}
	Reset(cp, 1)
	if s := cp.Status; *s.Replicas != 1 || s.UpdatedReplicas != 1 || *s.UpToDateReplicas != 1 || s.ReadyReplicas != nil {
		t.Errorf("after reset %+v", s)
	}
}
`

// TestRewriteControlPlaneCounters: a KCP-like control plane whose v1beta2
// hub keeps the v1beta1 value shapes (status.replicas, readyReplicas and
// externalManagedControlPlane) and names (updatedReplicas,
// unavailableReplicas), with a v1alpha4 spoke converted by conversion-gen
// and ConvertTo/ConvertFrom keeping hub data in the annotation. The
// rewrite makes the fields pointers with their use sites (a written zero is
// now sent), adds the v1beta2 counters (upToDateReplicas written from
// updatedReplicas, in a literal too), completes the spoke's conversions so
// they round-trip, and changes the label: the result builds, vets, keeps the
// controller's behaviour, has no finding above info under the v1beta2
// label, and a second run changes nothing.
func TestRewriteControlPlaneCounters(t *testing.T) {
	dir := copyTree(t, "testdata/cpprovider")
	res := rewriteTwice(t, dir, map[string]string{"cp_test.go": cpTest})

	want := []string{
		"apis/controlplane/v1alpha4/conversion.go",
		"apis/controlplane/v1alpha4/zz_generated.conversion.go",
		"apis/controlplane/v1beta2/foocontrolplane_types.go",
		"apis/controlplane/v1beta2/zz_generated.deepcopy.go",
		"config/crd/kustomization.yaml",
		"controllers/controlplane.go",
		// metadata.yaml: its release series are released; the PR body proposes the next one.
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	for _, m := range res.Manual {
		if strings.Contains(m, "onver") {
			t.Errorf("conversion work left to a person: %s", m)
		}
	}
	types, _ := os.ReadFile(filepath.Join(dir, "apis/controlplane/v1beta2/foocontrolplane_types.go"))
	for _, w := range []string{"\tReplicas *int32 `json:\"replicas\"`", "\tReadyReplicas *int32 `json:\"readyReplicas,omitempty\"`", "\tExternalManagedControlPlane *bool `json:\"externalManagedControlPlane,omitempty\"`", "\tUpToDateReplicas *int32 `json:\"upToDateReplicas,omitempty\"`", "\tAvailableReplicas *int32 `json:\"availableReplicas,omitempty\"`"} {
		if !strings.Contains(string(types), w) {
			t.Errorf("the hub lacks %q:\n%s", w, types)
		}
	}
	gen, _ := os.ReadFile(filepath.Join(dir, cpSpoke, "zz_generated.conversion.go"))
	for _, w := range []string{"Convert_int32_To_Pointer_int32(&in.Replicas, &out.Replicas, s)", "Convert_Pointer_int32_To_int32(&in.ReadyReplicas, &out.ReadyReplicas, s)", "Convert_bool_To_Pointer_bool(&in.ExternalManagedControlPlane"} {
		if !strings.Contains(string(gen), w) {
			t.Errorf("zz_generated.conversion.go lacks %q", w)
		}
	}
	kust, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	if !strings.Contains(string(kust), "cluster.x-k8s.io/v1beta2: v1beta2") {
		t.Errorf("the label did not change:\n%s", kust)
	}

	// The result's own audit under the v1beta2 label: nothing above info,
	// and nothing at all on the migrated points of the hub.
	migrated := map[string]bool{}
	for _, q := range contract.ControlPlane.Points(contract.V1Beta2) {
		if _, ok := kindtypes.PointerShape(&contract.ControlPlane, q.Path); ok {
			migrated[q.Path] = true
		}
	}
	for _, p := range kindtypes.RenamedPairs(&contract.ControlPlane) {
		if p.New.Copies {
			migrated[p.New.Path], migrated[p.Old.Path] = true, true
		}
	}
	if len(migrated) != 5 {
		t.Fatalf("migrated points %v: the catalog changed, update the fixture", migrated)
	}
	for _, f := range res.After.Findings {
		if f.Severity > contract.Info || (migrated[f.Field] && !f.Spoke) {
			t.Errorf("after the rewrite: %s %v %s %s spoke=%v: %s", f.Rule, f.Severity, f.Kind, f.Field, f.Spoke, f.Message)
		}
	}

	roundTrip, err := os.ReadFile("testdata/cpprovider_roundtrip_test.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, cpSpoke, "conversion_test.go"), roundTrip, 0o644); err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "test", "-count=1", "./"+cpSpoke)

	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"3. [x] **Conversion**", kindtypes.PointerShapeNote} {
		if !strings.Contains(body.String(), w) {
			t.Errorf("PR body lacks %q:\n%s", w, body.String())
		}
	}
}

// TestRewriteControlPlaneAvailableNeedsAPerson: a controller that writes
// unavailableReplicas keeps the label (core would read an unwritten
// availableReplicas under v1beta2), and the PR body says at that write what
// to write beside it and why mpaudit does not.
func TestRewriteControlPlaneAvailableNeedsAPerson(t *testing.T) {
	dir := copyTree(t, "testdata/cpprovider")
	ctrl := filepath.Join(dir, "controllers/controlplane.go")
	src, err := os.ReadFile(ctrl)
	if err != nil {
		t.Fatal(err)
	}
	src = append(src, "\n// SetUnavailable records the machines that are not available.\nfunc SetUnavailable(cp *cpv1.FooControlPlane, n int32) bool {\n\tcp.Status.UnavailableReplicas = n\n\treturn n > 0\n}\n"...)
	if err := os.WriteFile(ctrl, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(changedFiles(res), "config/crd/kustomization.yaml") {
		t.Error("the label changed while availableReplicas is never written")
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	// The line is the rewritten file's (imports were added above it).
	want := regexp.MustCompile(`MPA220 FooControlPlane status\.unavailableReplicas \(controllers/controlplane\.go:\d+\): write status\.availableReplicas there too, .*spec\.replicas − status\.unavailableReplicas`)
	if !strings.Contains(body.String(), "2. [ ] **Writes**") || !want.MatchString(body.String()) {
		t.Errorf("PR body lacks %s:\n%s", want, body.String())
	}
}
