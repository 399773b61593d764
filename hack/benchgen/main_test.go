package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
	"github.com/mpaudit/mpaudit/rewrite"
)

const conversionGolden = "testdata/foo1_v1beta1_conversion.go.golden"

// TestRewriteGeneratedSpokesRoundTrip generates a small provider (a
// dual-write hub and one that only has status.ready, each with a v1beta1
// spoke converted by conversion-gen and by hand), rewrites it, builds and
// vets the result, and proves both spokes round-trip with the rewritten
// hubs using Cluster API's fuzz test, as providers test their conversions.
func TestRewriteGeneratedSpokesRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("generates, rewrites and tests a module")
	}
	dir := t.TempDir()
	if err := run(dir, 12, "../../rewrite/testdata/convprovider,../../analyzers/testdata/provider"); err != nil {
		t.Fatal(err)
	}
	m := plan(12)
	checkKinds(t, dir, m)
	res, err := rewrite.Run(rewrite.Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatalf("rewrite: %v", err)
	}
	if !res.Written {
		t.Fatal("nothing written")
	}
	for _, m := range res.Manual {
		if strings.Contains(m, "Convert_") || strings.Contains(m, "ConvertTo") {
			t.Errorf("conversion work left to a person: %s", m)
		}
	}
	// The dual-write hub was migrated before and its spoke converts it
	// already; the other spoke's conversions the rewrite completed.
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(body.String(), "by hand in the conversion functions") {
		t.Errorf("the PR body asks a person to map readiness in conversions that map it:\n%s", body.String())
	}
	changed := map[string]bool{}
	for _, c := range res.Changes {
		changed[c.Rel] = true
	}
	for _, g := range m.groups {
		spoke := g.dir() + "/v1beta1/"
		// Only the hub without status.initialization changes.
		if changed[spoke+"zz_generated.conversion.go"] == g.dual || changed[spoke+"conversion.go"] == g.dual {
			t.Errorf("%s: dual=%v but conversion files changed: %v", spoke, g.dual, res.Changes)
		}
	}

	got, err := os.ReadFile(filepath.Join(dir, "apis/foo1/v1beta1/conversion.go"))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(conversionGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(conversionGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("apis/foo1/v1beta1/conversion.go differs from %s (UPDATE_GOLDEN=1 to accept):\n%s", conversionGolden, got)
	}

	var spokes []string
	for _, g := range m.groups {
		spokes = append(spokes, "./"+g.dir()+"/v1beta1")
		test := roundTripTest(g)
		if err := os.WriteFile(filepath.Join(dir, g.dir(), "v1beta1", "conversion_test.go"), []byte(test), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goIn(t, dir, "build", "./...")
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, append([]string{"test", "-count=1", "-run", "TestFuzzyConversion"}, spokes...)...)
}

// checkKinds audits the generated module and wants one matrix row per
// generated type (pool templates included), classified as the generator means it, with the readiness
// cell passing exactly for the dual (migrated) groups' InfraMachine and
// ControlPlane and failing for the others.
func checkKinds(t *testing.T, dir string, m *model) {
	t.Helper()
	rep, err := driver.Run(driver.Options{Dir: dir, Patterns: []string{"./..."}, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")})
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	rep.Finish()
	if rep.Matrix == nil {
		t.Fatal("check audited no type")
	}
	type row struct{ kind, apiVersion, name string }
	want := map[row]bool{}
	infra := func(v string) string { return infraAPIGroup + "/" + v }
	var cpCells, machineCells []row
	for _, g := range m.groups {
		for _, v := range []string{"v1beta1", "v1beta2"} {
			want[row{"InfraMachinePool", infra(v), g.Kind()}] = true
			want[row{"InfraCluster", infra(v), g.Cluster()}] = true
			// Templates get rows too (their CRDs are checked).
			want[row{"InfraMachinePoolTemplate", infra(v), g.Kind() + "Template"}] = true
		}
		mr := row{"InfraMachine", infra("v1beta2"), g.Machine()}
		cr := row{"ControlPlane", controlPlaneAPIGroup + "/v1beta2", g.ControlPlane()}
		want[mr], want[cr] = true, true
		machineCells, cpCells = append(machineCells, mr), append(cpCells, cr)
	}
	got := map[row]report.MatrixRow{}
	for _, r := range rep.Matrix.Rows {
		got[row{r.Type.Kind, r.Type.APIVersion(), r.Type.Name}] = r
	}
	for r := range want {
		if _, ok := got[r]; !ok {
			t.Errorf("no matrix row for %v", r)
		}
	}
	for r := range got {
		if !want[r] {
			t.Errorf("unexpected matrix row %v", r)
		}
	}
	for i, g := range m.groups {
		for _, r := range []row{machineCells[i], cpCells[i]} {
			mr, ok := got[r]
			if !ok {
				continue
			}
			for _, c := range mr.Cells {
				if c.Column != contract.ColumnReadiness {
					continue
				}
				if ok := c.State == report.CellOK; ok != g.dual {
					t.Errorf("%v (dual=%v): readiness cell %s %v", r, g.dual, c.State, c.Rules)
				}
			}
		}
	}
}

// roundTripTest is a spoke's conversion test as providers write it. Its
// fuzzer lets a hub's ready and provisioned disagree, as CAPD's does; it
// keeps only that empty deprecated groups are absent and that a dual-write
// hub always says whether it is ready.
func roundTripTest(g group) string {
	hub := apiRef{g, "v1beta2"}
	ready := ""
	if g.dual {
		ready = `if in.Ready == nil {
				in.Ready = new(bool)
			}
			if p := in.Initialization.Provisioned; p != nil && *p {
				*in.Ready = true
			}`
	}
	return expand(`package v1beta1

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/randfill"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"

	v1beta2 "$HUB"
)

func fuzzFuncs(_ serializer.CodecFactory) []any {
	return []any{
		func(in *v1beta2.$KStatus, c randfill.Continue) {
			c.FillNoCustom(in)
			$READY
			if d := in.Deprecated; d != nil && (d.V1Beta1 == nil || (d.V1Beta1.Conditions == nil && d.V1Beta1.FailureReason == nil && d.V1Beta1.FailureMessage == nil)) {
				in.Deprecated = nil
			}
		},
	}
}

func TestFuzzyConversion(t *testing.T) {
	t.Run("for $K", utilconversion.FuzzTestFunc(utilconversion.FuzzTestFuncInput{
		Hub:         &v1beta2.$K{},
		Spoke:       &$K{},
		FuzzerFuncs: []fuzzer.FuzzerFuncs{fuzzFuncs},
	}))
}
`, map[string]string{"HUB": hub.path(), "K": g.Kind(), "READY": ready})
}

func goIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
