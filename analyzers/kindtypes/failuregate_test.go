package kindtypes_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
)

// failures110 is a provider built against Cluster API v1.10.4 with one
// served API version whose controller sets the top-level failure fields:
// v1.10 takes them as terminal failures, so they stay where they are.
const failures110 = "../../rewrite/testdata/capi110failures"

// TestFailureFieldsStayForV1Beta1Cores: with the go.mod's v1.10.4 core
// supported, MPA125 (a machine) and MPA105/MPA106 (a pool) report the
// failure fields, say why they are not moved and offer no fix; with a v1.11
// target, which reads the version by the v1beta2 label the rewrite gives
// it, the rewrite (Relabel) is offered the move, and go fix, which labels
// nothing, is not: v1.11 and later read the version by its v1beta1 label.
func TestFailureFieldsStayForV1Beta1Cores(t *testing.T) {
	for _, tc := range []struct {
		core    string
		relabel bool
		moved   bool
		why     string
	}{
		{"", true, false, "not moved: cores v1.10.4 up to v1.11.0 read status.failureReason and status.failureMessage by the v1beta1 contract"},
		{"v1.11.0", true, true, ""},
		{"v1.11.0", false, false, "not moved: cores v1.11.0 up to v1.16.0 read status.failureReason and status.failureMessage by the v1beta1 contract while the CRD's labels stay as they are"},
	} {
		t.Run(fmt.Sprintf("core=%s,relabel=%v", tc.core, tc.relabel), func(t *testing.T) {
			rep, fx, err := driver.RunFixes(driver.Options{Dir: failures110, Patterns: []string{"./..."}, CAPIVersion: tc.core, Relabel: tc.relabel})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Problems) > 0 {
				t.Fatalf("problems: %v", rep.Problems)
			}
			failureRule := map[string]bool{contract.RuleKindFailureFields: true, contract.RuleFailureReason: true, contract.RuleFailureMessage: true}
			var found []string
			for _, f := range rep.Findings {
				if !failureRule[f.Rule] {
					continue
				}
				found = append(found, f.Rule+" "+f.Kind+" "+f.Field)
				if kept := tc.why != "" && strings.Contains(f.Message, tc.why); kept == tc.moved || strings.Contains(f.Message, "not moved") == tc.moved {
					t.Errorf("%s %s: %s", f.Kind, f.Field, f.Message)
				}
			}
			slices.Sort(found)
			if want := []string{"MPA105 FooMachinePool status.failureReason", "MPA106 FooMachinePool status.failureMessage",
				"MPA125 FooMachine status.failureMessage", "MPA125 FooMachine status.failureReason"}; !slices.Equal(found, want) {
				t.Errorf("failure findings %v, want %v", found, want)
			}
			moves := map[string]int{}
			for _, f := range fx.List {
				if failureRule[f.Rule] {
					moves[f.Rule]++
				}
			}
			if (moves[contract.RuleKindFailureFields] > 0) != tc.moved || (moves[contract.RuleFailureReason] > 0) != tc.moved {
				t.Errorf("failure fixes offered %v, want them: %v", moves, tc.moved)
			}
		})
	}
}

// heldControlPlane is a control plane whose one API version the v1beta1
// label lists: the rewrite cannot label it v1beta2 too (core maps a control
// plane's version back to one contract, MPA345), so every supported core
// reads it by the v1beta1 contract, whatever the target.
const heldControlPlane = `// +kubebuilder:object:generate=true
// +groupName=controlplane.fail110.example.com
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type FooControlPlaneSpec struct {
	Replicas *int32 ` + "`json:\"replicas,omitempty\"`" + `
	Version  string ` + "`json:\"version\"`" + `
}

type FooControlPlaneStatus struct {
	Initialized    bool    ` + "`json:\"initialized\"`" + `
	Ready          bool    ` + "`json:\"ready\"`" + `
	FailureReason  *string ` + "`json:\"failureReason,omitempty\"`" + `
	FailureMessage *string ` + "`json:\"failureMessage,omitempty\"`" + `
}

// +kubebuilder:object:root=true
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta1=v1alpha1"
type FooControlPlane struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `

	Spec   FooControlPlaneSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status FooControlPlaneStatus ` + "`json:\"status,omitempty\"`" + `
}
`

// TestFailureFieldsStayWhileTheLabelIsHeld: on a v1.14.2 target the
// machine's failure fields move (its label becomes v1beta2), the held
// control plane's stay: v1.14.2 to v1.16 read its one version by v1beta1.
func TestFailureFieldsStayWhileTheLabelIsHeld(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(failures110)); err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(dir, "api", "controlplane", "v1alpha1")
	if err := os.MkdirAll(cp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cp, "types.go"), []byte(heldControlPlane), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, fx, err := driver.RunFixes(driver.Options{Dir: dir, Patterns: []string{"./..."}, CAPIVersion: "v1.14.2", Relabel: true})
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]int{}
	for _, f := range rep.Findings {
		if f.Rule == contract.RuleKindFailureFields && strings.Contains(f.Message, "not moved: cores v1.14.2 up to v1.16.0 read status.failureReason and status.failureMessage by the v1beta1 contract") {
			kept[f.Kind]++
		}
	}
	if kept["FooControlPlane"] != 2 || kept["FooMachine"] != 0 {
		t.Errorf("failure findings that say the fields stay, by kind: %v", kept)
	}
	moved := map[string]bool{}
	for _, f := range fx.List {
		if f.Rule == contract.RuleKindFailureFields {
			for _, e := range f.Edits {
				moved[filepath.Base(filepath.Dir(filepath.Dir(e.File)))+"/"+filepath.Base(e.File)] = true
			}
		}
	}
	if moved["controlplane/types.go"] || !moved["api/foomachine_types.go"] {
		t.Errorf("failure moves offered in %v", moved)
	}
}

// TestGoFixKeepsFailureFieldsForV1Beta1Cores: go fix -fixtool applies the
// same gate: the failure fields and their writes stay (it makes other
// changes, providerID a string, whose deepcopy is regenerated by hand).
func TestGoFixKeepsFailureFieldsForV1Beta1Cores(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go fix")
	}
	bin := filepath.Join(t.TempDir(), "mpaudit")
	goRun(t, "", "build", "-o", bin, "../../cmd/mpaudit")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(failures110)); err != nil {
		t.Fatal(err)
	}
	goRun(t, dir, "fix", "-fixtool="+bin, "./...")
	for _, rel := range []string{"api/v1alpha1/foomachine_types.go", "api/v1alpha1/foomachinepool_types.go", "controllers/controllers.go"} {
		before, _ := os.ReadFile(filepath.Join(failures110, rel))
		after, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(after, []byte("V1Beta1FailureReason")) || !bytes.Contains(after, []byte("FailureReason")) {
			t.Errorf("go fix moved the failure fields in %s:\n%s\nwas:\n%s", rel, after, before)
		}
	}
}
