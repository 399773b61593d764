package rewrite

import (
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

// TestRewriteNewAPIVersion: a provider serving one version (v1alpha1)
// whose types carry core v1beta1 types gets v1alpha2 as hub and storage
// version: a copy of v1alpha1 migrated as a hub (initialization, the
// failureDomains list with the v1beta2 label), v1alpha1 its conversion
// spoke under the v1beta1 label, the controllers, tests and main.go moved
// to v1alpha2 with both versions in the scheme and the conversion
// webhook registered. The result builds, vets, passes the provider's
// test, and a populated v1alpha1 object round-trips through the hub.
func TestRewriteNewAPIVersion(t *testing.T) {
	dir := copyTree(t, "testdata/newverprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: "v1alpha2", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for rel, wants := range map[string][]string{
		"api/v1alpha2/groupversion_info.go": {"package v1alpha2", `Version: "v1alpha2"`, "the v1alpha2 API"},
		"api/v1alpha2/foocluster_types.go":  {"// +kubebuilder:object:root=true\n// +kubebuilder:storageversion\n// +kubebuilder:subresource:status", "FailureDomains []clusterv1.FailureDomain", "Initialization FooClusterInitializationStatus", "ControlPlaneEndpoint clusterv1.APIEndpoint"},
		"api/v1alpha2/foomachine_types.go":  {"Addresses clusterv1.MachineAddresses"},
		"api/v1alpha2/conversion.go":        {"func (*FooCluster) Hub() {}", "func (*FooMachine) Hub() {}"},
		"api/v1alpha1/doc.go":               {"// +k8s:conversion-gen=example.com/newverprovider/api/v1alpha2\n"},
		"api/v1alpha1/conversion.go": {"func (src *FooCluster) ConvertTo(", "func (dst *FooMachine) ConvertFrom(", "utilconversion.MarshalData",
			"return clusterv1beta1.Convert_v1beta1_APIEndpoint_To_v1beta2_APIEndpoint(in, out, s)", "return clusterv1beta1.Convert_v1beta2_APIEndpoint_To_v1beta1_APIEndpoint(in, out, s)"},
		"controllers/infra.go":      {`infrav1 "example.com/newverprovider/api/v1alpha2"`},
		"controllers/infra_test.go": {`infrav1 "example.com/newverprovider/api/v1alpha2"`},
		"cmd/main.go": {"utilruntime.Must(v1alpha1.AddToScheme(scheme))\n\tutilruntime.Must(infrav1.AddToScheme(scheme))",
			"ctrl.NewWebhookManagedBy(mgr, &infrav1.FooCluster{}).Complete()"},
		"config/crd/kustomization.yaml": {"    cluster.x-k8s.io/v1beta1: v1alpha1\n    cluster.x-k8s.io/v1beta2: v1alpha2\n"},
	} {
		got := read(rel)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", rel, w, got)
			}
		}
	}
	if got := read("api/v1alpha1/foocluster_types.go"); strings.Contains(got, "storageversion") || strings.Contains(got, "Initialization") {
		t.Errorf("the spoke's types changed:\n%s", got)
	}
	crd := read("config/crd/bases/infrastructure.nv.example.com_fooclusters.yaml")
	old, hub, ok := strings.Cut(crd, "  - name: v1alpha2\n")
	if !ok || !strings.Contains(old, "  - name: v1alpha1\n") || !strings.Contains(old, "storage: false") || !strings.Contains(hub, "storage: true") ||
		!strings.Contains(hub, "initialization:") || strings.Contains(old, "initialization:") {
		t.Errorf("CRD: want v1alpha1 served, v1alpha2 stored with the hub's schema:\n%s", crd)
	}
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.HasPrefix(m, "api/v1alpha1 declares admission webhooks (foomachine_webhook.go), which v1alpha2's copies declare again")
	}) {
		t.Errorf("the copied webhooks are not named for a person: %q", res.Manual)
	}
	if len(res.fdMigrated) != 1 {
		t.Errorf("failureDomains migrated for %v", res.fdMigrated)
	}
	// The values the controller builds for the moved fields moved with it;
	// only the conditions (left on v1beta1 in the hub) keep v1beta1.
	if got := read("controllers/infra.go"); strings.Contains(got, "kept.APIEndpoint") || strings.Contains(got, "kept.MachineAddress") {
		t.Errorf("the controller keeps v1beta1 values for fields that moved:\n%s", got)
	}

	// The audit of the result: outside the spoke, only the conditions keep
	// Cluster API's v1beta1 Go API (the hub keeps clusterv1beta1.Conditions
	// and the controller the values it appends to them).
	var goapi []string
	for _, f := range res.After.Findings {
		if !contract.IsGoAPIRule(f.Rule) || f.Position == nil {
			continue
		}
		file := filepath.ToSlash(f.Position.File)
		if rel, ok := within(res.Root, f.Position.File); ok {
			file = filepath.ToSlash(rel)
		}
		if !strings.HasPrefix(file, "api/v1alpha1/") && !slices.Contains(goapi, file) {
			goapi = append(goapi, file)
		}
	}
	slices.Sort(goapi)
	if want := []string{"api/v1alpha2/foocluster_types.go", "api/v1alpha2/foomachine_types.go", "controllers/infra.go"}; !slices.Equal(goapi, want) {
		t.Errorf("files on the v1beta1 Go API outside the spoke: %v, want %v (the conditions)", goapi, want)
	}

	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
	roundTrip, err := os.ReadFile("testdata/newverprovider_roundtrip_test.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "api/v1alpha1/roundtrip_test.go"), roundTrip, 0o644); err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "test", "-count=1", "./api/v1alpha1")
}

