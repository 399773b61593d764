package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mpaudit/mpaudit/contract"
)

// The official SARIF 2.1.0 schema (OASIS errata01), vendored from
// https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json
// (the copy securego/gosec v2.29.0 ships byte for byte). The hash pins it: a
// swapped or truncated file would make the checks vacuous.
const (
	sarifSchemaFile   = "testdata/sarif-schema-2.1.0.json"
	sarifSchemaID     = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifSchemaSHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
)

var (
	schemaOnce sync.Once
	schema     *jsonschema.Schema
	schemaErr  error
)

// sarifSchema compiles the vendored official schema once.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	schemaOnce.Do(func() {
		raw, err := os.ReadFile(sarifSchemaFile)
		if err != nil {
			schemaErr = err
			return
		}
		if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != sarifSchemaSHA256 {
			schemaErr = &schemaLoadError{msg: sarifSchemaFile + " is not the OASIS errata01 schema (sha256 mismatch)"}
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			schemaErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource(sarifSchemaID, doc); err != nil {
			schemaErr = err
			return
		}
		schema, schemaErr = c.Compile(sarifSchemaID)
	})
	if schemaErr != nil {
		t.Fatalf("loading the SARIF 2.1.0 schema: %v", schemaErr)
	}
	return schema
}

type schemaLoadError struct{ msg string }

func (e *schemaLoadError) Error() string { return e.msg }

func validateSARIF(t *testing.T, b []byte) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	return sarifSchema(t).Validate(doc)
}

