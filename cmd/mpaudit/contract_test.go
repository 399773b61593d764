package main

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/contractdoc"
	"github.com/mpaudit/mpaudit/report"
)

// TestContractShowKindIsTheDocPage: `contract show --kind K` prints
// docs/contract/K.md exactly, whatever the letter case of K.
func TestContractShowKindIsTheDocPage(t *testing.T) {
	for _, args := range [][]string{
		{"contract", "show", "--kind", "InfraMachine"},
		{"contract", "show", "--kind", "inframachine", "-o", "markdown"},
	} {
		page, err := os.ReadFile("../../docs/contract/InfraMachine.md")
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, args...)
		if code != report.ExitOK || out != string(page) || errOut != "" {
			t.Errorf("%v: exit %d stderr %q; output equals docs/contract/InfraMachine.md: %v", args, code, errOut, out == string(page))
		}
	}
	// Without --kind: every kind's page, in catalog order.
	code, out, _ := run(t, "contract", "show")
	var want strings.Builder
	for i, k := range contract.Kinds {
		page, err := os.ReadFile("../../docs/contract/" + contractdoc.FileName(k.Name))
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			want.WriteString("\n")
		}
		want.Write(page)
	}
	if code != report.ExitOK || out != want.String() {
		t.Errorf("contract show: exit %d, output is not the docs/contract pages in catalog order", code)
	}
}

// TestContractShowJSONValidatesAgainstSchema: what `contract show -o json`
// prints validates against what `contract schema` prints, YAML carries the
// same data, and --kind/--contract select exactly the catalog's points.
func TestContractShowJSONValidatesAgainstSchema(t *testing.T) {
	code, schemaOut, errOut := run(t, "contract", "schema")
	if code != report.ExitOK {
		t.Fatalf("contract schema: exit %d: %s", code, errOut)
	}
	if file, err := os.ReadFile("../../docs/contract/" + contractdoc.SchemaFile); err != nil || string(file) != schemaOut {
		t.Errorf("contract schema differs from docs/contract/%s (err %v)", contractdoc.SchemaFile, err)
	}
	schemaDoc, err := jsonschema.UnmarshalJSON(strings.NewReader(schemaOut))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(contractdoc.SchemaID, schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(contractdoc.SchemaID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		kinds     []*contract.Kind
		contracts []contract.Contract
	}{
		{nil, contract.Kinds, []contract.Contract{contract.V1Beta2, contract.V1Beta1}},
		{[]string{"--kind", "ControlPlane", "--contract", "v1beta1"}, []*contract.Kind{&contract.ControlPlane}, []contract.Contract{contract.V1Beta1}},
		{[]string{"--contract", "V1Beta2"}, contract.Kinds, []contract.Contract{contract.V1Beta2}},
	} {
		args := append([]string{"contract", "show", "-o", "json"}, tc.args...)
		code, out, errOut := run(t, args...)
		if code != report.ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%v: not JSON: %v", args, err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%v: does not validate against `contract schema`: %v", args, err)
		}
		var doc contractdoc.Document
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		// The points shown are exactly the catalog's for those kinds and contracts.
		var got, want []string
		for _, k := range doc.Kinds {
			for _, r := range k.Rules {
				for _, p := range r.Points {
					got = append(got, k.Name+" "+p.Contract+" "+p.Path)
				}
			}
		}
		for _, k := range tc.kinds {
			for _, c := range tc.contracts {
				for _, p := range k.Points(c) {
					want = append(want, k.Name+" "+string(c)+" "+p.Path)
				}
			}
		}
		if !sameSet(got, want) {
			t.Errorf("%v: points\n got %v\nwant %v", args, got, want)
		}

		_, yamlOut, _ := run(t, append(slices.Clip(args), "-o", "yaml")...)
		var fromYAML contractdoc.Document
		if err := yaml.Unmarshal([]byte(yamlOut), &fromYAML); err != nil {
			t.Fatalf("%v -o yaml: %v", args, err)
		}
		if !reflect.DeepEqual(fromYAML, doc) {
			t.Errorf("%v: -o yaml and -o json carry different data", args)
		}
	}
}

func sameSet(a, b []string) bool {
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		count[s]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

// TestContractUsageErrors: unknown kinds, contracts, formats, arguments and
// subcommands exit 2 with a message listing the valid values.
func TestContractUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"contract", "show", "--kind", "FooKind"}, append([]string{`unknown kind "FooKind"`}, kindNames()...)},
		{[]string{"contract", "show", "--kind", ""}, []string{`unknown kind ""`, "InfraMachinePool"}},
		{[]string{"contract", "show", "--contract", "v1beta3"}, []string{`unknown contract version "v1beta3"`, "v1beta1", "v1beta2"}},
		{[]string{"contract", "show", "-o", "sarif"}, []string{`unknown format "sarif"`, "markdown, json, yaml"}},
		{[]string{"contract", "show", "InfraMachine"}, []string{`unknown command "InfraMachine"`}},
		{[]string{"contract", "schema", "extra"}, []string{`unknown command "extra"`}},
		{[]string{"contract", "frobnicate"}, []string{`unknown command "frobnicate" for "mpaudit contract"`}},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != report.ExitError || out != "" {
			t.Errorf("%v: exit %d stdout %q, want 2 and nothing on stdout", tc.args, code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q lacks %q", tc.args, errOut, w)
			}
		}
	}
	if code, out, _ := run(t, "contract"); code != report.ExitOK || !strings.Contains(out, "show") || !strings.Contains(out, "schema") {
		t.Errorf("contract: exit %d, want the help listing show and schema:\n%s", code, out)
	}
}

// The schema is one JSON document in draft 2020-12 with a fragment per kind and contract.
func TestContractSchemaFragments(t *testing.T) {
	_, out, _ := run(t, "contract", "schema")
	var s struct {
		Schema string         `json:"$schema"`
		Defs   map[string]any `json:"$defs"`
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(out)))
	if err := dec.Decode(&s); err != nil || dec.More() {
		t.Fatalf("not one JSON document: %v", err)
	}
	if s.Schema != contractdoc.SchemaDraft {
		t.Errorf("$schema %q", s.Schema)
	}
	for _, k := range contract.Kinds {
		for _, c := range contractdoc.Contracts() {
			if _, ok := s.Defs[contractdoc.FragmentName(k.Name, c, "")]; !ok {
				t.Errorf("no $defs/%s", contractdoc.FragmentName(k.Name, c, ""))
			}
			if _, ok := s.Defs[contractdoc.FragmentName(k.Name, c, "status")]; !ok && !k.IsTemplate() {
				t.Errorf("no $defs/%s", contractdoc.FragmentName(k.Name, c, "status"))
			}
		}
	}
}
