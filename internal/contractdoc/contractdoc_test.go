package contractdoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mpaudit/mpaudit/contract"
)

// docsDir is the committed output of `make docs`.
const docsDir = "../../docs/contract"

// TestDocsUpToDate regenerates docs/contract in memory and fails when the
// committed files differ (`make docs-check` runs it).
func TestDocsUpToDate(t *testing.T) {
	diffs, err := Diff(docsDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) > 0 {
		t.Errorf("docs/contract is out of date with contract/: run `make docs`\n  %s", strings.Join(diffs, "\n  "))
	}
}

func TestWriteRemovesStaleAndDiffSeesEdits(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "OldKind.md")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale page kept: %v", err)
	}
	if diffs, err := Diff(dir); err != nil || len(diffs) != 0 {
		t.Fatalf("after Write: diffs %v, err %v", diffs, err)
	}
	if err := os.WriteFile(filepath.Join(dir, SchemaFile), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "ControlPlane.md")); err != nil {
		t.Fatal(err)
	}
	diffs, _ := Diff(dir)
	want := []string{"ControlPlane.md: missing", SchemaFile + ": differs from the catalog"}
	if !slices.Equal(diffs, want) {
		t.Errorf("after edits: diffs %q, want %q", diffs, want)
	}
}

// compile compiles the exported schema, at the root or at a $defs fragment.
func compile(t *testing.T, fragment string) *jsonschema.Schema {
	t.Helper()
	raw, err := SchemaJSON()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	loc := SchemaID
	if fragment != "" {
		loc += "#/$defs/" + fragment
	}
	s, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("compile %s: %v", loc, err)
	}
	return s
}

