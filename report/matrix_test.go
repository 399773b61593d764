package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

const (
	poolGroup = "infrastructure.cluster.x-k8s.io"
	hubType   = "example.com/provider/api/v1beta2.DockerMachinePool"
	spokeType = "example.com/provider/api/v1beta1.DockerMachinePool"
)

// matrixReport is a `check` report on a pool with a hub and a spoke: the
// hub lacks its providerIDList and has a function that writes only
// status.ready, the spoke is a v1beta1 shape, the CRD has no label.
func matrixReport(t *testing.T) *Report {
	t.Helper()
	r := &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	hub := func(rule string, sev contract.Severity, field string) Finding {
		return Finding{Rule: rule, Severity: sev, Kind: "DockerMachinePool", Type: hubType, APIVersion: poolGroup + "/v1beta2", Field: field,
			Message: rule + " on the hub", Position: &Position{File: "api/v1beta2/types.go", Line: 10}}
	}
	spoke := func(rule, field string) Finding {
		return Finding{Rule: rule, Severity: contract.Info, Kind: "DockerMachinePool", Type: spokeType, APIVersion: poolGroup + "/v1beta1", Field: field,
			Message: rule + " on the spoke", Position: &Position{File: "api/v1beta1/types.go", Line: 10}, Spoke: true}
	}
	r.Findings = []Finding{
		hub(contract.RuleDualReadiness, contract.Info, contract.PathReady),
		hub(contract.RuleProviderIDList, contract.Error, contract.PathProviderIDList),
		hub(contract.RuleReadyWriteAlone, contract.Warning, contract.PathReady),
		hub(contract.RuleContractFieldUse, contract.Info, contract.PathProviderID),
		hub(contract.RuleLabelMissing, contract.Error, ""),
		spoke(contract.RuleReadyOnly, contract.PathReady),
		spoke(contract.RuleConditionsV1Beta1, contract.PathConditions),
		spoke(contract.RuleFailureReason, contract.PathFailureReason),
	}
	r.Summary.Types = []string{poolGroup + "/v1beta2 DockerMachinePool (storage)", poolGroup + "/v1beta1 DockerMachinePool (spoke)"}
	r.Summary.TypeRefs = []TypeRef{
		{Kind: contract.KindInfraMachinePool, Group: poolGroup, Version: "v1beta1", Name: "DockerMachinePool", GoType: spokeType},
		{Kind: contract.KindInfraMachinePool, Group: poolGroup, Version: "v1beta2", Name: "DockerMachinePool", GoType: hubType, Storage: true},
		{Kind: contract.KindInfraMachinePool, Group: poolGroup, Version: "v1beta2", Name: "DockerMachinePool", GoType: hubType, Storage: true},
	}
	r.Summary.Loaded = 2
	r.Finish()
	return r
}

func cellsOf(t *testing.T, m *Matrix, version string) map[string]MatrixCell {
	t.Helper()
	for _, row := range m.Rows {
		if row.Type.Version == version {
			out := map[string]MatrixCell{}
			for _, c := range row.Cells {
				out[c.Column] = c
			}
			return out
		}
	}
	t.Fatalf("no matrix row for %s", version)
	return nil
}

func TestMatrixCells(t *testing.T) {
	r := matrixReport(t)
	if r.Matrix == nil || len(r.Matrix.Rows) != 2 {
		t.Fatalf("want 2 rows (duplicates merged), got %+v", r.Matrix)
	}
	if r.Matrix.Rows[0].Type.Version != "v1beta2" {
		t.Errorf("storage row not first: %+v", r.Matrix.Rows[0].Type)
	}
	for version, want := range map[string]map[string]string{
		"v1beta2": {
			contract.ColumnReadiness:  "fail " + contract.RuleReadyWriteAlone, // the dual shape is fine, the write is not
			contract.ColumnProviderID: "fail " + contract.RuleProviderIDList,
			contract.ColumnFailures:   "ok", contract.ColumnConditions: "ok", contract.ColumnReplicas: "ok",
			contract.ColumnFailureDomains: "n/a", // pools have none
			contract.ColumnLabel:          "fail " + contract.RuleLabelMissing,
			contract.ColumnCRD:            "ok",
		},
		"v1beta1": {
			// Spoke findings are info, yet they say what the spoke lacks.
			contract.ColumnReadiness:  "fail " + contract.RuleReadyOnly,
			contract.ColumnConditions: "fail " + contract.RuleConditionsV1Beta1,
			contract.ColumnFailures:   "fail " + contract.RuleFailureReason,
			contract.ColumnProviderID: "ok",
			// The CRD serves every version.
			contract.ColumnLabel: "fail " + contract.RuleLabelMissing,
		},
	} {
		cells := cellsOf(t, r.Matrix, version)
		for col, w := range want {
			c := cells[col]
			got := string(c.State)
			if len(c.Rules) > 0 {
				got += " " + strings.Join(c.Rules, ",")
			}
			if got != w {
				t.Errorf("%s %s = %q, want %q", version, col, got, w)
			}
		}
	}
}

