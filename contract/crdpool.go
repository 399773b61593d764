package contract

import "fmt"

// poolSchema applies the pool schema rules (MPA307–MPA309) to an
// InfraMachinePool CRD, as part of EvaluateKindCRD: the schema of the version the core reads by the
// CRD's labels must hold the kind's v1beta1 readiness field, which released
// cores read whatever the label, and, under the v1beta2 label, its v1beta2
// one too (the dual shape); the version must have the status subresource.
// Nothing is judged when the labels do not resolve, the version is not
// served or the schema is unknown (the label rules report those), nor for a
// kind the rules do not apply to. Each violation names the version it
// judged.
func poolSchema(crd KindCRD, release Release) []Violation {
	ready, provisioned, ok := crd.ContractKind.ReadinessPair()
	if crd.Schema == nil || !ok {
		return nil
	}
	core, err := BehaviourFor(string(release))
	if err != nil {
		return nil
	}
	// Resolved as the release does: a core before v1.11 reads only the v1beta1 label.
	cv, version, err := ResolveContractAt(crd.Labels, release)
	if err != nil {
		return nil
	}
	if v, ok := crd.version(version); !ok || !v.Served {
		return nil
	}
	ctx := Context{Core: core}
	var out []Violation
	add := func(id, field, format string, args ...any) {
		if r := MustRule(id); !r.AppliesTo(crd.ContractKind) {
			return
		} else if sev := r.Severity(ctx); sev != Off {
			out = append(out, Violation{Rule: id, Severity: sev, Field: field, Message: fmt.Sprintf(format, args...), Version: version})
		}
	}
	if _, has := crd.Schema.Lookup(version, provisioned.Path); cv == V1Beta2 && !has {
		add(RuleSchemaProvisioned, provisioned.Path, "CRD is labelled for the v1beta2 contract, but the schema of %s (the version Cluster API reads) has no %s",
			version, provisioned.Path)
	}
	if _, has := crd.Schema.Lookup(version, ready.Path); !has {
		add(RuleSchemaReady, ready.Path, "the schema of %s has no %s, the only field the target core reads: no %s will ever be seen as provisioned",
			version, ready.Path, crd.Kind)
	}
	if !crd.Schema.StatusSubresource(version) {
		add(RuleStatusSubresource, "", "version %s has no status subresource", version)
	}
	return out
}