// TestNewAPIVersionRefusals: a version name that is none, and one the
// group has already, are refused before anything is staged further.
func TestNewAPIVersionRefusals(t *testing.T) {
	dir := copyTree(t, "testdata/newverprovider")
	for version, want := range map[string]string{"v1Alpha2": "no API version name", "v1alpha1": "already is at v1alpha1"} {
		_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: version})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--new-api-version %s: %v, want %q", version, err, want)
		}
	}
}

func TestAddVersionEntry(t *testing.T) {
	src := "---\nkind: CustomResourceDefinition\nmetadata:\n  name: foos.x.io\nspec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        type: object\n    served: true\n    storage: true\n"
	got, err := addVersionEntry([]byte(src), "foos.x.io", "v1", "v2")
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nkind: CustomResourceDefinition\nmetadata:\n  name: foos.x.io\nspec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        type: object\n    served: true\n    storage: false\n" +
		"  - name: v2\n    schema:\n      openAPIV3Schema:\n        type: object\n    served: true\n    storage: true\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := addVersionEntry([]byte(src), "foos.x.io", "v3", "v4"); err == nil || !strings.Contains(err.Error(), "no version v3") {
		t.Errorf("missing version: %v", err)
	}
}

// TestNoNewVersionNote: without the flag, the API package keeps its core
// v1beta1 types and the notes name the flag that finishes the move.
func TestNoNewVersionNote(t *testing.T) {
	dir := copyTree(t, "testdata/newverprovider")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	manual := strings.Join(res.Manual, "\n")
	if !strings.Contains(manual, "api/v1alpha1 keep Cluster API's v1beta1 Go types in their fields") || !strings.Contains(manual, "--new-api-version VERSION") {
		t.Errorf("notes lack the new-version hint:\n%s", manual)
	}
}