func TestMatrixNotCheckedAndOtherKinds(t *testing.T) {
	r := &Report{Tool: "mpaudit", Mode: "check", FailOn: contract.Warning}
	r.Findings = []Finding{{Rule: contract.RuleCRDNotFound, Severity: contract.Info, Kind: "DockerMachinePool", Type: hubType,
		APIVersion: poolGroup + "/v1beta2", Message: "no CRD found"}}
	r.Summary.TypeRefs = []TypeRef{
		{Kind: contract.KindInfraMachinePool, Group: poolGroup, Version: "v1beta2", Name: "DockerMachinePool", GoType: hubType, Storage: true},
		{Kind: contract.KindControlPlane, Group: "controlplane.cluster.x-k8s.io", Version: "v1beta2", Name: "FooControlPlane", Storage: true},
		{Kind: "Mystery", Group: "example.com", Version: "v1", Name: "Thing", Storage: true},
	}
	r.Finish()
	pool := cellsOf(t, r.Matrix, "v1beta2")
	if pool[contract.ColumnLabel].State != CellNotChecked || pool[contract.ColumnCRD].State != CellNotChecked {
		t.Errorf("a CRD that was not found must leave its columns not checked: %+v", pool)
	}
	if pool[contract.ColumnReadiness].State != CellOK {
		t.Errorf("pool readiness without findings = %s, want ok", pool[contract.ColumnReadiness].State)
	}
	cp, _ := contract.KindByName(contract.KindControlPlane)
	for _, row := range r.Matrix.Rows {
		for i, cell := range row.Cells {
			col := contract.MatrixColumns[i]
			want := CellOK
			switch {
			case row.Type.Kind == "Mystery":
				want = CellNotChecked
			case row.Type.Kind == contract.KindControlPlane && !col.AppliesTo(cp):
				want = CellNotApplicable
			case row.Type.Kind == contract.KindControlPlane && !col.CheckedIn(cp, contract.Static):
				want = CellNotChecked
			case row.Type.Kind != contract.KindControlPlane:
				continue
			}
			if cell.State != want {
				t.Errorf("%s %s = %s, want %s", row.Type.Name, col.ID, cell.State, want)
			}
		}
	}
}

