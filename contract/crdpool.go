package contract

import "fmt"

// EvaluatePoolSchema applies the pool schema rules (MPA307–MPA309) to an
// InfraMachinePool CRD: the schema of the version the core reads by the
// CRD's labels must hold the readiness field that core reads, and the
// version must have the status subresource. Nothing is judged when the
// labels do not resolve, the version is not served or the schema is unknown
// (the label rules report those).
func EvaluatePoolSchema(crd KindCRD, core CoreBehaviour) []Violation {
	if crd.Schema == nil {
		return nil
	}
	cv, version, err := ResolveContract(crd.Labels, core)
	if err != nil {
		return nil
	}
	if v, ok := crd.version(version); !ok || !v.Served {
		return nil
	}
	ctx := Context{Core: core}
	var out []Violation
	add := func(id, field, format string, args ...any) {
		if sev := MustRule(id).Severity(ctx); sev != Off {
			out = append(out, Violation{Rule: id, Severity: sev, Field: field, Message: fmt.Sprintf(format, args...)})
		}
	}
	if _, has := crd.Schema.Lookup(version, PathProvisioned); cv == V1Beta2 && !has {
		add(RuleSchemaProvisioned, PathProvisioned, "CRD is labelled for the v1beta2 contract, but the schema of %s (the version Cluster API reads) has no %s",
			version, PathProvisioned)
	}
	if _, has := crd.Schema.Lookup(version, PathReady); !has {
		add(RuleSchemaReady, PathReady, "the schema of %s has no %s, the only field the target core reads: no %s will ever be seen as provisioned",
			version, PathReady, crd.Kind)
	}
	if !crd.Schema.StatusSubresource(version) {
		add(RuleStatusSubresource, "", "version %s has no status subresource", version)
	}
	return out
}
