package poolcrd_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/live"
	"github.com/mpaudit/mpaudit/report"
)

const target = "v1.14.2"

// kindCRDRule reports whether a rule is one of the CRD rules of every kind
// (MPA340–MPA349), a pool's schema rules (MPA307–MPA309) or a
// ControlPlane's scale subresource (MPA352), which static and live modes
// share.
func kindCRDRule(id string) bool {
	return (id >= "MPA340" && id <= "MPA349") || (id >= contract.RuleSchemaProvisioned && id <= contract.RuleStatusSubresource) ||
		id == contract.RuleControlPlaneScale
}

// metadataRule reports whether a rule compares metadata.yaml with the CRDs.
func metadataRule(id string) bool {
	return id == contract.RuleMetadataV1Beta2Unlabelled || id == contract.RuleMetadataV1Beta1Labelled
}

func key(f report.Finding) string {
	return fmt.Sprintf("%s %s %s %s: %s", f.Rule, f.Severity, f.Kind, f.Field, f.Message)
}

// overrides make DevBox, named like no kind, an InfraMachine, and
// DevMachineTemplate (by group/kind) no contract kind.
var overrides = contract.Overrides{"DevBox": "InfraMachine", "infrastructure.cluster.x-k8s.io/DevMachineTemplate": "none"}

func staticKindFindings(t *testing.T, kinds contract.Overrides) []report.Finding {
	t.Helper()
	rep, err := driver.Run(driver.Options{Dir: "testdata/kinds", CAPIVersion: target, KindOverrides: kinds})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("problems: %v", rep.Problems)
	}
	var out []report.Finding
	for _, f := range rep.Findings {
		if kindCRDRule(f.Rule) || metadataRule(f.Rule) {
			out = append(out, f)
		}
	}
	return out
}

func positions(fs []report.Finding) []string {
	var got []string
	for _, f := range fs {
		pos := "-"
		if f.Position != nil {
			pos = fmt.Sprintf("%s:%d", filepath.Base(f.Position.File), f.Position.Line)
		}
		got = append(got, fmt.Sprintf("%s %s %s %s @%s", f.Rule, f.Severity, f.Kind, f.Field, pos))
	}
	slices.Sort(got)
	return got
}

// TestKindCRDs asserts the whole set of CRD findings check reports for the
// kinds other than pools, and where each is reported.
func TestKindCRDs(t *testing.T) {
	got := positions(staticKindFindings(t, nil))
	want := []string{
		"MPA343 warning DevControlPlane metadata.labels[cluster.x-k8s.io/v1beta1] @types.go:18",
		"MPA343 warning DevMachineTemplate metadata.labels[cluster.x-k8s.io/v1beta1] @infrastructure.cluster.x-k8s.io_devmachinetemplates.yaml:6",
		"MPA340 error DevMachine metadata.name @infrastructure.cluster.x-k8s.io_devmachines.yaml:8",
		"MPA341 error DevMachine spec.scope @infrastructure.cluster.x-k8s.io_devmachines.yaml:8",
		"MPA345 info DevMachine metadata.labels @infrastructure.cluster.x-k8s.io_devmachines.yaml:8",
		"MPA346 error DevCluster status.initialization.provisioned @infrastructure.cluster.x-k8s.io_devclusters.yaml:8",
		"MPA347 error DevMachine spec.providerID @infrastructure.cluster.x-k8s.io_devmachines.yaml:8",
		"MPA348 error DevCluster status.failureDomains @infrastructure.cluster.x-k8s.io_devclusters.yaml:8",
		"MPA349 warning DevCluster  @infrastructure.cluster.x-k8s.io_devclusters.yaml:8",
		// A control plane with spec.replicas: the CRD has no scale subresource;
		// with no CRD, the marker has no selector path.
		"MPA352 warning ScaleControlPlane subresources.scale @controlplane.cluster.x-k8s.io_scalecontrolplanes.yaml:7",
		"MPA352 warning DevControlPlane subresources.scale @types.go:17",
		// The latest release series, v0.2, declares v1beta2 (metadata.yaml:10).
		"MPA350 warning DevControlPlane releaseSeries[].contract @metadata.yaml:10",
		"MPA350 warning DevMachineTemplate releaseSeries[].contract @metadata.yaml:10",
		// A pool's schema is judged as live and validate judge it.
		"MPA307 warning DevMachinePool status.initialization.provisioned @infrastructure.cluster.x-k8s.io_devmachinepools.yaml:8",
		"MPA309 warning DevMachinePool  @infrastructure.cluster.x-k8s.io_devmachinepools.yaml:8",
		// A pool template's CRD is resolved by its label too (ClusterClass).
		"MPA342 error DevMachinePoolTemplate metadata.labels @infrastructure.cluster.x-k8s.io_devmachinepooltemplates.yaml:5",
		"MPA350 warning DevMachinePoolTemplate releaseSeries[].contract @metadata.yaml:10",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("static kind CRD findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// The overrides reach the classifier: DevBox's CRD is judged, DevMachineTemplate's is not.
	got = positions(staticKindFindings(t, overrides))
	want = slices.DeleteFunc(want, func(s string) bool { return strings.Contains(s, "DevMachineTemplate") })
	want = append(want, "MPA343 warning DevBox metadata.labels[cluster.x-k8s.io/v1beta1] @infrastructure.cluster.x-k8s.io_devboxes.yaml:6",
		"MPA350 warning DevBox releaseSeries[].contract @metadata.yaml:10")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("with kind overrides:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStaticAgreesWithLive reads the same CRDs as a cluster dump: live must
// report the same rules, severities, fields and messages as check, with and
// without kind overrides.
func TestStaticAgreesWithLive(t *testing.T) {
	for _, kinds := range []contract.Overrides{nil, overrides} {
		t.Run(fmt.Sprint(len(kinds), " overrides"), func(t *testing.T) { agree(t, kinds) })
	}
}

func agree(t *testing.T, kinds contract.Overrides) {
	var static []string
	for _, f := range staticKindFindings(t, kinds) {
		// Live has no Go types, so no marker labels, nor metadata.yaml.
		if !strings.Contains(f.Message, "markers") && !metadataRule(f.Rule) {
			static = append(static, key(f))
		}
	}
	ctx := context.Background()
	src, err := live.LoadFile(ctx, "testdata/kinds/config/crd/bases")
	if err != nil {
		t.Fatal(err)
	}
	res, err := live.Audit(ctx, src, live.Options{CAPIVersion: target, KindOverrides: kinds})
	if err != nil {
		t.Fatal(err)
	}
	var lv []string
	for _, f := range res.Findings {
		if kindCRDRule(f.Rule) {
			lv = append(lv, key(f))
		}
	}
	slices.Sort(static)
	slices.Sort(lv)
	if len(static) == 0 || !slices.Equal(static, lv) {
		t.Errorf("check and live disagree on the same CRDs:\ncheck:\n%s\nlive:\n%s", strings.Join(static, "\n"), strings.Join(lv, "\n"))
	}
}
