package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/live"
	"github.com/mpaudit/mpaudit/report"
)

// runValidate runs `mpaudit contract validate args...` through the root
// command, as a user does.
func runValidate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRoot(&out, &errOut)
	root.SetArgs(append([]string{"contract", "validate"}, args...))
	code := report.ExitOK
	if err := root.Execute(); err != nil {
		code = report.ExitError
		if ee, ok := errors.AsType[*exitError](err); ok {
			code = ee.code
			if ee.err != nil && ee.err.Error() != "" {
				fmt.Fprintln(&errOut, "mpaudit:", ee.err)
			}
		} else {
			fmt.Fprintln(&errOut, "mpaudit:", err)
		}
	}
	return code, out.String(), errOut.String()
}

func runValidateJSON(t *testing.T, args ...string) (int, *report.Report, string) {
	t.Helper()
	code, out, errOut := runValidate(t, append(args, "-o", "json")...)
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not one JSON document: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	return code, &r, errOut
}

const (
	capd110 = "testdata/validate/capd-v1.10.0-components.yaml"
	capd111 = "testdata/validate/capd-v1.11.0-components.yaml"
)

// findingLines lists findings as "line rule severity kind field".
func findingLines(r *report.Report) []string {
	var out []string
	for _, f := range r.Findings {
		line := 0
		if f.Position != nil {
			line = f.Position.Line
		}
		out = append(out, fmt.Sprintf("%d %s %s %s %s", line, f.Rule, f.Severity, f.Kind, f.Field))
	}
	slices.Sort(out)
	return out
}

// flipped is CAPD v1.10's bundle with the v1beta2 label added before the
// types have the v1beta2 fields: the premature flip the CRD check exists for.
func flipped(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(capd110)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(data), "    cluster.x-k8s.io/v1beta1: v1beta1\n", "    cluster.x-k8s.io/v1beta1: v1beta1\n    cluster.x-k8s.io/v1beta2: v1beta1\n")
	p := filepath.Join(t.TempDir(), "components.yaml")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestContractValidateCAPD validates release bundles built from CAPD's
