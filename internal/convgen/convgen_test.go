package convgen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// duplicateManual is a manual conversion both spokes declare, as providers'
// spokes each declare Convert_v1beta1_Condition_To_v1_Condition.
const duplicateManual = `package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	apiconversion "k8s.io/apimachinery/pkg/conversion"
)

func Convert_v1_Duration_To_v1_Time(in *metav1.Duration, out *metav1.Time, _ apiconversion.Scope) error {
	return nil
}
`

// TestGenerateSpokesDeclaringTheSameManualConversion: one Generate call
// regenerates two spokes that each declare the same manual conversion,
// which conversion-gen refuses in one joint run.
func TestGenerateSpokesDeclaringTheSameManualConversion(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module from source")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../rewrite/testdata/convprovider")); err != nil {
		t.Fatal(err)
	}
	spoke := filepath.Join(dir, "apis/pool/v1beta1")
	other := filepath.Join(dir, "apis/other/v1beta1")
	if err := os.CopyFS(other, os.DirFS(spoke)); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{spoke, other} {
		os.Remove(filepath.Join(d, "conversion_test.go"))
		os.Remove(filepath.Join(d, File))
		if err := os.WriteFile(filepath.Join(d, "manual.go"), []byte(duplicateManual), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"GOWORK=off", "GOFLAGS=-mod=readonly"}
	pkgs := []string{"example.com/convprovider/apis/pool/v1beta1", "example.com/convprovider/apis/other/v1beta1"}
	hub := "example.com/convprovider/apis/pool/v1beta2"
	if _, err := Generate(dir, env, pkgs, []string{hub, hub}, ""); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{spoke, other} {
		data, err := os.ReadFile(filepath.Join(d, File))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{Marker, "func autoConvert_v1beta1_FooMachinePoolStatus_To_v1beta2_FooMachinePoolStatus(", "Convert_v1_Duration_To_v1_Time"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %q", filepath.Join(d, File), want)
			}
		}
	}
	cmd := exec.Command("go", "build", "./apis/...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}
