package main

import (
	"maps"
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

// Templates get rows in check's and live's matrix: their label and CRD
// columns judged, their own points (spec.template) not checked by any rule,
// and every other column not applicable.
func TestMatrixTemplateRows(t *testing.T) {
	const fixture = "../../analyzers/poolcrd/testdata/kinds"
	rows := func(r *report.Report) map[string]string {
		out := map[string]string{}
		for _, row := range r.Matrix.Rows {
			k, ok := contract.KindByName(row.Type.Kind)
			if !ok || !k.IsTemplate() {
				continue
			}
			var cells []string
			for _, c := range row.Cells {
				cells = append(cells, c.Column+"="+string(c.State)+strings.Join(c.Rules, ","))
			}
			out[row.Type.Kind+" "+row.Type.Name] = strings.Join(cells, " ")
		}
		return out
	}
	const others = "readiness=n/a failures=n/a providerID=n/a replicas=n/a failureDomains=n/a conditions=n/a kindSpecific=not-checked "
	_, static := runJSON(t, "check", "--no-cache", "-C", fixture, "--capi-version", "v1.14.2", "./...")
	_, lv := runJSON(t, "live", "--from-file", fixture+"/config/crd/bases", "--capi-version", "v1.14.2")
	for _, tc := range []struct {
		mode string
		r    *report.Report
		want map[string]string
	}{
		// check also compares the CRDs with metadata.yaml (MPA350, CRD column).
		{"check", static, map[string]string{
			"InfraMachineTemplate DevMachineTemplate":         others + "label=failMPA343 crd=failMPA350",
			"InfraMachinePoolTemplate DevMachinePoolTemplate": others + "label=failMPA342 crd=failMPA350",
		}},
		{"live", lv, map[string]string{
			"InfraMachineTemplate DevMachineTemplate":         others + "label=failMPA343 crd=ok",
			"InfraMachinePoolTemplate DevMachinePoolTemplate": others + "label=failMPA342 crd=ok",
		}},
	} {
		if tc.r.Matrix == nil {
			t.Fatalf("%s: no matrix", tc.mode)
		}
		if got := rows(tc.r); !maps.Equal(got, tc.want) {
			t.Errorf("%s: template rows\n%v\nwant\n%v", tc.mode, got, tc.want)
		}
	}
	_, md, _ := run(t, "check", "--no-cache", "-C", fixture, "--capi-version", "v1.14.2", "-o", "markdown", "./...")
	if !strings.Contains(md, "| `infrastructure.cluster.x-k8s.io/v1beta2 DevMachinePoolTemplate (storage)` | InfraMachinePoolTemplate | – |") {
		t.Errorf("the Markdown matrix has no pool template row:\n%s", md)
	}
}
