package crdgen

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

const fixture = "../../rewrite/testdata/crdprovider"

var fooMachine = schema.GroupKind{Group: "infrastructure.crds.example.com", Kind: "FooMachine"}

func hasDescription(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if k == "description" || hasDescription(e) {
				return true
			}
		}
	case []any:
		return slices.ContainsFunc(v, hasDescription)
	}
	return false
}

func machineSchema(t *testing.T, set Set) any {
	t.Helper()
	s, err := generic(Schema(set[fooMachine], "v1beta1"))
	if err != nil || s == nil {
		t.Fatalf("no FooMachine v1beta1 schema: %v", err)
	}
	return s
}

// TestGenerateWithOptions: the provider's crd options reach the
// generator: crd:maxDescLen=0 drops every description the defaults keep;
// an option controller-tools does not know is an error.
func TestGenerateWithOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module from source")
	}
	dir, err := filepath.Abs(filepath.Join(fixture, "api", "v1beta1"))
	if err != nil {
		t.Fatal(err)
	}
	def, err := GenerateWith(context.Background(), filepath.Dir(filepath.Dir(dir)), []string{dir}, "")
	if err != nil {
		t.Fatal(err)
	}
	if !hasDescription(machineSchema(t, def)) {
		t.Fatal("the default generation has no description")
	}
	none, err := GenerateWith(context.Background(), filepath.Dir(filepath.Dir(dir)), []string{dir}, "crd:maxDescLen=0")
	if err != nil {
		t.Fatal(err)
	}
	if hasDescription(machineSchema(t, none)) {
		t.Errorf("crd:maxDescLen=0 kept descriptions")
	}
	if _, err := ParseOptions("crd:trivialVersions=true"); err == nil || !strings.Contains(err.Error(), "trivialVersions") {
		t.Errorf("an unknown option: %v", err)
	}
	if g, err := ParseOptions("crd:generateEmbeddedObjectMeta=true,allowDangerousTypes=true"); err != nil || g.GenerateEmbeddedObjectMeta == nil || !*g.GenerateEmbeddedObjectMeta || g.AllowDangerousTypes == nil || !*g.AllowDangerousTypes {
		t.Errorf("ParseOptions = %+v, %v", g, err)
	}
}

// TestGenerateBinaryAsTheLibrary: controller-gen run as a process (the
// provider's pinned binary; here the linked version, built from this
// module) makes the CRDs the library makes with the same options.
func TestGenerateBinaryAsTheLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds controller-gen")
	}
	// From this module: its go.sum's versions, in the module cache.
	bin := filepath.Join(t.TempDir(), "controller-gen")
	build := exec.Command("go", "build", "-o", bin, "sigs.k8s.io/controller-tools/cmd/controller-gen")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	module, err := filepath.Abs(fixture)
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{filepath.Join(module, "api", "v1beta1")}
	lib, err := GenerateWith(context.Background(), module, dirs, "crd:maxDescLen=0")
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"GOWORK=off", "GOFLAGS=-mod=readonly"}
	got, err := GenerateBinary(context.Background(), bin, module, dirs, "crd:maxDescLen=0", env)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(lib) || len(got) == 0 {
		t.Fatalf("binary made %d CRDs, library %d", len(got), len(lib))
	}
	for gk, c := range lib {
		if !reflect.DeepEqual(got[gk].Spec, c.Spec) {
			t.Errorf("%s: the binary's CRD differs from the library's", gk)
		}
	}
	if _, err := os.Stat(filepath.Join(module, "config", "crd", "bases", "_.yaml")); err == nil {
		t.Errorf("controller-gen wrote into the tree")
	}
}