// TestRewriteNewAPIVersionChained: a group serving v1alpha1 (a spoke with
// a hand-written conversion and a fuzz test) and v1alpha2 (the hub) gets
// v1beta1 as hub; v1alpha2 becomes its spoke and v1alpha1 converts through
// v1alpha2. The fuzz test, now against v1beta1, passes only if the hub's
// data (status.initialization, which v1alpha2 lacks) survives both steps.
// The admission webhook package, whose markers name v1alpha2, keeps it.
func TestRewriteNewAPIVersionChained(t *testing.T) {
	dir := copyTree(t, "testdata/newvermulti")
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: "v1beta1", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for rel, wants := range map[string][]string{
		"api/v1beta1/conversion.go":        {"func (*FooCluster) Hub() {}", "func (*FooMachineList) Hub() {}"},
		"api/v1beta1/foocluster_types.go":  {"Initialization FooClusterInitializationStatus"},
		"api/v1alpha2/conversion.go":       {"func (src *FooClusterList) ConvertTo(dstRaw conversion.Hub) error", "utilconversion.MarshalData"},
		"api/v1alpha1/conversion.go":       {"func (src *FooCluster) convertToV1alpha2(dstRaw conversion.Convertible) error", "// convertFromV1alpha2 converts from v1alpha2 to this version."},
		"api/v1alpha1/conversion_chain.go": {"func (src *FooCluster) ConvertTo(dstRaw conversion.Hub) error", "return keepHubData(dst, hubData)"},
		"api/v1alpha1/conversion_test.go":  {`infrav1 "example.com/newvermulti/api/v1beta1"`},
		"controllers/infra.go":             {`infrav1 "example.com/newvermulti/api/v1beta1"`},
		"cmd/main.go":                      {"utilruntime.Must(v1alpha2.AddToScheme(scheme))"},
		"webhooks/foomachine_webhook.go":   {`infrav1 "example.com/newvermulti/api/v1alpha2"`},
		"config/crd/kustomization.yaml":    {"    cluster.x-k8s.io/v1beta1: v1alpha1_v1alpha2\n    cluster.x-k8s.io/v1beta2: v1beta1\n"},
	} {
		got := read(rel)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", rel, w, got)
			}
		}
	}
	if got := read("api/v1alpha2/conversion.go"); strings.Contains(got, "Hub() {}") {
		t.Errorf("v1alpha2 still declares hubs:\n%s", got)
	}
	if !slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.HasPrefix(m, "webhooks keeps example.com/newvermulti/api/v1alpha2: its admission webhooks serve v1alpha2")
	}) {
		t.Errorf("the webhook package kept on v1alpha2 is not named: %q", res.Manual)
	}
	if slices.ContainsFunc(res.Manual, func(m string) bool {
		return strings.Contains(m, "its fix is withheld") && strings.Contains(m, "initialization")
	}) {
		t.Errorf("the hub's initialization was withheld: %q", res.Manual)
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}

// TestNewAPIVersionNoHub: versions side by side with no conversion hub
// are named in the refusal.
func TestNewAPIVersionNoHub(t *testing.T) {
	dir := copyTree(t, "testdata/newvermulti")
	if err := os.Remove(filepath.Join(dir, "api/v1alpha2/conversion.go")); err != nil {
		t.Fatal(err)
	}
	_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: "v1beta1"})
	if err == nil || !strings.Contains(err.Error(), "has versions v1alpha1, v1alpha2 in api and 0 of them declare conversion hubs") {
		t.Errorf("want the refusal naming both versions, got %v", err)
	}
}

// TestMoveFileSecondGroup: a file registering two API packages whose old
// versions share a name (api/v1beta1, exp/api/v1beta1) gets each old
// version registered under its own name: the first move's unnamed import
// takes the package's name from the second.
func TestMoveFileSecondGroup(t *testing.T) {
	src := `package main

import (
	"k8s.io/apimachinery/pkg/runtime"

	"example.com/p/api/v1beta1"
	infrav1 "example.com/p/api/v1beta2"
	infraexpv1 "example.com/p/exp/api/v1beta1"
)

func register(scheme *runtime.Scheme) {
	_ = v1beta1.AddToScheme(scheme)
	_ = infrav1.AddToScheme(scheme)
	_ = infraexpv1.AddToScheme(scheme)
}
`
	nv := &newVersion{old: "v1beta1", version: "v1beta2", oldName: "v1beta1", newName: "v1beta2",
		oldPath: "example.com/p/exp/api/v1beta1", newPath: "example.com/p/exp/api/v1beta2"}
	out, err := nv.moveFile("main.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", out, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		name := path.Base(p)
		if s.Name != nil {
			name = s.Name.Name
		}
		if other, ok := names[name]; ok {
			t.Fatalf("%s and %s are both imported as %s:\n%s", other, p, name, out)
		}
		names[name] = p
	}
	if !strings.Contains(string(out), ".AddToScheme(scheme))\n\t_ = infraexpv1.AddToScheme(scheme)") {
		t.Errorf("exp's old version is not registered beside its new one:\n%s", out)
	}
}