func instance(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// The JSON of every document `contract show` can print validates against the
// exported schema, and the schema is strict enough to reject drift.
func TestDocumentValidatesAgainstSchema(t *testing.T) {
	s := compile(t, "")
	docs := []Document{Build(nil, nil)}
	for _, k := range contract.Kinds {
		for _, c := range Contracts() {
			docs = append(docs, Build([]*contract.Kind{k}, []contract.Contract{c}))
		}
	}
	for _, d := range docs {
		raw, err := JSON(d)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(inst); err != nil {
			t.Errorf("contracts %v, %d kinds: %v", d.Contracts, len(d.Kinds), err)
		}
	}
	// Drift the schema must catch: an unknown field, a wrong enum, a missing field.
	for name, mutate := range map[string]func(m map[string]any){
		"extra field":  func(m map[string]any) { kind(m)["extra"] = true },
		"bad contract": func(m map[string]any) { point(m)["contract"] = "v1alpha3" },
		"bad mode":     func(m map[string]any) { point(m)["reads"].([]any)[0].(map[string]any)["mode"] = "sometimes" },
		"no path":      func(m map[string]any) { delete(point(m), "path") },
		"bad format":   func(m map[string]any) { m["format"] = "other/v9" },
	} {
		var m map[string]any
		raw, _ := JSON(Build([]*contract.Kind{&contract.InfraMachine}, nil))
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		mutate(m)
		if err := s.Validate(instance(t, m)); err == nil {
			t.Errorf("%s: the schema accepted it", name)
		}
	}
	var top map[string]any
	raw, _ := SchemaJSON()
	if err := json.Unmarshal(raw, &top); err != nil || top["$schema"] != SchemaDraft {
		t.Errorf("$schema = %v (err %v), want %s", top["$schema"], err, SchemaDraft)
	}
}

func kind(m map[string]any) map[string]any { return m["kinds"].([]any)[0].(map[string]any) }

// point is the first read point of the first kind's "initialization completed" rule.
func point(m map[string]any) map[string]any {
	for _, r := range kind(m)["rules"].([]any) {
		for _, p := range r.(map[string]any)["points"].([]any) {
			if pm := p.(map[string]any); len(pm["reads"].([]any)) > 0 {
				return pm
			}
		}
	}
	panic("no read point")
}

// Every catalog point appears exactly once in the document and in its kind's
// fragment schema, with the OpenAPI type of its Go shape and `required` iff
// the contract makes it, or a point inside it, mandatory.
func TestEveryPointInDocumentAndSchema(t *testing.T) {
	doc := Build(nil, nil)
	raw, err := SchemaJSON()
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs map[string]map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	total := 0
	for i, k := range contract.Kinds {
		seen := map[string]int{}
		for _, r := range doc.Kinds[i].Rules {
			for _, p := range r.Points {
				seen[p.Contract+" "+p.Path]++
			}
		}
		for _, p := range k.AllPoints() {
			total++
			key := string(p.Contract) + " " + p.Path
			if seen[key] != 1 {
				t.Errorf("%s %s: %d times in the document, want 1", k.Name, key, seen[key])
			}
			delete(seen, key)
			segs := p.Segments()
			s := schema.Defs[FragmentName(k.Name, p.Contract, segs[0])]
			parentRequired := true
			for j, seg := range segs[1:] {
				props, _ := s["properties"].(map[string]any)
				next, ok := props[seg].(map[string]any)
				if !ok {
					t.Fatalf("%s %s: no schema at %s", k.Name, key, strings.Join(segs[:j+2], "."))
				}
				req, _ := s["required"].([]any)
				parentRequired = slices.Contains(req, any(seg))
				s = next
			}
			if got, want := s["type"], contract.OpenAPIType(p.Type); got != want {
				t.Errorf("%s %s: schema type %v, want %s", k.Name, key, got, want)
			}
			mandatory := p.Required
			for _, q := range k.Points(p.Contract) {
				mandatory = mandatory || q.Required && strings.HasPrefix(q.Path, p.Path+".")
			}
			if len(segs) > 1 && parentRequired != mandatory {
				t.Errorf("%s %s: required in the schema %v, mandatory (or holding a mandatory point) in the catalog %v", k.Name, key, parentRequired, mandatory)
			}
		}
		if len(seen) > 0 {
			t.Errorf("%s: document points not in the catalog: %v", k.Name, slices.Sorted(maps.Keys(seen)))
		}
	}
	if total < 100 {
		t.Errorf("only %d catalog points walked", total)
	}
}

// The fragment schemas judge real objects: the v1beta2 shapes pass, the
// v1beta1 shapes and the markers' bounds fail where core would not read them.
func TestFragmentsJudgeObjects(t *testing.T) {
	type tc struct {
		fragment string
		object   string
		ok       bool
	}
	for _, c := range []tc{
		{"InfraCluster.v1beta2", `{"spec":{"controlPlaneEndpoint":{"host":"h","port":6443}},
			"status":{"initialization":{"provisioned":true},"failureDomains":[{"name":"a","controlPlane":true}],
			"conditions":[{"type":"Ready","status":"True"}]}}`, true},
		{"InfraCluster.v1beta2", `{"status":{"initialization":{"provisioned":true},"failureDomains":{"a":{"controlPlane":true}}}}`, false},
		{"InfraCluster.v1beta1", `{"status":{"ready":true,"failureDomains":{"a":{"controlPlane":true}}}}`, true},
		{"InfraCluster.v1beta1", `{"status":{"ready":true,"failureDomains":[{"name":"a"}]}}`, false},
		{"InfraCluster.v1beta2", `{"status":{"ready":true}}`, false},
		{"InfraCluster.v1beta2", `{"status":{"initialization":{}}}`, false},
		{"InfraMachine.v1beta2", `{"spec":{"providerID":"aws:///i-1"},"status":{"initialization":{"provisioned":false}}}`, true},
		{"InfraMachine.v1beta2", `{"spec":{"providerID":""},"status":{"initialization":{"provisioned":false}}}`, false},
		{"InfraMachine.v1beta2.spec", `{"providerID":"x"}`, true},
		{"InfraMachine.v1beta2.status", `{"initialization":{"provisioned":"yes"}}`, false},
		{"ControlPlane.v1beta2", `{"spec":{"version":"v1.33.0","machineTemplate":{"spec":{"infrastructureRef":{"kind":"K"}}}},
			"status":{"initialization":{"controlPlaneInitialized":true},"replicas":3}}`, true},
		{"ControlPlane.v1beta2", `{"spec":{"version":"v1.33.0","machineTemplate":{"spec":{"deletion":{"nodeDrainTimeoutSeconds":-1},"infrastructureRef":{}}}},
			"status":{"initialization":{"controlPlaneInitialized":true}}}`, false},
		{"ControlPlane.v1beta1", `{"spec":{"version":"v1.33.0","machineTemplate":{"infrastructureRef":{}}},"status":{"initialized":true,"ready":true}}`, true},
		{"ControlPlane.v1beta1", `{"spec":{"version":"v1.33.0","machineTemplate":{"infrastructureRef":{}}},"status":{"initialized":true}}`, false},
		{"BootstrapConfig.v1beta2", `{"status":{"initialization":{"dataSecretCreated":true},"dataSecretName":"s"}}`, true},
		{"InfraMachinePool.v1beta2", `{"spec":{"providerIDList":["a",""]},"status":{"initialization":{"provisioned":true},"replicas":1}}`, false},
		{"InfraMachineTemplate.v1beta2", `{"spec":{"template":{"metadata":{},"spec":{}}}}`, true},
		{"InfraMachineTemplate.v1beta2", `{"spec":{"template":{"metadata":{}}}}`, false},
	} {
		var obj any
		if err := json.Unmarshal([]byte(c.object), &obj); err != nil {
			t.Fatal(err)
		}
		err := compile(t, c.fragment).Validate(instance(t, obj))
		if (err == nil) != c.ok {
			t.Errorf("%s %s: valid=%v (%v), want %v", c.fragment, c.object, err == nil, err, c.ok)
		}
	}
}

var tableRow = regexp.MustCompile(`(?m)^\| \[([^\]]+)\]\(#([^)]+)\) \|(.*)\|$`)

// The rule tables say what Cluster API's pages say (v1beta2 Mandatory column,
// docs/book/src/developer/providers/contracts/*.md @ v1.14.0) for the rules
// the catalog covers, and every link lands on a heading.
func TestRuleTablesMatchClusterAPIPages(t *testing.T) {
	want := map[string][]string{
		contract.KindInfraCluster: {"control plane endpoint No", "failure domains No", "initialization completed Yes",
			"conditions No", "terminal failures No"},
		contract.KindInfraMachine: {"provider ID Yes", "failure domain No", "addresses No", "initialization completed Yes",
			"conditions No", "terminal failures No"},
		contract.KindInfraMachinePool: {"provider ID No", "providerIDList Yes", "replicas Yes", "MachinePoolMachines support No",
			"initialization completed Yes", "conditions No", "terminal failures No"},
		contract.KindControlPlane: {"control plane endpoint No", "replicas No", "version No", "machines No",
			"initialization completed Yes", "externally managed control plane No", "conditions No", "terminal failures No"},
		contract.KindBootstrapConfig: {"data secret Yes", "initialization completed Yes", "conditions No", "terminal failures No"},
	}
	for name, rows := range want {
		k, _ := contract.KindByName(name)
		page := Page(Build([]*contract.Kind{k}, []contract.Contract{contract.V1Beta2}).Kinds[0], []string{string(contract.V1Beta2)})
		var got []string
		for _, m := range tableRow.FindAllStringSubmatch(page, -1) {
			title, target, cells := m[1], m[2], strings.Split(m[3], "|")
			if !strings.Contains(page, "\n### "+title+"\n") || anchor(title) != target {
				t.Errorf("%s: row %q links #%s, no such heading", name, title, target)
			}
			if topic, ok := strings.CutPrefix(title, name+": "); ok {
				got = append(got, topic+" "+strings.TrimSpace(cells[0]))
			}
		}
		if !slices.Equal(got, rows) {
			t.Errorf("%s rule table:\n got %q\nwant %q", name, got, rows)
		}
	}
}

// A page shows the Go shape with the example type's names, the read windows
// with their mode, and v1beta1 points under the compatibility heading.
func TestPageShapesAndReads(t *testing.T) {
	doc := Build([]*contract.Kind{&contract.ControlPlane}, nil)
	page := Page(doc.Kinds[0], doc.Contracts)
	for _, want := range []string{
		"type FooControlPlaneInitializationStatus struct {\n\t// +optional\n\tControlPlaneInitialized *bool `json:\"controlPlaneInitialized,omitempty\"`\n}",
		"// +kubebuilder:validation:MinProperties=1\ntype FooControlPlaneInitializationStatus struct {",
		"core v1.11.0 and later: read only when the CRD's contract label resolves to v1beta2.",
		"core v1.11.0 up to (not including) v1.11.5: read only when the CRD's contract label resolves to v1beta1, in place of status.initialized",
		"core v1.14.0 and later: read whatever the CRD's contract label says. Basis: `internal/contract/controlplane.go StatusVersions()`.",
		"#### Compatibility with the deprecated v1beta1 contract\n\n**`status.initialized`** (v1beta1, mandatory)",
		"`foocontrolplanes.controlplane.cluster.x-k8s.io`",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("ControlPlane page lacks %q", want)
		}
	}
	pool := Page(Build([]*contract.Kind{&contract.InfraMachinePool}, nil).Kinds[0], doc.Contracts)
	if !strings.Contains(pool, "read as a fallback when status.initialization.provisioned is absent, when the CRD's contract label resolves to v1beta2; assumed") {
		t.Errorf("pool page lacks the #14030 fallback window:\n%s", pool)
	}
	tmpl := Page(Build([]*contract.Kind{&contract.InfraMachineTemplate}, nil).Kinds[0], doc.Contracts)
	if !strings.Contains(tmpl, "Spec FooMachineSpec `json:\"spec\"`") {
		t.Errorf("template page does not resolve <Templated>:\n%s", tmpl)
	}
}

