package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/oracle"
	"github.com/mpaudit/mpaudit/report"
)

// envtestAssets finds the envtest binaries: $KUBEBUILDER_ASSETS, else the
// newest under setup-envtest's default directory.
func envtestAssets(t *testing.T) string {
	if d := os.Getenv("KUBEBUILDER_ASSETS"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	matches, _ := filepath.Glob(filepath.Join(home, ".local/share/kubebuilder-envtest/k8s/*-linux-amd64"))
	slices.Sort(matches)
	for _, d := range slices.Backward(matches) {
		if _, err := os.Stat(filepath.Join(d, "kube-apiserver")); err == nil {
			return d
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("envtest binaries not found: run `make envtest-assets` (or set KUBEBUILDER_ASSETS)")
	}
	t.Skip("envtest binaries not found: run `make envtest-assets` (or set KUBEBUILDER_ASSETS)")
	return ""
}

// TestConformExampleProvider runs `mpaudit conform` on the example
// provider's CRDs and a fixture at the pinned release: the CRDs core
// resolves and reads pass, each wrong one gets MPA801 for its provisioned
// object and nothing else.
func TestConformExampleProvider(t *testing.T) {
	t.Setenv("KUBEBUILDER_ASSETS", envtestAssets(t))
	code, out, stderr := run(t, "conform", "--crds", "../../analyzers/testdata/provider/config/crd",
		"--crds", "testdata/conform/readyonly_machine.yaml", "--capi-version", string(oracle.PinnedRelease), "-o", "json")
	if code != report.ExitFindings {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, report.ExitFindings, out, stderr)
	}
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string][]string{}
	for _, f := range r.Findings {
		got[f.Kind] = append(got[f.Kind], f.Rule)
		if f.Kind == "ReadyOnlyMachine" && !strings.Contains(f.Message, "has no status.initialization.provisioned") {
			t.Errorf("ReadyOnlyMachine: the message does not name the field the schema lacks: %s", f.Message)
		}
	}
	want := map[string][]string{
		// Named devpools (MPA304): core's lookup by kind finds no CRD.
		"DevMachinePool": {contract.RuleConformNotProvisioned},
		// No contract label.
		"EmptyMachinePool": {contract.RuleConformNotProvisioned},
		// Cluster-scoped (MPA305).
		"FooManagedMachinePool": {contract.RuleConformNotProvisioned},
		"ReadyOnlyMachine":      {contract.RuleConformNotProvisioned},
	}
	for kind, rules := range want {
		if !slices.Equal(got[kind], rules) {
			t.Errorf("%s: findings %v, want %v", kind, got[kind], rules)
		}
	}
	for kind := range got {
		if _, ok := want[kind]; !ok {
			t.Errorf("%s: unexpected findings %v", kind, got[kind])
		}
	}
	// Every CRD ran: the passing kinds are not passing for want of a run.
	for _, kind := range []string{"dockermachinepools", "scwmachinepools", "readyonlymachines"} {
		if !slices.ContainsFunc(r.Summary.Types, func(s string) bool { return strings.HasPrefix(s, kind+".") }) {
			t.Errorf("%s did not run: %v", kind, r.Summary.Types)
		}
	}
}

// TestConformNeedsEnvtest: without KUBEBUILDER_ASSETS conform says what it needs, exit 2.
func TestConformNeedsEnvtest(t *testing.T) {
	t.Setenv("KUBEBUILDER_ASSETS", "")
	code, _, stderr := run(t, "conform", "--crds", "testdata/conform/readyonly_machine.yaml")
	if code != report.ExitError || !strings.Contains(stderr, "KUBEBUILDER_ASSETS") {
		t.Errorf("exit %d, stderr %q; want exit 2 naming KUBEBUILDER_ASSETS", code, stderr)
	}
}