// TestReadAPIPackageGroup: the group comes from a +groupName marker between
// the package clause and the imports (RKE2's style), or else from the
// GroupVersion literal, whose values may be the package's constants
// (Metal3's).
func TestReadAPIPackageGroup(t *testing.T) {
	for name, src := range map[string]string{
		"floating marker": "package v1beta1\n\n// +kubebuilder:object:generate=true\n// +groupName=bootstrap.x.io\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\nvar GroupVersion = schema.GroupVersion{Group: \"other.x.io\", Version: \"v1beta1\"}\n",
		"literal only":    "package v1beta1\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\nvar GroupVersion = schema.GroupVersion{Group: \"bootstrap.x.io\", Version: \"v1beta1\"}\n",
		"constants":       "package v1beta1\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\nconst (\n\tVersion = \"v1beta1\"\n\tGroupName = \"bootstrap.x.io\"\n)\n\nvar GroupVersion = schema.GroupVersion{Group: GroupName, Version: Version}\n",
	} {
		dir := t.TempDir()
		types := "package v1beta1\n\n// +kubebuilder:object:root=true\n\n// Foo is a kind.\ntype Foo struct{}\n"
		for file, text := range map[string]string{"groupversion_info.go": src, "foo_types.go": types} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ap, err := readAPIPackage(dir, "x.io/api/v1beta1", []string{"foo_types.go", "groupversion_info.go"})
		if err != nil || ap == nil || ap.group != "bootstrap.x.io" || ap.version != "v1beta1" {
			t.Errorf("%s: %+v, %v", name, ap, err)
		}
	}
}

