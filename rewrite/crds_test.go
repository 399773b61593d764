package rewrite

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/crd"
	"sigs.k8s.io/controller-tools/pkg/genall"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/genconfig"
)

// The crdprovider fixture's zz_generated.deepcopy.go and CRDs
// (config/crd/bases), and testdata/crdvariants, were made with
// controller-tools (this module's version) as a library, the way
// `controller-gen object crd paths=./api/...` makes them. After changing
// the fixture's types, regenerate them with
//
//	go test ./rewrite/ -run TestRewriteRegeneratesCRDs -update-crds
var updateCRDs = flag.Bool("update-crds", false, "regenerate testdata/crdprovider's generated files and testdata/crdvariants with controller-tools")

// committedVersion is the controller-gen version the fixture's CRDs name:
// an older one than the library's, as providers' CRDs do. It must stay.
const committedVersion = "v0.18.0"

var versionAnnotation = regexp.MustCompile(`(controller-gen\.kubebuilder\.io/version: ).*`)

// controllerGen runs controller-tools' CRD generator as `controller-gen
// crd:maxDescLen=N paths=./api/... output:crd:dir=...` does and returns
// its files by name, naming committedVersion as the generator.
func controllerGen(t *testing.T, moduleDir string, maxDescLen *int) map[string][]byte {
	t.Helper()
	var g genall.Generator = crd.Generator{MaxDescLen: maxDescLen}
	rt, err := genall.Generators{&g}.ForRootsWithConfig(&packages.Config{Dir: moduleDir}, "./api/...")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	rt.OutputRules = genall.OutputRules{Default: genall.OutputToDirectory(out)}
	if rt.Run() {
		t.Fatalf("controller-gen crd in %s failed", moduleDir)
	}
	files := map[string][]byte{}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = versionAnnotation.ReplaceAll(data, []byte("${1}"+committedVersion))
	}
	return files
}