// sarifDoc is the part of a SARIF log the assertions read.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name           string `json:"name"`
				InformationURI string `json:"informationUri"`
				Version        string `json:"version"`
				Rules          []struct {
					ID               string `json:"id"`
					Name             string `json:"name"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					FullDescription *struct {
						Text string `json:"text"`
					} `json:"fullDescription"`
					Help *struct {
						Text string `json:"text"`
					} `json:"help"`
					HelpURI              string `json:"helpUri"`
					DefaultConfiguration struct {
						Enabled *bool  `json:"enabled"`
						Level   string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful        bool `json:"executionSuccessful"`
			ExitCode                   int  `json:"exitCode"`
			ToolExecutionNotifications []struct {
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []sarifLocation `json:"locations"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex *int   `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations           []sarifLocation   `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Fixes               []sarifFix        `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

func decodeSARIF(t *testing.T, b []byte) sarifDoc {
	t.Helper()
	var d sarifDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("want one run, got %d", len(d.Runs))
	}
	return d
}

func TestSARIFValidatesAgainstOfficialSchema(t *testing.T) {
	for name, build := range map[string]func(*testing.T) *Report{
		"static":   staticReport,
		"live":     liveReport,
		"empty":    emptyReport,
		"problems": problemsReport,
	} {
		t.Run(name, func(t *testing.T) {
			out := render(t, PrintSARIF, build(t))
			if err := validateSARIF(t, out); err != nil {
				t.Fatalf("%s SARIF does not validate: %v\n%s", name, err, out)
			}
		})
	}
}

// The validator must reject documents that break the schema, or the test
// above proves nothing.
func TestSARIFSchemaRejectsBrokenDocuments(t *testing.T) {
	valid := render(t, PrintSARIF, staticReport(t))
	// Each mutation breaks one schema rule; the error must name it.
	breakers := map[string]struct {
		breakIt func(m map[string]any)
		want    string
	}{
		"unknown level": {func(m map[string]any) {
			result(m)["level"] = "critical"
		}, "/runs/0/results/0/level"},
		"startLine 0": {func(m map[string]any) {
			loc := result(m)["locations"].([]any)[0].(map[string]any)
			loc["physicalLocation"].(map[string]any)["region"].(map[string]any)["startLine"] = 0
		}, "/region/startLine"},
		"driver without name": {func(m map[string]any) {
			delete(run(m)["tool"].(map[string]any)["driver"].(map[string]any), "name")
		}, "missing property 'name'"},
		"invocation without executionSuccessful": {func(m map[string]any) {
			delete(run(m)["invocations"].([]any)[0].(map[string]any), "executionSuccessful")
		}, "missing property 'executionSuccessful'"},
		"unknown result property": {func(m map[string]any) {
			result(m)["severity"] = "error"
		}, "additional properties 'severity'"},
		"wrong version": {func(m map[string]any) {
			m["version"] = "2.0.0"
		}, "/version"},
		"helpUri not a URI": {func(m map[string]any) {
			run(m)["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)[0].(map[string]any)["helpUri"] = "not a uri"
		}, "/helpUri"},
		"fix without artifactChanges": {func(m map[string]any) {
			for _, res := range run(m)["results"].([]any) {
				if fixes, ok := res.(map[string]any)["fixes"].([]any); ok {
					delete(fixes[0].(map[string]any), "artifactChanges")
				}
			}
		}, "missing property 'artifactChanges'"},
	}
	for name, bc := range breakers {
		t.Run(name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(valid, &m); err != nil {
				t.Fatal(err)
			}
			bc.breakIt(m)
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			err = validateSARIF(t, b)
			if err == nil {
				t.Fatalf("a document with %s validated", name)
			}
			if !strings.Contains(err.Error(), bc.want) {
				t.Errorf("%s: the error does not name %q: %v", name, bc.want, err)
			}
		})
	}
}

func run(m map[string]any) map[string]any { return m["runs"].([]any)[0].(map[string]any) }
func result(m map[string]any) map[string]any {
	return run(m)["results"].([]any)[0].(map[string]any)
}

func TestSARIFDriverListsEveryCatalogRule(t *testing.T) {
	r := staticReport(t)
	d := decodeSARIF(t, render(t, PrintSARIF, r))
	if d.Version != "2.1.0" || d.Schema != sarifSchemaID {
		t.Errorf("version %q $schema %q", d.Version, d.Schema)
	}
	driver := d.Runs[0].Tool.Driver
	if driver.Name != "mpaudit" || driver.InformationURI == "" || driver.Version == "" || driver.Version != toolVersion() {
		t.Errorf("driver %q %q %q", driver.Name, driver.InformationURI, driver.Version)
	}
	catalog := contract.Rules()
	if len(driver.Rules) != len(catalog) {
		t.Fatalf("%d rules, catalog has %d", len(driver.Rules), len(catalog))
	}
	levels := map[contract.Severity]string{contract.Error: "error", contract.Warning: "warning", contract.Info: "note", contract.Off: "none"}
	for i, rule := range catalog {
		got := driver.Rules[i]
		if got.ID != rule.ID || got.Name != rule.Name || got.ShortDescription.Text != rule.Title || got.HelpURI != rule.DocURL {
			t.Errorf("rule %d: %+v, want %s", i, got, rule.ID)
		}
		if got.FullDescription == nil || got.FullDescription.Text != rule.Rationale {
			t.Errorf("%s fullDescription %+v", rule.ID, got.FullDescription)
		}
		if (rule.Fix == "") != (got.Help == nil) || (got.Help != nil && got.Help.Text != rule.Fix) {
			t.Errorf("%s help %+v, want %q", rule.ID, got.Help, rule.Fix)
		}
		sev := rule.Severity(contract.Context{Core: r.Target.Behaviour})
		if got.DefaultConfiguration.Level != levels[sev] {
			t.Errorf("%s level %q, want %q", rule.ID, got.DefaultConfiguration.Level, levels[sev])
		}
		if off := got.DefaultConfiguration.Enabled != nil && !*got.DefaultConfiguration.Enabled; off != (sev == contract.Off) {
			t.Errorf("%s enabled=%v for severity %s", rule.ID, !off, sev)
		}
	}
	// MPA101 is a warning on v1.14.2 (it reads status.ready) and an error
	// once status.ready is no longer read.
	if driver.Rules[0].ID != contract.RuleReadyOnly || driver.Rules[0].DefaultConfiguration.Level != "warning" {
		t.Errorf("MPA101 default level %q", driver.Rules[0].DefaultConfiguration.Level)
	}
	for _, res := range d.Runs[0].Results {
		if res.RuleIndex == nil || driver.Rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s has ruleIndex %v", res.RuleID, res.RuleIndex)
		}
	}
}

func TestSARIFStaticResults(t *testing.T) {
	r := staticReport(t)
	d := decodeSARIF(t, render(t, PrintSARIF, r))
	run := d.Runs[0]
	if len(run.Results) != len(r.Findings) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(r.Findings))
	}
	if !run.Invocations[0].ExecutionSuccessful || run.Invocations[0].ExitCode != ExitFindings {
		t.Errorf("invocation %+v", run.Invocations[0])
	}
	if n := run.Invocations[0].ToolExecutionNotifications; len(n) != 1 || n[0].Level != "note" || n[0].Message.Text != r.Notes[0] {
		t.Errorf("notes as notifications: %+v", n)
	}
	byRule := map[string]int{}
	for i, res := range run.Results {
		byRule[res.RuleID] = i
		f := r.Findings[i]
		if res.RuleID != f.Rule {
			t.Fatalf("result %d is %s, finding is %s", i, res.RuleID, f.Rule)
		}
		pl := res.Locations[0].PhysicalLocation
		if pl == nil || pl.ArtifactLocation.URIBaseID != "%SRCROOT%" || pl.Region == nil || pl.Region.StartLine != f.Position.Line || pl.Region.StartColumn != f.Position.Column {
			t.Errorf("%s location %+v", f.Rule, pl)
		}
		if !strings.Contains(res.Message.Text, f.Message) {
			t.Errorf("%s message %q", f.Rule, res.Message.Text)
		}
	}

	ready := run.Results[byRule[contract.RuleReadyOnly]]
	if ready.Level != "warning" || ready.Locations[0].PhysicalLocation.ArtifactLocation.URI != "api/v1beta2/types.go" {
		t.Errorf("MPA101: %+v", ready)
	}
	if ll := ready.Locations[0].LogicalLocations; len(ll) != 1 || ll[0].Kind != "type" || ll[0].FullyQualifiedName != "example.com/provider/api/v1beta2.DockerMachinePool" {
		t.Errorf("MPA101 logical location %+v", ll)
	}
	if got := run.Results[byRule[contract.RuleProviderIDList]].Level; got != "error" {
		t.Errorf("MPA108 level %q", got)
	}
	spoke := run.Results[byRule[contract.RuleConditionsV1Beta1]]
	if spoke.Level != "note" {
		t.Errorf("spoke finding level %q, want note", spoke.Level)
	}
	use := run.Results[byRule[contract.RuleDeprecatedFieldUse]]
	if got := use.Locations[0].PhysicalLocation.ArtifactLocation.URI; got != "internal/ctrl/my%20file.go" {
		t.Errorf("escaped uri %q", got)
	}

	// Fixes: absolute edit paths become %SRCROOT%-relative, edits group by
	// file, regions are line/column, deletions insert nothing.
	if len(ready.Fixes) != 1 {
		t.Fatalf("MPA101 fixes %+v", ready.Fixes)
	}
	fix := ready.Fixes[0]
	if fix.Description == nil || fix.Description.Text != "add status.initialization.provisioned" || len(fix.ArtifactChanges) != 2 {
		t.Fatalf("fix %+v", fix)
	}
	c0, c1 := fix.ArtifactChanges[0], fix.ArtifactChanges[1]
	if c0.ArtifactLocation != (sarifArtifactLocation{URI: "api/v1beta2/types.go", URIBaseID: "%SRCROOT%"}) ||
		c1.ArtifactLocation != (sarifArtifactLocation{URI: "internal/ctrl/my%20file.go", URIBaseID: "%SRCROOT%"}) {
		t.Errorf("change locations %+v %+v", c0.ArtifactLocation, c1.ArtifactLocation)
	}
	if len(c0.Replacements) != 2 {
		t.Fatalf("replacements %+v", c0.Replacements)
	}
	insert, del := c0.Replacements[0], c0.Replacements[1]
	if insert.DeletedRegion != (sarifRegion{StartLine: 18, StartColumn: 2, EndLine: 18, EndColumn: 2}) || insert.InsertedContent == nil || insert.InsertedContent.Text != "// NOTE: keep ready\n" {
		t.Errorf("insertion %+v", insert)
	}
	if del.DeletedRegion != (sarifRegion{StartLine: 20, StartColumn: 1, EndLine: 21, EndColumn: 3}) || del.InsertedContent != nil {
		t.Errorf("deletion %+v", del)
	}
	if rep := c1.Replacements[0]; rep.DeletedRegion != (sarifRegion{StartLine: 3, StartColumn: 5, EndLine: 3, EndColumn: 9}) || rep.InsertedContent.Text != "ptr.To(true)" {
		t.Errorf("replacement %+v", rep)
	}
}

func TestSARIFLiveResultsUseLogicalLocations(t *testing.T) {
	r := liveReport(t)
	d := decodeSARIF(t, render(t, PrintSARIF, r))
	run := d.Runs[0]
	if len(run.Results) != 3 {
		t.Fatalf("%d results", len(run.Results))
	}
	want := map[string]string{
		contract.RuleObjectProvisionedOnly: "kind-mgmt/infrastructure.cluster.x-k8s.io/DockerMachinePool/team-a/pool-1",
		contract.RuleObjectDisagree:        "kind-prod/infrastructure.cluster.x-k8s.io/DockerMachinePool/team-b/pool-2",
		contract.RuleStatusSubresource:     "kind-mgmt/apiextensions.k8s.io/CustomResourceDefinition//dockermachinepools.infrastructure.cluster.x-k8s.io",
	}
	for _, res := range run.Results {
		if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation != nil {
			t.Errorf("%s locations %+v", res.RuleID, res.Locations)
			continue
		}
		ll := res.Locations[0].LogicalLocations
		if len(ll) != 1 || ll[0].Kind != "resource" || ll[0].FullyQualifiedName != want[res.RuleID] {
			t.Errorf("%s logical location %+v, want %s", res.RuleID, ll, want[res.RuleID])
		}
	}
}

func TestSARIFEmptyAndProblems(t *testing.T) {
	empty := render(t, PrintSARIF, emptyReport(t))
	if !bytes.Contains(empty, []byte(`"results": []`)) {
		t.Errorf("empty report must still list results: []\n%s", empty)
	}
	d := decodeSARIF(t, empty)
	if inv := d.Runs[0].Invocations[0]; !inv.ExecutionSuccessful || inv.ExitCode != ExitOK || len(inv.ToolExecutionNotifications) != 0 {
		t.Errorf("empty invocation %+v", inv)
	}

	r := problemsReport(t)
	d = decodeSARIF(t, render(t, PrintSARIF, r))
	inv := d.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful || inv.ExitCode != ExitError {
		t.Errorf("problems invocation %+v", inv)
	}
	if len(inv.ToolExecutionNotifications) != len(r.Problems) {
		t.Fatalf("%d notifications for %d problems", len(inv.ToolExecutionNotifications), len(r.Problems))
	}
	first := inv.ToolExecutionNotifications[0]
	if first.Level != "error" || !strings.Contains(first.Message.Text, "example.com/provider/broken") || !strings.Contains(first.Message.Text, "undefined: Foo") {
		t.Errorf("notification %+v", first)
	}
	if len(first.Locations) != 1 || first.Locations[0].PhysicalLocation.ArtifactLocation.URI != "broken/broken.go" || first.Locations[0].PhysicalLocation.Region.StartLine != 5 {
		t.Errorf("notification location %+v", first.Locations)
	}
	if second := inv.ToolExecutionNotifications[1]; len(second.Locations) != 0 {
		t.Errorf("a problem without a position has no location: %+v", second.Locations)
	}
}

// Fingerprints follow what a finding is, not its line, and tell apart
// findings that only differ in position.
func TestSARIFFingerprintsIgnoreLineMoves(t *testing.T) {
	fingerprints := func(r *Report) []string {
		d := decodeSARIF(t, render(t, PrintSARIF, r))
		var out []string
		for _, res := range d.Runs[0].Results {
			fp := res.PartialFingerprints[sarifFingerprintKey]
			if fp == "" {
				t.Fatalf("%s has no %s fingerprint", res.RuleID, sarifFingerprintKey)
			}
			out = append(out, fp)
		}
		return out
	}
	before := fingerprints(staticReport(t))
	seen := map[string]bool{}
	for _, fp := range before {
		if seen[fp] {
			t.Errorf("fingerprint %s is not unique in %v", fp, before)
		}
		seen[fp] = true
	}

	moved := staticReport(t)
	for i := range moved.Findings {
		moved.Findings[i].Position.Line += 40
		moved.Findings[i].Position.Column++
		for j := range moved.Findings[i].Fixes {
			for k := range moved.Findings[i].Fixes[j].Edits {
				moved.Findings[i].Fixes[j].Edits[k].StartLine += 40
				moved.Findings[i].Fixes[j].Edits[k].EndLine += 40
			}
		}
	}
	moved.Finish()
	after := fingerprints(moved)
	if strings.Join(before, ",") != strings.Join(after, ",") {
		t.Errorf("fingerprints changed with line moves:\n%v\n%v", before, after)
	}

	other := staticReport(t)
	for i := range other.Findings {
		if other.Findings[i].Rule == contract.RuleReadyOnly {
			other.Findings[i].Field = "status.initialization"
		}
	}
	other.Finish()
	changed := 0
	for i, fp := range fingerprints(other) {
		if fp != before[i] {
			changed++
		}
	}
	if changed != 1 {
		t.Errorf("changing one finding's field changed %d fingerprints", changed)
	}

	live := fingerprints(liveReport(t))
	if live[0] == live[1] {
		t.Errorf("live fingerprints collide: %v", live)
	}
}

func TestSARIFURIs(t *testing.T) {
	u := &sarifURIs{roots: []string{"/src/provider"}}
	for in, want := range map[string]sarifArtifactLocation{
		"api/types.go":                {URI: "api/types.go", URIBaseID: "%SRCROOT%"},
		"./api/../api/types.go":       {URI: "api/types.go", URIBaseID: "%SRCROOT%"},
		"a:b/c d.go":                  {URI: "a%3Ab/c%20d.go", URIBaseID: "%SRCROOT%"},
		"/src/provider/x/y.go":        {URI: "x/y.go", URIBaseID: "%SRCROOT%"},
		"/src/provider-other/y.go":    {URI: "file:///src/provider-other/y.go"},
		"/elsewhere/ünïcode dir/z.go": {URI: "file:///elsewhere/%C3%BCn%C3%AFcode%20dir/z.go"},
	} {
		if got := u.artifact(in); got != want {
			t.Errorf("artifact(%q) = %+v, want %+v", in, got, want)
		}
	}
}
