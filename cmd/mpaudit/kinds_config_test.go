package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckKindOverrides: the kinds section of the configuration file
// reaches the classifier of check.
func TestCheckKindOverrides(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "c.yaml")
	doc := "kinds:\n  DevBox: InfraMachine\n  infrastructure.cluster.x-k8s.io/DevMachineTemplate: none\n"
	if err := os.WriteFile(cfg, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	judged := func(args ...string) map[string]bool {
		_, r := runJSON(t, append([]string{"check", "--no-cache", "-C", "../../analyzers/poolcrd/testdata/kinds", "--capi-version", "v1.14.2"}, args...)...)
		if len(r.Problems) > 0 {
			t.Fatalf("problems: %v", r.Problems)
		}
		out := map[string]bool{}
		for _, f := range r.Findings {
			if f.Rule == "MPA343" {
				out[f.Kind] = true
			}
		}
		return out
	}
	if got := judged(); !got["DevMachineTemplate"] || got["DevBox"] {
		t.Errorf("without overrides, MPA343 on %v; want DevMachineTemplate, not DevBox", got)
	}
	if got := judged("--config", cfg); got["DevMachineTemplate"] || !got["DevBox"] {
		t.Errorf("with overrides, MPA343 on %v; want DevBox, not DevMachineTemplate", got)
	}
}
