package contract

import (
	"slices"
	"strings"
	"testing"
)

// Every rule that judges a provider type lands in a matrix column for each
// kind it applies to, so a finding is never left out of the matrix (a
// new rule without a field point must be listed in a column's Rules).
func TestEveryRuleHasAMatrixColumn(t *testing.T) {
	for _, r := range Rules() {
		if slices.Contains(MatrixExempt, r.ID) || slices.Contains(MatrixByField, r.ID) || r.Field == "" && r.Informational() {
			continue
		}
		kinds := r.Kinds
		if r.Kind != nil {
			kinds = []*Kind{r.Kind}
		}
		for _, k := range kinds {
			if _, ok := MatrixColumnOf(r.ID, r.Field, k); !ok {
				t.Errorf("%s (%s, field %q) has no matrix column for %s", r.ID, r.Name, r.Field, k.Name)
			}
		}
	}
}

func TestMatrixColumnsPartitionTheAspects(t *testing.T) {
	ids := map[string]bool{}
	owner := map[Aspect]string{}
	for _, c := range MatrixColumns {
		if ids[c.ID] || c.ID == "" || c.Title == "" {
			t.Errorf("column %q: empty or duplicate ID, or no title", c.ID)
		}
		ids[c.ID] = true
		for _, a := range c.Aspects {
			if prev, ok := owner[a]; ok {
				t.Errorf("aspect %s in columns %s and %s", a, prev, c.ID)
			}
			owner[a] = c.ID
		}
	}
}

func TestMatrixColumnOf(t *testing.T) {
	pool, cluster := &InfraMachinePool, &InfraCluster
	for _, c := range []struct {
		rule, field string
		k           *Kind
		want        string
	}{
		{RuleReadyOnly, PathReady, pool, ColumnReadiness},
		{RuleInitializationShape, PathInitialization, pool, ColumnReadiness},
		{RuleNoReadiness, "status", pool, ColumnReadiness},
		{RuleFailureReason, PathFailureReason, pool, ColumnFailures},
		{RuleObjectFailure, "status.failureMessage", pool, ColumnFailures},
		{RuleProviderIDList, PathProviderIDList, pool, ColumnProviderID},
		{RuleObjectReplicas, PathReplicas, pool, ColumnReplicas},
		{RuleObjectMachineKind, PathMachineKind, pool, ColumnKindSpecific},
		{RuleLabelMissing, "", pool, ColumnLabel},
		{RuleCRDNotFound, "", pool, ColumnLabel},
		{RuleCRDScope, "", pool, ColumnCRD},
		// The other kinds' label rules name metadata.labels, no point (live's
		// matrix put CAPD's v1.10 MPA343 under CRD name/scope).
		{RuleKindLabelV1Beta1Only, "metadata.labels", cluster, ColumnLabel},
		{RuleKindLabelMissing, "metadata.labels", cluster, ColumnLabel},
		{RuleKindLabelVersion, "metadata.labels", cluster, ColumnLabel},
		{RuleLabelVersionConflict, "metadata.labels", pool, ColumnLabel},
		{RuleKindCRDScope, "spec.scope", cluster, ColumnCRD},
		{RuleSchemaProvisioned, PathProvisioned, pool, ColumnReadiness},
		// A finding's own field decides over the rule's.
		{RuleDeprecatedFieldUse, PathFailureMessage, pool, ColumnFailures},
		// Another kind's points, and a kind not known.
		{"MPA999", "status.failureDomains", cluster, ColumnFailureDomains},
		{"MPA999", "spec.controlPlaneEndpoint", nil, ColumnKindSpecific},
	} {
		got, ok := MatrixColumnOf(c.rule, c.field, c.k)
		if !ok || got != c.want {
			t.Errorf("MatrixColumnOf(%s, %q) = %q, %v; want %q", c.rule, c.field, got, ok, c.want)
		}
	}
	for _, rule := range MatrixExempt {
		if got, ok := MatrixColumnOf(rule, PathReady, &InfraMachinePool); ok {
			t.Errorf("exempt %s mapped to %s", rule, got)
		}
	}
}

func TestMatrixApplicability(t *testing.T) {
	col := func(id string) MatrixColumn {
		c, ok := MatrixColumnByID(id)
		if !ok {
			t.Fatalf("no column %s", id)
		}
		return c
	}
	for _, c := range []struct {
		column string
		k      *Kind
		want   bool
	}{
		{ColumnFailureDomains, &InfraMachinePool, false},
		{ColumnFailureDomains, &InfraCluster, true},
		{ColumnFailureDomains, &InfraMachine, true},
		{ColumnReplicas, &ControlPlane, true},
		{ColumnReplicas, &InfraCluster, false},
		{ColumnProviderID, &InfraMachine, true},
		{ColumnReadiness, &InfraMachineTemplate, false},
		{ColumnKindSpecific, &InfraMachineTemplate, true},
		{ColumnLabel, &InfraMachineTemplate, true},
		{ColumnCRD, &BootstrapConfig, true},
	} {
		if got := col(c.column).AppliesTo(c.k); got != c.want {
			t.Errorf("%s applies to %s = %v, want %v", c.column, c.k.Name, got, c.want)
		}
	}
	// The pool's readiness is judged statically and live; its CRD-not-found
	// rule does not count as judging the label.
	for _, m := range []Modes{Static, Live} {
		if !col(ColumnReadiness).CheckedIn(&InfraMachinePool, m) || !col(ColumnLabel).CheckedIn(&InfraMachinePool, m) {
			t.Errorf("pool readiness or label not checked in %s", m)
		}
	}
	if !MustRule(RuleDualReadiness).Informational() || MustRule(RuleReadyOnly).Informational() {
		t.Errorf("Informational: dual readiness is an inventory, ready-only is not")
	}
}

// Live judges objects of every kind but the templates: core reads only a
// template's metadata, which no rule can find wrong.
func TestObjectsJudged(t *testing.T) {
	var judged, not []string
	for _, k := range Kinds {
		if k.ObjectsJudged(Live) {
			judged = append(judged, k.Name)
		} else {
			not = append(not, k.Name+": "+k.ObjectAudit())
		}
	}
	if want := []string{KindInfraCluster, KindInfraMachine, KindInfraMachinePool, KindControlPlane, KindBootstrapConfig}; !slices.Equal(judged, want) {
		t.Errorf("objects judged of %v, want %v", judged, want)
	}
	want := []string{
		"InfraClusterTemplate: objects not judged: core reads only spec.template.metadata",
		"InfraMachineTemplate: objects not judged: core reads only spec.template.metadata",
		"InfraMachinePoolTemplate: objects not judged: core reads only spec.template.metadata",
		"ControlPlaneTemplate: objects not judged: core reads only spec.template.metadata and spec.template.spec.machineTemplate.metadata",
		"BootstrapConfigTemplate: objects not judged: core reads only spec.template.metadata",
	}
	if !slices.Equal(not, want) {
		t.Errorf("not judged:\n%s\nwant:\n%s", strings.Join(not, "\n"), strings.Join(want, "\n"))
	}
	if Kinds[0].ObjectsJudged(Static) {
		t.Error("check judges no object")
	}
}
