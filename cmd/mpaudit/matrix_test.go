package main

import (
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// check and live fill the audited types and end with the migration
// matrix; stderr, not a terminal here, shows no progress.
func TestMatrixAndNoProgressOffTerminal(t *testing.T) {
	t.Run("check", func(t *testing.T) {
		code, out, errOut := run(t, "check", "-C", providerDir, "./apis/capdlike/...")
		if code != report.ExitFindings {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		assertNoProgress(t, errOut)
		i := strings.Index(out, "migration matrix")
		if i < 0 || strings.Contains(out[i:], "summary:") {
			t.Fatalf("the report does not end with the matrix:\n%s", out)
		}
		for _, row := range []string{"/v1beta2 DockerMachinePool (storage)", "/v1beta1 DockerMachinePool (spoke)"} {
			if !strings.Contains(out[i:], row) {
				t.Errorf("matrix lacks %q:\n%s", row, out[i:])
			}
		}
		_, r := runJSON(t, "check", "-C", providerDir, "./apis/capdlike/...")
		if r.Matrix == nil || len(r.Matrix.Rows) != len(r.Summary.Types) {
			t.Fatalf("JSON matrix %+v, want one row per audited type %v", r.Matrix, r.Summary.Types)
		}
		for _, row := range r.Matrix.Rows {
			if row.Type.Kind != contract.KindInfraMachinePool || row.Type.GoType == "" {
				t.Errorf("row type %+v: want the pool kind and its Go type", row.Type)
			}
		}
	})
	t.Run("live", func(t *testing.T) {
		code, out, errOut := run(t, "live", "--from-file", "../../live/testdata/dump.json")
		if code == report.ExitError {
			t.Fatalf("exit 2: %s", errOut)
		}
		assertNoProgress(t, errOut)
		if !strings.Contains(out, "migration matrix") {
			t.Errorf("no matrix:\n%s", out)
		}
		_, r := runJSON(t, "live", "--from-file", "../../live/testdata/dump.json")
		if r.Matrix == nil || len(r.Matrix.Rows) == 0 || len(r.Matrix.Rows) != len(r.Summary.TypeRefs) {
			t.Errorf("JSON matrix %+v for types %+v", r.Matrix, r.Summary.TypeRefs)
		}
	})
}

func assertNoProgress(t *testing.T, stderr string) {
	t.Helper()
	if strings.ContainsAny(stderr, "\r\x1b") || strings.Contains(stderr, "loading") || strings.Contains(stderr, "listing") {
		t.Errorf("progress on a stderr that is no terminal: %q", stderr)
	}
}