func TestMatrixLiveSeparatesClusters(t *testing.T) {
	r := &Report{Tool: "mpaudit", Mode: "live", FailOn: contract.Warning}
	obj := func(cluster string) *Object {
		return &Object{Group: poolGroup, Version: "v1beta2", Kind: "DockerMachinePool", Namespace: "ns", Name: "pool", Cluster: cluster}
	}
	r.Findings = []Finding{
		{Rule: contract.RuleObjectProvisionedOnly, Severity: contract.Error, Kind: "DockerMachinePool", APIVersion: poolGroup + "/v1beta2",
			Field: contract.PathProvisioned, Object: obj("prod")},
		{Rule: contract.RuleStatusSubresource, Severity: contract.Warning, Kind: "DockerMachinePool", APIVersion: poolGroup + "/v1beta2",
			Object: &Object{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition", Name: "dockermachinepools." + poolGroup, Cluster: "dev"}},
	}
	for _, c := range []string{"dev", "prod"} {
		for _, v := range []string{"v1beta1", "v1beta2"} {
			r.Summary.TypeRefs = append(r.Summary.TypeRefs, TypeRef{Kind: contract.KindInfraMachinePool, Group: poolGroup, Version: v,
				Name: "DockerMachinePool", Storage: v == "v1beta2", Cluster: c})
		}
	}
	r.Finish()
	got := map[string]string{}
	for _, row := range r.Matrix.Rows {
		for _, c := range row.Cells {
			if c.State == CellFail {
				got[row.Type.Cluster+" "+row.Type.Version+" "+c.Column] = strings.Join(c.Rules, ",")
			}
		}
	}
	want := map[string]string{
		"prod v1beta2 " + contract.ColumnReadiness: contract.RuleObjectProvisionedOnly,
		"dev v1beta1 " + contract.ColumnCRD:        contract.RuleStatusSubresource,
		"dev v1beta2 " + contract.ColumnCRD:        contract.RuleStatusSubresource,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("failed cells = %v, want %v", got, want)
	}
	text := string(render(t, PrintText, r))
	if !strings.Contains(text, "  prod: "+poolGroup+"/v1beta2 DockerMachinePool (storage)") {
		t.Errorf("rows of several clusters do not name the cluster:\n%s", text)
	}
}

// The goldens show the matrix as text, Markdown and JSON; UPDATE_GOLDEN=1
// rewrites them.
func TestMatrixGoldens(t *testing.T) {
	r := matrixReport(t)
	text := render(t, PrintText, r)
	md := render(t, PrintMarkdown, r)
	checkTables(t, string(md))
	var doc struct {
		Matrix json.RawMessage `json:"matrix"`
	}
	if err := json.Unmarshal(render(t, PrintJSON, r), &doc); err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := json.Indent(&js, doc.Matrix, "", "  "); err != nil {
		t.Fatal(err)
	}
	js.WriteByte('\n')
	tail := func(b []byte, marker string) []byte {
		i := bytes.Index(b, []byte(marker))
		if i < 0 {
			t.Fatalf("no %q in:\n%s", marker, b)
		}
		return b[i:]
	}
	for name, got := range map[string][]byte{
		"matrix.txt":  tail(text, "migration matrix"),
		"matrix.md":   tail(md, "### Migration matrix"),
		"matrix.json": js.Bytes(),
	} {
		golden := filepath.Join("testdata", name)
		if os.Getenv("UPDATE_GOLDEN") != "" {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs (UPDATE_GOLDEN=1 to accept):\n%s", name, got)
		}
	}
	if !bytes.HasSuffix(text, tail(text, "migration matrix")) || bytes.Contains(tail(text, "migration matrix"), []byte("summary:")) {
		t.Errorf("the text report does not end with the matrix:\n%s", text)
	}

	var back Report
	if err := yaml.Unmarshal(render(t, PrintYAML, r), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Matrix, r.Matrix) {
		t.Errorf("YAML does not carry the matrix: %+v", back.Matrix)
	}
}

// A type whose CRD was not found has its CRD columns not checked (?), not
// met (✓), unless a finding fails them.
func TestMatrixNoCRD(t *testing.T) {
	r := &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	ref := TypeRef{Kind: contract.KindInfraMachine, Group: poolGroup, Version: "v1beta2", Name: "DockerMachine",
		GoType: "example.com/provider/api/v1beta2.DockerMachine", Storage: true}
	r.Summary.TypeRefs = []TypeRef{ref}
	r.Finish()
	if c := cellsOf(t, r.Matrix, "v1beta2")[contract.ColumnLabel]; c.State != CellOK {
		t.Fatalf("label cell with a CRD found is %s, want %s", c.State, CellOK)
	}
	ref.NoCRD = true
	r = &Report{Tool: "mpaudit", Mode: "check", Target: mustTarget(t, "v1.14.2"), FailOn: contract.Warning}
	r.Summary.TypeRefs = []TypeRef{ref}
	r.Finish()
	cells := cellsOf(t, r.Matrix, "v1beta2")
	for _, col := range []string{contract.ColumnLabel, contract.ColumnCRD} {
		if cells[col].State != CellNotChecked {
			t.Errorf("%s cell without a CRD is %s, want %s", col, cells[col].State, CellNotChecked)
		}
	}
	if cells[contract.ColumnReadiness].State != CellOK {
		t.Errorf("readiness cell is %s: no CRD says nothing of the Go type", cells[contract.ColumnReadiness].State)
	}
}
