package poolusage_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/internal/gofixtest"
)

// TestGoFixMigratesProvider applies every mpaudit fix to a copy of the
// provider module the way a user does (go fix -fixtool), then checks that
// the result builds and vets, that it is what the .golden files say, and
// that the generated accessors put a failure message at
// status.deprecated.v1beta1.failureMessage in the object's JSON.
func TestGoFixMigratesProvider(t *testing.T) {
	dir := gofixtest.Run(t, "../testdata/provider", gofixtest.Options{GoldensOnly: true})

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
