package poolusage_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoFixMigratesProvider applies every mpaudit fix to a copy of the
// provider module the way a user does (go fix -fixtool), then checks that
// the result builds and vets, that it is what the .golden files say, and
// that the generated accessors put a failure message at
// status.deprecated.v1beta1.failureMessage in the object's JSON.
func TestGoFixMigratesProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs go fix")
	}
	src, _ := filepath.Abs("../testdata/provider")
	bin := filepath.Join(t.TempDir(), "mpaudit")
	goCmd(t, "", "build", "-o", bin, "../../cmd/mpaudit")

	dir := t.TempDir()
	var goldens []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if strings.HasSuffix(rel, ".golden") {
			goldens = append(goldens, rel)
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}

	goCmd(t, dir, "fix", "-fixtool="+bin, "./...")
	for _, g := range goldens {
		want, _ := os.ReadFile(filepath.Join(src, g))
		got, _ := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(g, ".golden")))
		if !bytes.Equal(got, want) {
			t.Errorf("go fix result of %s differs from %s:\n%s", strings.TrimSuffix(g, ".golden"), g, got)
		}
	}
	goCmd(t, dir, "build", "./...")
	goCmd(t, dir, "vet", "./...")

	// A program using the migrated API: spec.providerID is a string now and
	// the failure message goes through the generated setter.
	main := `package main

import (
	"encoding/json"
	"fmt"

	managedv1 "example.com/provider/apis/managed/v1alpha1"
)

func main() {
	var p managedv1.FooManagedMachinePool
	p.Spec.ProviderID = "foo:///pool"
	msg := "instance group deleted"
	p.Status.SetV1Beta1FailureMessage(&msg)
	if got := p.Status.V1Beta1FailureMessage(); got == nil || *got != msg {
		panic("getter does not return what the setter set")
	}
	var empty managedv1.FooManagedMachinePool
	if empty.Status.V1Beta1FailureReason() != nil {
		panic("getter on an empty status is not nil")
	}
	b, err := json.Marshal(&p)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(b))
}
`
	if err := os.MkdirAll(filepath.Join(dir, "cmd", "jsoncheck"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cmd", "jsoncheck", "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	out := goCmd(t, dir, "run", "./cmd/jsoncheck")
	if !strings.Contains(out, `"deprecated":{"v1beta1":{"failureMessage":"instance group deleted"}}`) {
		t.Errorf("failureMessage is not under status.deprecated.v1beta1:\n%s", out)
	}
	if n := strings.Count(out, `"failureMessage"`); n != 1 {
		t.Errorf("failureMessage appears %d times (a top-level copy left?):\n%s", n, out)
	}
	if !strings.Contains(out, `"providerID":"foo:///pool"`) {
		t.Errorf("spec.providerID missing:\n%s", out)
	}
}

func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return goEnv(t, nil, dir, args...)
}

// goEnv runs go with env added to the process's environment.
func goEnv(t *testing.T, env []string, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}