// TestRewriteNewAPIVersionGroups: a control plane whose type embeds its
// bootstrap group's spec gets its new version beside the bootstrap
// group's: the new control plane embeds the new bootstrap spec, the old
// one keeps the old, and the old control plane converts the embedded spec
// with the bootstrap group's generated conversions. A populated control
// plane round-trips through its hub.
func TestRewriteNewAPIVersionGroups(t *testing.T) {
	dir := copyTree(t, "testdata/newvergroups")
	if _, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: "v1alpha2", Write: true}); err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for rel, wants := range map[string][]string{
		"controlplane/api/v1alpha2/foocontrolplane_types.go": {`bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha2"`},
		"controlplane/api/v1alpha1/foocontrolplane_types.go": {`bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha1"`},
		"controlplane/api/v1alpha1/conversion.go": {
			"func Convert_v1alpha1_FooConfigSpec_To_v1alpha2_FooConfigSpec(in *bootstrapv1.FooConfigSpec, out *bootstrapv1alpha2.FooConfigSpec, s apimachineryconversion.Scope) error {\n\treturn bootstrapv1.Convert_v1alpha1_FooConfigSpec_To_v1alpha2_FooConfigSpec(in, out, s)",
			"func Convert_v1alpha2_FooConfigSpec_To_v1alpha1_FooConfigSpec("},
		"controllers/machines.go": {`bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha2"`, `controlplanev1 "example.com/newvergroups/controlplane/api/v1alpha2"`},
	} {
		got := read(rel)
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", rel, w, got)
			}
		}
	}
	roundTrip := `package v1alpha1

import (
	"testing"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilconversion "sigs.k8s.io/cluster-api/util/conversion"

	bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha1"
	controlplanev1 "example.com/newvergroups/controlplane/api/v1alpha2"
)

func TestEmbeddedSpecRoundTrip(t *testing.T) {
	replicas := int32(3)
	cp := &FooControlPlane{
		ObjectMeta: metav1.ObjectMeta{Name: "cp", Namespace: "ns"},
		Spec: FooControlPlaneSpec{Replicas: &replicas, Version: "v1.34.0",
			Config: bootstrapv1.FooConfigSpec{Format: "cloud-config", Files: []string{"/etc/a", "/etc/b"}}},
		Status: FooControlPlaneStatus{Ready: true, Initialized: true},
	}
	hub := &controlplanev1.FooControlPlane{}
	if err := cp.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	if hub.Spec.Config.Format != "cloud-config" || len(hub.Spec.Config.Files) != 2 {
		t.Fatalf("the hub lost the embedded spec: %+v", hub.Spec.Config)
	}
	back := &FooControlPlane{}
	if err := back.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	delete(back.GetAnnotations(), utilconversion.DataAnnotation)
	if !apiequality.Semantic.DeepEqual(cp, back) {
		t.Errorf("round trip changed the control plane:\n before %+v\n after  %+v", cp, back)
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "controlplane/api/v1alpha1/roundtrip_test.go"), []byte(roundTrip), 0o644); err != nil {
		t.Fatal(err)
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "test", "-count=1", "./...")
}

// TestCopyFileVersionConstant: the copy's GroupVersion names the new
// version whether it holds a literal or a constant.
func TestCopyFileVersionConstant(t *testing.T) {
	src := "package v1beta2\n\nimport \"k8s.io/apimachinery/pkg/runtime/schema\"\n\nconst (\n\t// Version is the API version.\n\tVersion = \"v1beta2\"\n\tGroupName = \"infrastructure.x.io\"\n)\n\nvar GroupVersion = schema.GroupVersion{Group: GroupName, Version: Version}\n"
	nv := &newVersion{old: "v1beta2", version: "v1beta3", newName: "v1beta3"}
	out, _, err := nv.copyFile("groupversion_info.go", []byte(src), regexp.MustCompile(`\bv1beta2\b`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(out); !strings.Contains(got, "package v1beta3") || !strings.Contains(got, `Version   = "v1beta3"`) || strings.Contains(got, `"v1beta2"`) {
		t.Errorf("copy:\n%s", got)
	}
}

// TestNewAPIVersionNestedModule: API packages in a module of their own
// (api/go.mod) are named in the refusal.
func TestNewAPIVersionNestedModule(t *testing.T) {
	dir := copyTree(t, "testdata/newverprovider")
	if err := os.WriteFile(filepath.Join(dir, "api", "go.mod"), []byte("module example.com/newverprovider/api\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, NewAPIVersion: "v1alpha2"})
	if err == nil || !strings.Contains(err.Error(), "the API packages are in the nested module(s) api,") {
		t.Errorf("want the nested module named, got %v", err)
	}
}

// TestChainSpokeOtherConvertTo: a ConvertTo whose parameter is no
// conversion.Hub is not a conversion to the hub; with no other, the spoke
// is refused with its reason (not a crash).
func TestChainSpokeOtherConvertTo(t *testing.T) {
	dir := t.TempDir()
	src := "package v1alpha1\n\nimport \"sigs.k8s.io/controller-runtime/pkg/conversion\"\n\nvar _ conversion.Hub\n\n// Foo is a kind.\ntype Foo struct{}\n\n// ConvertTo converts to a count.\nfunc (f *Foo) ConvertTo(n *int) error { return nil }\n"
	if err := os.WriteFile(filepath.Join(dir, "foo.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	nv := &newVersion{group: "x.io", old: "v1alpha2", version: "v1beta1", oldName: "v1alpha2", oldPath: "x.io/api/v1alpha2"}
	sp := &apiPackage{dir: dir, path: "x.io/api/v1alpha1", name: "v1alpha1", version: "v1alpha1", goFiles: []string{"foo.go"}}
	err := nv.chainSpoke(nil, sp, func(string, []byte) error { t.Error("nothing to write"); return nil })
	if err == nil || !strings.Contains(err.Error(), "declares no conversion to it") {
		t.Errorf("want the refusal, got %v", err)
	}
}