// v1.10.0 and v1.11.0 CRDs (Namespace and Deployment documents skipped) for
// core v1.11.0, and asserts the whole finding set of each.
func TestContractValidateCAPD(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"v1.10 bundle: still read by its v1beta1 labels", []string{capd110}, report.ExitFindings, []string{
			"15 MPA343 warning DockerCluster metadata.labels[cluster.x-k8s.io/v1beta1]",
			"184 MPA343 warning DockerMachine metadata.labels[cluster.x-k8s.io/v1beta1]",
			"338 MPA302 warning DockerMachinePool metadata.labels[cluster.x-k8s.io/v1beta2]",
			"512 MPA343 warning DockerMachineTemplate metadata.labels[cluster.x-k8s.io/v1beta1]",
		}},
		// The pool's v1beta2 schema has only status.ready (as live finds in
		// a cluster): the v1beta2 readiness field is pruned.
		{"v1.11 bundle: migrated but the pool's schema", []string{capd111, "--contract", "v1beta2"}, report.ExitFindings, []string{
			"475 MPA307 warning DockerMachinePool status.initialization.provisioned",
		}},
		// CAPD keeps the v1beta1 label beside the v1beta2 one: cores of
		// both contracts resolve its CRDs, so declaring v1beta1 is the
		// transition, information.
		{"v1.11 bundle declared v1beta1", []string{capd111, "--contract", "v1beta1"}, report.ExitFindings, []string{
			"13 MPA351 info DockerCluster releaseSeries[].contract",
			"259 MPA351 info DockerMachine releaseSeries[].contract",
			"475 MPA307 warning DockerMachinePool status.initialization.provisioned",
			"475 MPA351 info DockerMachinePool releaseSeries[].contract",
			"710 MPA351 info DockerMachineTemplate releaseSeries[].contract",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, r, errOut := runValidateJSON(t, append(tt.args, "--capi-version", "v1.11.0")...)
			if code != tt.code || len(r.Problems) > 0 || r.Summary.Loaded != 4 {
				t.Errorf("exit %d (want %d), problems %v, %d CRDs judged (want 4); stderr %s", code, tt.code, r.Problems, r.Summary.Loaded, errOut)
			}
			if got := findingLines(r); !slices.Equal(got, tt.want) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestContractValidatePrematureFlip: the schema of the version a v1beta2
// label makes core read is judged, and live reports the same CRD findings
// for the same file.
func TestContractValidatePrematureFlip(t *testing.T) {
	p := flipped(t)
	code, r, _ := runValidateJSON(t, p, "--capi-version", "v1.11.0")
	want := []string{
		"13 MPA345 info DockerCluster metadata.labels",
		"13 MPA346 error DockerCluster status.initialization.provisioned",
		"13 MPA348 error DockerCluster status.failureDomains",
		"183 MPA345 info DockerMachine metadata.labels",
		"183 MPA346 error DockerMachine status.initialization.provisioned",
		"340 MPA307 warning DockerMachinePool status.initialization.provisioned",
		"340 MPA345 info DockerMachinePool metadata.labels",
		"513 MPA345 info DockerMachineTemplate metadata.labels",
	}
	if got := findingLines(r); code != report.ExitFindings || !slices.Equal(got, want) {
		t.Errorf("exit %d, findings:\n%s\nwant:\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	ctx := context.Background()
	src, err := live.LoadFile(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := live.Audit(ctx, src, live.Options{CAPIVersion: "v1.11.0"})
	if err != nil {
		t.Fatal(err)
	}
	key := func(f report.Finding) string {
		return fmt.Sprintf("%s %s %s %s: %s", f.Rule, f.Severity, f.Kind, f.Field, f.Message)
	}
	var validated, audited []string
	for _, f := range r.Findings {
		if f.Rule >= "MPA340" && f.Rule <= "MPA349" {
			validated = append(validated, key(f))
		}
	}
	for _, f := range res.Findings {
		if f.Rule >= "MPA340" && f.Rule <= "MPA349" {
			audited = append(audited, key(f))
		}
	}
	slices.Sort(validated)
	slices.Sort(audited)
	if !slices.Equal(validated, audited) {
		t.Errorf("validate and live disagree:\nvalidate:\n%s\nlive:\n%s", strings.Join(validated, "\n"), strings.Join(audited, "\n"))
	}
}

// TestContractValidateInputs: a directory, a kustomization, kind overrides,
// text output and the usage errors.
func TestContractValidateInputs(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(capd110)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("plain/components.yaml", string(data))
	write("kust/components.yaml", strings.ReplaceAll(string(data), "cluster.x-k8s.io/v1beta1: v1beta1", "app: capd"))
	write("kust/kustomization.yaml", "resources: [components.yaml]\nlabels:\n- pairs:\n    cluster.x-k8s.io/v1beta1: v1beta1\n")

	messages := func(r *report.Report) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Rule+" "+f.Message)
		}
		slices.Sort(out)
		return out
	}
	_, fromFile, _ := runValidateJSON(t, capd110, "--capi-version", "v1.11.0")
	for _, d := range []string{"plain", "kust"} {
		code, r, errOut := runValidateJSON(t, filepath.Join(dir, d), "--capi-version", "v1.11.0")
		if code != report.ExitFindings || len(r.Problems) > 0 || !slices.Equal(messages(r), messages(fromFile)) {
			t.Errorf("%s: exit %d, problems %v, findings\n%s\nwant as from the file:\n%s\nstderr %s", d, code, r.Problems,
				strings.Join(messages(r), "\n"), strings.Join(messages(fromFile), "\n"), errOut)
		}
	}

	cfg := write("mpaudit.yaml", "kinds:\n  DockerMachine: none\n  infrastructure.cluster.x-k8s.io/DockerMachineTemplate: none\n")
	code, r, _ := runValidateJSON(t, capd110, "--capi-version", "v1.11.0", "--config", cfg)
	want := []string{
		"15 MPA343 warning DockerCluster metadata.labels[cluster.x-k8s.io/v1beta1]",
		"338 MPA302 warning DockerMachinePool metadata.labels[cluster.x-k8s.io/v1beta2]",
	}
	if got := findingLines(r); code != report.ExitFindings || !slices.Equal(got, want) || r.Summary.Loaded != 2 {
		t.Errorf("with kind overrides: exit %d, %d judged, findings:\n%s", code, r.Summary.Loaded, strings.Join(got, "\n"))
	}

	code, out, _ := runValidate(t, capd110, "--capi-version", "v1.11.0", "--fail-on", "error")
	if code != report.ExitOK || !strings.Contains(out, "MPA343 warning") {
		t.Errorf("text, --fail-on error: exit %d\n%s", code, out)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "at least one PATH"},
		{[]string{filepath.Join(dir, "missing.yaml")}, "missing.yaml: no such file or directory"},
		{[]string{capd110, "--kind", "Pool"}, `--kind: unknown kind "Pool"`},
		{[]string{capd110, "--contract", "v2"}, `--contract: unknown contract "v2"`},
		{[]string{capd110, "--capi-version", "latest"}, `invalid Cluster API version "latest"`},
		{[]string{capd110, "-o", "html"}, "--output"},
	} {
		code, out, errOut := runValidate(t, c.args...)
		if code != report.ExitError || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestContractValidateBundleDocuments: of a release bundle with every kind of
// document a provider ships (webhooks, cert-manager objects, RBAC, ${VAR}
// placeholders, empty and comment-only documents), of the same bundle with
// CRLF line ends, and of kubectl's List dump, exactly the v1 CRDs are
// judged and a v1beta1 one is named in a note; a file without a CRD is an
// input problem, not a pass.
func TestContractValidateBundleDocuments(t *testing.T) {
	const bundle, list = "testdata/validate/bundle-mixed.yaml", "testdata/validate/crd-list.yaml"
	data, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	crlf := filepath.Join(t.TempDir(), "crlf.yaml")
	if err := os.WriteFile(crlf, bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	machine := "infrastructure.cluster.x-k8s.io/v1alpha1 FooMachine (InfraMachine)"
	bundleTypes := []string{"infrastructure.cluster.x-k8s.io/v1alpha1 FooCluster (InfraCluster)", machine,
		"infrastructure.cluster.x-k8s.io/v1alpha2 FooCluster (InfraCluster)"}
	old := func(path string) []string {
		abs, err := filepath.Abs(path)
		if err != nil {
			t.Fatal(err)
		}
		return []string{abs + ":255: CustomResourceDefinition foooldclusters.infrastructure.cluster.x-k8s.io is apiextensions.k8s.io/v1beta1, " +
			"not apiextensions.k8s.io/v1; not judged (Kubernetes serves only apiextensions.k8s.io/v1 since 1.22)"}
	}
	for _, tt := range []struct {
		path         string
		types, notes []string
		want         []string
	}{
		{bundle, bundleTypes, old(bundle), []string{"112 MPA343 warning FooMachine metadata.labels[cluster.x-k8s.io/v1beta1]"}},
		{crlf, bundleTypes, old(crlf), []string{"112 MPA343 warning FooMachine metadata.labels[cluster.x-k8s.io/v1beta1]"}},
		{list, []string{machine}, nil, []string{"12 MPA343 warning FooMachine metadata.labels[cluster.x-k8s.io/v1beta1]"}},
	} {
		code, r, errOut := runValidateJSON(t, tt.path, "--capi-version", "v1.11.0")
		if got := findingLines(r); code != report.ExitFindings || len(r.Problems) > 0 || !slices.Equal(r.Notes, tt.notes) ||
			!slices.Equal(r.Summary.Types, tt.types) || !slices.Equal(got, tt.want) {
			t.Errorf("%s: exit %d, problems %v, notes %q, types %q, findings:\n%s\nwant exit 1, notes %q, types %q, findings:\n%s\nstderr %s",
				tt.path, code, r.Problems, r.Notes, r.Summary.Types, strings.Join(got, "\n"), tt.notes, tt.types, strings.Join(tt.want, "\n"), errOut)
		}
	}

	none := filepath.Join(t.TempDir(), "rbac.yaml")
	if err := os.WriteFile(none, []byte("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, r, _ := runValidateJSON(t, none)
	want := []report.Problem{{Subject: none, Message: "no apiextensions.k8s.io/v1 CustomResourceDefinition in it, so nothing was validated"}}
	if code != report.ExitError || !slices.Equal(r.Problems, want) || len(r.Findings) > 0 ||
		!strings.HasPrefix(r.Target.Source, "default: the latest release mpaudit knows") {
		t.Errorf("no CRD: exit %d, problems %v, findings %v, target %q; want exit 2, problems %v, the default target", code, r.Problems, r.Findings, r.Target.Source, want)
	}
}

// poolBundle is a release bundle whose pool CRD has a v1beta2 label, a
// schema without status.ready and no status subresource.
const poolBundle = `apiVersion: v1
kind: Namespace
metadata:
  name: capx-system
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: xmachinepools.infrastructure.cluster.x-k8s.io
  labels:
    cluster.x-k8s.io/v1beta2: v1beta2
spec:
  group: infrastructure.cluster.x-k8s.io
  scope: Namespaced
  names:
    kind: XMachinePool
    plural: xmachinepools
  versions:
  - name: v1beta2
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              providerIDList:
                type: array
                items:
                  type: string
          status:
            type: object
            properties:
              replicas:
                type: integer
              initialization:
                type: object
                properties:
                  provisioned:
                    type: boolean
`

// TestContractValidatePoolSchema: validate judges the schema of the pool
// version core reads (MPA307–MPA309) as live does: cores through v1.14
// read only status.ready, which this schema prunes.
func TestContractValidatePoolSchema(t *testing.T) {
	p := filepath.Join(t.TempDir(), "infrastructure-components.yaml")
	if err := os.WriteFile(p, []byte(poolBundle), 0o644); err != nil {
		t.Fatal(err)
	}
	code, r, errOut := runValidateJSON(t, p, "--capi-version", "v1.14.2")
	want := []string{
		"9 MPA308 error XMachinePool status.ready",
		"9 MPA309 warning XMachinePool ",
	}
	if got := findingLines(r); code != report.ExitFindings || !slices.Equal(got, want) {
		t.Errorf("exit %d, findings:\n%s\nwant:\n%s\nstderr %s", code, strings.Join(got, "\n"), strings.Join(want, "\n"), errOut)
	}
}

// scaleCRD is a v1beta2 ControlPlane CRD whose schema has spec.replicas,
// status.replicas and status.selector, with subresources as given.
const scaleCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  labels:
    cluster.x-k8s.io/v1beta2: v1beta2
  name: foocontrolplanes.controlplane.cluster.x-k8s.io
spec:
  group: controlplane.cluster.x-k8s.io
  names:
    kind: FooControlPlane
    listKind: FooControlPlaneList
    plural: foocontrolplanes
    singular: foocontrolplane
  scope: Namespaced
  versions:
  - name: v1beta2
    served: true
    storage: true
    subresources:
%s    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas:
                type: integer
          status:
            type: object
            properties:
              initialization:
                type: object
                properties:
                  controlPlaneInitialized:
                    type: boolean
              replicas:
                type: integer
              selector:
                type: string
`

// TestContractValidateControlPlaneScale: a ControlPlane CRD with
// spec.replicas and no scale subresource breaks the replicas rule (MPA352);
// with the contract's scale subresource it is clean. Live agrees.
func TestContractValidateControlPlaneScale(t *testing.T) {
	dir := t.TempDir()
	write := func(name, subresources string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, fmt.Appendf(nil, scaleCRD, subresources), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noScale := write("noscale.yaml", "      status: {}\n")
	withScale := write("scale.yaml", "      status: {}\n      scale:\n        specReplicasPath: .spec.replicas\n        statusReplicasPath: .status.replicas\n        labelSelectorPath: .status.selector\n")

	code, r, errOut := runValidateJSON(t, noScale, "--capi-version", "v1.14.0")
	if want := []string{"6 MPA352 warning FooControlPlane subresources.scale"}; code != report.ExitFindings || !slices.Equal(findingLines(r), want) {
		t.Errorf("without scale: exit %d, findings %q, want %q; stderr %s", code, findingLines(r), want, errOut)
	}
	if len(r.Findings) == 1 && !strings.Contains(r.Findings[0].Message, "it has no scale subresource") {
		t.Errorf("message %q does not say what is missing", r.Findings[0].Message)
	}
	if code, r, errOut := runValidateJSON(t, withScale, "--capi-version", "v1.14.0"); code != report.ExitOK || len(r.Findings) > 0 {
		t.Errorf("with the contract's scale: exit %d, findings %q; stderr %s", code, findingLines(r), errOut)
	}

	ctx := context.Background()
	src, err := live.LoadFile(ctx, noScale)
	if err != nil {
		t.Fatal(err)
	}
	res, err := live.Audit(ctx, src, live.Options{CAPIVersion: "v1.14.0"})
	if err != nil {
		t.Fatal(err)
	}
	var audited []string
	for _, f := range res.Findings {
		if f.Rule == "MPA352" {
			audited = append(audited, f.Message)
		}
	}
	if len(r.Findings) != 1 || !slices.Equal(audited, []string{r.Findings[0].Message}) {
		t.Errorf("live reports %q for the same CRD", audited)
	}
}

// TestContractValidateComponents: a release's components YAML is judged by
// clusterctl's contract: one Namespace object, every namespaced object in
// it (one ${...} variable is one namespace), and a Deployment whose
// controller container is named manager.
func TestContractValidateComponents(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	deployment := func(ns, container string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: foo-controller-manager\n  namespace: " + ns +
			"\nspec:\n  template:\n    spec:\n      containers:\n      - name: " + container + "\n        image: foo:v1\n"
	}
	good := write("good.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${FOO_NAMESPACE:=foo-system}\n---\n"+
		"apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: foo-manager-role\n---\n"+
		"apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: foo-leader-election\n  namespace: ${FOO_NAMESPACE}\n---\n"+
		deployment("${FOO_NAMESPACE:=foo-system}", "manager"))
	twoNamespaces := write("two.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n"+
		"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-extra\n---\n"+deployment("foo-system", "manager"))
	bad := write("bad.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n"+
		"apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: foo-leader-election\n  namespace: kube-system\n---\n"+
		deployment("foo-system", "controller"))
	scattered := write("scattered.yaml", deployment("foo-system", "manager")+"---\n"+
		"apiVersion: v1\nkind: Service\nmetadata:\n  name: foo-webhook\n  namespace: foo-webhooks\n")

	if code, r, errOut := runValidateJSON(t, good, "--capi-version", "v1.14.0"); code != report.ExitOK || len(r.Findings) > 0 || len(r.Problems) > 0 {
		t.Errorf("good: exit %d, findings %q, problems %v; stderr %s", code, findingLines(r), r.Problems, errOut)
	}
	code, r, errOut := runValidateJSON(t, twoNamespaces, "--capi-version", "v1.14.0")
	if want := []string{"7 MPA353 error Namespace metadata.name"}; code != report.ExitFindings || !slices.Equal(findingLines(r), want) {
		t.Errorf("two namespaces: exit %d, findings %q, want %q; stderr %s", code, findingLines(r), want, errOut)
	}
	code, r, errOut = runValidateJSON(t, bad, "--capi-version", "v1.14.0")
	want := []string{"13 MPA355 warning Deployment spec.template.spec.containers", "7 MPA354 warning Role metadata.namespace"}
	if code != report.ExitFindings || !slices.Equal(findingLines(r), want) {
		t.Errorf("bad: exit %d, findings %q, want %q; stderr %s", code, findingLines(r), want, errOut)
	}
	for _, f := range r.Findings {
		if f.Rule == contract.RuleComponentsForeignNamespace && !strings.Contains(f.Message, "Role foo-leader-election is in namespace kube-system, not the target namespace foo-system") {
			t.Errorf("MPA354 message %q does not say which object is where", f.Message)
		}
	}
	code, r, errOut = runValidateJSON(t, scattered, "--capi-version", "v1.14.0")
	if want := []string{"14 MPA353 error Service metadata.namespace"}; code != report.ExitFindings || !slices.Equal(findingLines(r), want) {
		t.Errorf("scattered: exit %d, findings %q, want %q; stderr %s", code, findingLines(r), want, errOut)
	}
}

// --min-severity leaves findings out of every format (not out of the
// summary or the exit code); the text report counts info findings on one
// line unless --show-info.
func TestMinSeverityAndShowInfo(t *testing.T) {
	p := flipped(t)
	code, r, _ := runValidateJSON(t, p, "--capi-version", "v1.11.0", "--min-severity", "error")
	for _, f := range r.Findings {
		if f.Severity < contract.Error {
			t.Errorf("--min-severity error kept %s %s", f.Rule, f.Severity)
		}
	}
	if code != report.ExitFindings || len(r.Findings) == 0 || r.Summary.Info == 0 || r.Summary.Warnings == 0 {
		t.Errorf("exit %d, %d findings, summary %+v", code, len(r.Findings), r.Summary)
	}
	t.Setenv("MPAUDIT_MIN_SEVERITY", "warning")
	if _, r, _ := runValidateJSON(t, p, "--capi-version", "v1.11.0"); slices.ContainsFunc(r.Findings, func(f report.Finding) bool { return f.Severity < contract.Warning }) {
		t.Errorf("$MPAUDIT_MIN_SEVERITY=warning kept info findings")
	}
	if code, _, errOut := runValidate(t, p, "--min-severity", "loud"); code != report.ExitError || !strings.Contains(errOut, `$MPAUDIT_MIN_SEVERITY`) && !strings.Contains(errOut, "--min-severity") {
		t.Errorf("bad --min-severity: exit %d, %s", code, errOut)
	}
	t.Setenv("MPAUDIT_MIN_SEVERITY", "")

	_, text, _ := runValidate(t, p, "--capi-version", "v1.11.0")
	if !strings.Contains(text, "info: 4 not listed (MPA345 ×4); --show-info lists them\n") || strings.Contains(text, "MPA345 info") {
		t.Errorf("text report:\n%s", text)
	}
	if _, text, _ = runValidate(t, p, "--capi-version", "v1.11.0", "--show-info"); !strings.Contains(text, "MPA345 info") || strings.Contains(text, "not listed") {
		t.Errorf("text report with --show-info:\n%s", text)
	}
}