func writeGenerated(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func updateCRDFixtures(t *testing.T) {
	var generated map[string][]byte
	fixture, err := filepath.Abs(filepath.Join("testdata", "crdprovider"))
	if err != nil {
		t.Fatal(err)
	}
	generated, err = regenerateDeepcopy(t.Context(), fixture, &genconfig.Config{}, []string{filepath.Join(fixture, "api", "v1beta1")})
	if err != nil {
		t.Fatal(err)
	}
	for path, data := range generated {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeGenerated(t, filepath.Join(fixture, "config", "crd", "bases"), controllerGen(t, fixture, nil))
	variants := filepath.Join("testdata", "crdvariants")
	if err := os.MkdirAll(variants, 0o755); err != nil {
		t.Fatal(err)
	}
	noDesc := controllerGen(t, fixture, new(0))
	writeGenerated(t, variants, map[string][]byte{machinesCRD + ".maxdesclen0": noDesc[machinesCRD]})
}

const (
	basesDir    = "config/crd/bases/"
	clustersCRD = "infrastructure.crds.example.com_fooclusters.yaml"
	machinesCRD = "infrastructure.crds.example.com_foomachines.yaml"
)

// TestRewriteRegeneratesCRDs: the committed CRDs are controller-gen's, so
// the rewrite regenerates the schema parts its type changes touch, and the
// files become exactly what controller-gen makes of the rewritten types
// (the older version annotation kept). With the schemas regenerated, both
// labels change in the same run; the module builds and vets, and a second
// run changes nothing.
func TestRewriteRegeneratesCRDs(t *testing.T) {
	if *updateCRDs {
		updateCRDFixtures(t)
	}
	dir := copyTree(t, "testdata/crdprovider")
	kustBefore, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	res := rewriteTwice(t, dir, nil)

	want := []string{
		"api/v1beta1/foocluster_types.go",
		"api/v1beta1/foomachine_types.go",
		"api/v1beta1/zz_generated.deepcopy.go",
		basesDir + clustersCRD,
		basesDir + machinesCRD,
		"config/crd/kustomization.yaml",
		"controllers/controllers.go",
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	fresh := controllerGen(t, dir, nil)
	for _, name := range []string{clustersCRD, machinesCRD} {
		got, _ := os.ReadFile(filepath.Join(dir, basesDir, name))
		if !bytes.Equal(got, fresh[name]) {
			t.Errorf("%s is not controller-gen's CRD of the rewritten types:\n%s\nwant:\n%s", name, got, fresh[name])
		}
	}
	kust, _ := os.ReadFile(filepath.Join(dir, "config/crd/kustomization.yaml"))
	if want := strings.Replace(string(kustBefore), "    cluster.x-k8s.io/v1beta1: v1beta1\n", "    cluster.x-k8s.io/v1beta1: v1beta1\n    cluster.x-k8s.io/v1beta2: v1beta1\n", 1); string(kust) != want {
		t.Errorf("kustomization.yaml:\n%s\nwant:\n%s", kust, want)
	}
	if got := keys(res.labels.flipped); !slices.Equal(got, []string{"FooCluster", "FooMachine"}) {
		t.Errorf("labelled: %v", got)
	}
	if len(res.held) != 0 {
		t.Errorf("held: %+v", res.held)
	}
	for _, f := range res.After.Findings {
		if f.Rule == contract.RuleKindSchemaReadiness || f.Rule == contract.RuleKindSchemaField {
			t.Errorf("after the rewrite: %s %s %s", f.Rule, f.Kind, f.Field)
		}
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	item := checklistItem(body.String(), "CRD regeneration")
	wantItem := "4. [x] **CRD regeneration**: the schema parts the type changes touch were regenerated with controller-tools' CRD generator and edited into `" + basesDir + clustersCRD + "`, `" + basesDir + machinesCRD + "` (the rest of each file is as it was)\n" +
		"   - fooclusters.infrastructure.crds.example.com (descriptions kept): " + regenerated + "\n" +
		"   - foomachines.infrastructure.crds.example.com (descriptions kept): " + regenerated + "\n"
	if item != wantItem {
		t.Errorf("checklist item:\n%s\nwant:\n%s", item, wantItem)
	}
	staleCRDs(t, dir, fresh, kustBefore)
}

// staleCRDs continues TestRewriteRegeneratesCRDs on its migrated module:
// the types keep status.initialization, but the CRDs lack it (a person
// added the field and did not regenerate) and the labels are as before.
// The rewrite changes no Go file; it completes FooMachine's CRD, exactly
// as controller-gen makes it, and labels FooMachine in the same run.
// FooCluster's CRD also has a hand edit, so it is not just stale: it is
// left with its reason and its label waits. A second run changes nothing.
func staleCRDs(t *testing.T, dir string, fresh map[string][]byte, kust []byte) {
	t.Helper()
	const initialization = "              initialization:\n"
	for _, name := range []string{clustersCRD, machinesCRD} {
		stale := dropEntry(t, string(fresh[name]), initialization)
		if name == clustersCRD {
			stale = strings.Replace(stale, "                type: string\n", "                maxLength: 253\n                type: string\n", 1)
		}
		if err := os.WriteFile(filepath.Join(dir, basesDir, name), []byte(stale), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	handEdited, _ := os.ReadFile(filepath.Join(dir, basesDir, clustersCRD))
	if err := os.WriteFile(filepath.Join(dir, "config/crd/kustomization.yaml"), kust, 0o644); err != nil {
		t.Fatal(err)
	}
	res := rewriteTwice(t, dir, nil)
	want := []string{basesDir + machinesCRD, "config/crd/kustomization.yaml", "config/crd/patches/contract_label_foomachines.yaml"}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("stale CRDs: changed files:\n got %v\nwant %v", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, basesDir, machinesCRD)); !bytes.Equal(got, fresh[machinesCRD]) {
		t.Errorf("stale CRDs: %s is not controller-gen's CRD:\n%s\nwant:\n%s", machinesCRD, got, fresh[machinesCRD])
	}
	if got, _ := os.ReadFile(filepath.Join(dir, basesDir, clustersCRD)); !bytes.Equal(got, handEdited) {
		t.Errorf("stale CRDs: the hand-edited %s changed:\n%s", clustersCRD, got)
	}
	machineLabelledClusterHeld(t, "stale CRDs", res, "4. [ ] **CRD regeneration**: regenerated in `"+basesDir+machinesCRD+"`; the CRDs below were left, because their committed schema is not what controller-gen generates from the original types\n"+
		"   - foomachines.infrastructure.crds.example.com (descriptions kept): v1beta1: status.initialization added (lacking in the committed CRD)\n"+
		"   - fooclusters.infrastructure.crds.example.com: `"+basesDir+clustersCRD+"` left as it is: its schema of v1beta1 lacks status.initialization, which controller-gen generates from the original types, but also differs from that generation at spec.region (edited by hand, or made with other options or another controller-gen), so it is not just stale; regenerate it (`make generate-manifests` or `controller-gen crd`) and run `mpaudit rewrite` again, which then changes the labels that wait for its schema\n")
}

// machineLabelledClusterHeld checks a result where FooMachine was labelled
// and FooCluster held because its CRD, left as it was, lacks the readiness
// schema; wantItem is the PR body's CRD regeneration item.
func machineLabelledClusterHeld(t *testing.T, what string, res *Result, wantItem string) {
	t.Helper()
	if got := keys(res.labels.flipped); !slices.Equal(got, []string{"FooMachine"}) {
		t.Errorf("%s: labelled %v", what, got)
	}
	if len(res.held) != 1 || res.held[0].key.kind != "FooCluster" || !slices.Equal(res.held[0].missing, []string{contract.RuleKindSchemaReadiness + " status.initialization.provisioned (config/crd/bases/" + clustersCRD + ":7)"}) {
		t.Errorf("%s: held %+v", what, res.held)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if item := checklistItem(body.String(), "CRD regeneration"); item != wantItem {
		t.Errorf("%s: checklist item:\n%s\nwant:\n%s", what, item, wantItem)
	}
}

// dropEntry removes the mapping entry whose key is the line key, with
// the lines indented deeper after it.
func dropEntry(t *testing.T, s, key string) string {
	t.Helper()
	i := strings.Index(s, key)
	if i < 0 {
		t.Fatalf("%q not in the CRD", key)
	}
	indent := len(key) - len(strings.TrimLeft(key, " "))
	rest := s[i+len(key):]
	for rest != "" {
		line, _, _ := strings.Cut(rest, "\n")
		if len(line)-len(strings.TrimLeft(line, " ")) <= indent {
			break
		}
		rest = rest[min(len(line)+1, len(rest)):]
	}
	return s[:i] + rest
}

// regenerated are the schema subtrees the rewrite changes in both kinds.
// (the ready field's description says why it stays).
const regenerated = "v1beta1: status.deprecated added, v1beta1: status.failureMessage removed, v1beta1: status.failureReason removed, v1beta1: status.initialization added, v1beta1: status.ready changed"

// checklistItem returns the checklist item titled title with its details.
func checklistItem(body, title string) string {
	i := strings.Index(body, "**"+title+"**")
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(body[:i], "\n") + 1
	var b strings.Builder
	for n, line := range strings.SplitAfter(body[start:], "\n") {
		if n > 0 && !strings.HasPrefix(line, "   - ") {
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// TestRewriteCRDsHandEditedAndNoDescriptions: FooMachine's CRD was made
// with crd:maxDescLen=0, which the rewrite reproduces (its regenerated
// parts carry no descriptions either); FooCluster's was edited by hand in
// the failureMessage subtree the failure move would change, so the move
// is withheld (the label it would hold is what v1.14 cores read the fields
// by) and the CRD takes the rest with the edit kept.
func TestRewriteCRDsHandEditedAndNoDescriptions(t *testing.T) {
	dir := copyTree(t, "testdata/crdprovider")
	noDesc, err := os.ReadFile(filepath.Join("testdata", "crdvariants", machinesCRD+".maxdesclen0"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, basesDir, machinesCRD), noDesc, 0o644); err != nil {
		t.Fatal(err)
	}
	clusters := filepath.Join(dir, basesDir, clustersCRD)
	data, err := os.ReadFile(clusters)
	if err != nil {
		t.Fatal(err)
	}
	field := "                description: failureMessage is a terminal problem, for humans.\n"
	edited := strings.Replace(string(data), field, field+"                maxLength: 10240\n", 1)
	if edited == string(data) {
		t.Fatal("the fixture's failureMessage schema moved; adjust the hand edit")
	}
	if err := os.WriteFile(clusters, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
	if err != nil {
		t.Fatal(err)
	}
	// Moving FooCluster's failure fields would touch the hand-edited
	// failureMessage schema, leave the CRD and hold the label, under which
	// v1.14 cores read the fields by the v1beta1 contract: the rewrite keeps
	// them top-level, so the CRD takes the rest (the edit kept) and both
	// kinds are labelled.
	want := []string{
		"api/v1beta1/foocluster_types.go",
		"api/v1beta1/foomachine_types.go",
		"api/v1beta1/zz_generated.deepcopy.go",
		basesDir + clustersCRD,
		basesDir + machinesCRD,
		"config/crd/kustomization.yaml",
		"controllers/controllers.go",
	}
	if got := changedFiles(res); !slices.Equal(got, want) {
		t.Errorf("changed files:\n got %v\nwant %v", got, want)
	}
	got, _ := os.ReadFile(clusters)
	if !strings.Contains(string(got), field+"                maxLength: 10240\n") || !strings.Contains(string(got), "              initialization:\n") {
		t.Errorf("the hand-edited CRD lost its edit or did not take initialization:\n%s", got)
	}
	if types := readFile(t, filepath.Join(dir, "api", "v1beta1", "foocluster_types.go")); strings.Contains(types, "FooClusterV1Beta1DeprecatedStatus") {
		t.Errorf("FooCluster's failure fields moved:\n%s", types)
	}
	fresh := controllerGen(t, dir, new(0))
	if got, _ := os.ReadFile(filepath.Join(dir, basesDir, machinesCRD)); !bytes.Equal(got, fresh[machinesCRD]) {
		t.Errorf("%s is not controller-gen's crd:maxDescLen=0 CRD of the rewritten types:\n%s\nwant:\n%s", machinesCRD, got, fresh[machinesCRD])
	}
	if got := keys(res.labels.flipped); !slices.Equal(got, []string{"FooCluster", "FooMachine"}) || len(res.held) != 0 {
		t.Errorf("labelled %v, held %+v", got, res.held)
	}
	var body bytes.Buffer
	if err := res.WritePRBody(&body); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body.String(), "MPA125 FooCluster status.failureReason (api/v1beta1/foocluster\\_types.go:27)") ||
		!strings.Contains(body.String(), "its fix is withheld: with the fields moved, the rewrite left its CRD's labels cluster.x-k8s.io/v1beta1: v1beta1") {
		t.Errorf("the PR body does not say why FooCluster's failure fields stay:\n%s", body.String())
	}
}

// TestRegenerateCRDsFollowsSharedTypes: FooMachine's status has a field
// of a type declared in a package without API types of its own; a change
// of that type alone regenerates FooMachine's CRD, exactly as
// controller-gen makes it. (The rewrite's fixes change only API packages'
// types, so the change is made here and regenerateCRDs run on it.)
func TestRegenerateCRDsFollowsSharedTypes(t *testing.T) {
	root := copyTree(t, "testdata/crdprovider")
	write := func(dir, rel, content string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const shared = "// Package shared holds types the API versions share.\npackage shared\n\n// Zone is where a machine runs.\ntype Zone struct {\n\t// name of the zone.\n\tName string `json:\"name\"`\n%s}\n"
	write(root, "api/shared/zone.go", fmt.Sprintf(shared, ""))
	types, err := os.ReadFile(filepath.Join(root, "api/v1beta1/foomachine_types.go"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(types), "import metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n", "import (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n\t\"example.com/crds/api/shared\"\n)\n", 1)
	src = strings.Replace(src, "type FooMachineStatus struct {\n", "type FooMachineStatus struct {\n\t// zone is where the machine runs.\n\t// +optional\n\tZone shared.Zone `json:\"zone,omitzero\"`\n\n", 1)
	write(root, "api/v1beta1/foomachine_types.go", src)
	writeGenerated(t, filepath.Join(root, basesDir), controllerGen(t, root, nil))
	clustersBefore, _ := os.ReadFile(filepath.Join(root, basesDir, clustersCRD))

	dir := copyTree(t, root)
	write(dir, "api/shared/zone.go", fmt.Sprintf(shared, "\n\t// region of the zone.\n\t// +optional\n\tRegion string `json:\"region,omitempty\"`\n"))
	st := &stage{root: root, dir: dir}
	res := &Result{}
	cs := newChangeSet(st)
	if err := regenerateCRDs(st, &packageGraph{dir: st.dir}, []string{filepath.Join(dir, "api/shared")}, nil, cs, res, newTracer(nil)); err != nil {
		t.Fatal(err)
	}
	if marked, want := slices.Sorted(maps.Keys(cs.files)), []string{filepath.Join(dir, basesDir, machinesCRD)}; !slices.Equal(marked, want) {
		t.Errorf("marked %v, want %v", marked, want)
	}
	if res.crds == nil {
		t.Fatal("no CRD regenerated")
	}
	if d := res.crds.done["foomachines.infrastructure.crds.example.com"]; len(res.crds.done) != 1 || len(res.crds.left) != 0 || !slices.Equal(d.paths, []string{"v1beta1: status.zone.region added"}) {
		t.Errorf("done %+v, left %v", res.crds.done, res.crds.left)
	}
	fresh := controllerGen(t, dir, nil)
	if got, _ := os.ReadFile(filepath.Join(dir, basesDir, machinesCRD)); !bytes.Equal(got, fresh[machinesCRD]) {
		t.Errorf("%s is not controller-gen's CRD of the changed types:\n%s\nwant:\n%s", machinesCRD, got, fresh[machinesCRD])
	}
	if got, _ := os.ReadFile(filepath.Join(dir, basesDir, clustersCRD)); !bytes.Equal(got, clustersBefore) {
		t.Errorf("%s changed", clustersCRD)
	}
}