// The per-release initialization view states the facts of contract-kinds.md
// §2–3: label-exclusive reads from v1.11, the v1beta1 ControlPlane status.ready
// bug windows, and pools reading status.ready whatever the label until the
// assumed PR #14030 release.
func TestInitializationByRelease(t *testing.T) {
	rows := func(k *contract.Kind) []string {
		var out []string
		for _, r := range Build([]*contract.Kind{k}, nil).Kinds[0].Initialization {
			out = append(out, fmt.Sprintf("%s [%s,%s) %s assumed=%v", r.Label, r.Since, r.Until, r.Summary, r.Assumed))
		}
		return out
	}
	for k, want := range map[*contract.Kind][]string{
		&contract.ControlPlane: {
			"v1beta2 [v1.11.0,) status.initialization.controlPlaneInitialized assumed=false",
			"v1beta1 [,v1.11.0) status.initialized assumed=false",
			"v1beta1 [v1.11.0,v1.11.5) status.ready (in place of status.initialized) assumed=false",
			"v1beta1 [v1.11.5,v1.12.0) status.initialized assumed=false",
			"v1beta1 [v1.12.0,v1.12.2) status.ready (in place of status.initialized) assumed=false",
			"v1beta1 [v1.12.2,v1.16.0) status.initialized assumed=false",
		},
		&contract.InfraMachinePool: {
			"v1beta2 [v1.11.0,v1.15.0) status.ready assumed=false",
			"v1beta2 [v1.15.0,v1.16.0) status.initialization.provisioned, else status.ready (fallback) assumed=true",
			"v1beta2 [v1.16.0,) status.initialization.provisioned assumed=true",
			"v1beta1 [,v1.15.0) status.ready assumed=false",
			"v1beta1 [v1.15.0,v1.16.0) status.ready assumed=true",
		},
		&contract.BootstrapConfig: {
			"v1beta2 [v1.11.0,) status.initialization.dataSecretCreated assumed=false",
			"v1beta1 [,v1.16.0) status.ready assumed=false",
		},
		&contract.InfraMachineTemplate: nil,
	} {
		if got := rows(k); !slices.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", k.Name, got, want)
		}
	}
}

// TestMustsPage: every MUST of the catalog is a row of MUSTS.md, with its
// rules linked, and the ControlPlane page shows the scale subresource.
func TestMustsPage(t *testing.T) {
	page := Musts()
	for _, m := range contract.Musts {
		row := "| " + m.Text + " | " + string(m.Check) + " | "
		if !strings.Contains(page, row) {
			t.Errorf("MUSTS.md has no row %q", row)
		}
		for _, id := range m.Rules {
			if !strings.Contains(page, "["+id+"](../rules/"+id+".md)") {
				t.Errorf("MUSTS.md does not link %s", id)
			}
		}
	}
	cp := Page(Build([]*contract.Kind{&contract.ControlPlane}, nil).Kinds[0], []string{"v1beta2"})
	for _, want := range []string{"labelSelectorPath: .status.selector", "**`status.selector`** (v1beta2, mandatory when the type has `spec.replicas`)"} {
		if !strings.Contains(cp, want) {
			t.Errorf("ControlPlane page lacks %q", want)
		}
	}
}
