package config

import (
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

// A type the configuration filters out leaves the migration matrix: with
// its findings dropped it would otherwise show every cell as met.
func TestApplyFiltersAuditedTypes(t *testing.T) {
	c, err := Parse("test.yaml", []byte("types:\n  exclude: [\"example.com/legacy/*\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := &report.Report{Summary: report.Summary{TypeRefs: []report.TypeRef{
		{Kind: "InfraMachinePool", Name: "OldMachinePool", GoType: "example.com/legacy/api.OldMachinePool"},
		{Kind: "InfraMachinePool", Name: "NewMachinePool", GoType: "example.com/provider/api.NewMachinePool"},
	}}}
	c.Apply(r)
	if len(r.Summary.TypeRefs) != 1 || r.Summary.TypeRefs[0].Name != "NewMachinePool" {
		t.Errorf("TypeRefs after exclude = %+v, want only NewMachinePool", r.Summary.TypeRefs)
	}
}
