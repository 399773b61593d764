package contract

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// CRDSchema answers what the CRD check asks of a CRD's per-version schemas.
type CRDSchema interface {
	// Lookup returns the OpenAPI type at a dot-separated JSON path in the
	// schema of an API version, and whether the schema holds the path. The
	// type is "" where the schema keeps unknown fields and so does not say.
	Lookup(version, path string) (openAPIType string, ok bool)
	// StatusSubresource reports whether the version has the status subresource.
	StatusSubresource(version string) bool
	// Scale returns the version's scale subresource, and whether it has one.
	Scale(version string) (ScaleSubresource, bool)
}

// KindCRD is a CRD of a classified contract kind, as the CRD check sees it.
type KindCRD struct {
	// ContractKind is the catalogued kind the CRD's kind was classified as.
	ContractKind *Kind
	CRDInfo
	// Schema is nil when the schemas are not known: schema checks are skipped.
	Schema CRDSchema
}

// CRDResolution is what a core release makes of a CRD's labels.
type CRDResolution struct {
	// Contract and APIVersion are what core reads the kind at; empty when
	// the labels do not resolve.
	Contract   Contract
	APIVersion string
	// Served is true when the CRD serves APIVersion.
	Served bool
}

// ResolveAt resolves the CRD's labels as the release does.
func (c CRDInfo) ResolveAt(release Release) CRDResolution {
	cv, api, err := ResolveContractAt(c.Labels, release)
	if err != nil {
		return CRDResolution{}
	}
	v, ok := c.version(api)
	return CRDResolution{Contract: cv, APIVersion: api, Served: ok && v.Served}
}

// EvaluateKindCRD applies the CRD rules of crd's kind to one CRD for a core
// release: name, scope, labels resolved as that release resolves them, API
// versions under two labels, and the schema of the version it reads
// against the points it reads there. Every check reports the rule that
// applies to the kind: an InfraMachinePool's name, scope and labels are
// judged by its own rules (readyOnlyLabelChecks), as core reads its
// status.ready whatever the label, and so is its schema (poolSchema): every
// mode (check, contract validate, live) judges a CRD by this one call.
func EvaluateKindCRD(crd KindCRD, release Release) []Violation {
	return append(evaluateKindCRD(crd, release), poolSchema(crd, release)...)
}

func evaluateKindCRD(crd KindCRD, release Release) []Violation {
	k := crd.ContractKind
	ctx := Context{Release: release, Kind: k}
	var out []Violation
	if core, err := BehaviourFor(string(release)); err == nil {
		out = readyOnlyLabelChecks(crd.CRDInfo, k, release, core)
	}
	add := func(id, field string, format string, args ...any) {
		r := MustRule(id)
		if !r.AppliesTo(k) {
			return
		}
		if sev := r.Severity(ctx); sev != Off {
			out = append(out, Violation{Rule: id, Severity: sev, Field: field, Message: fmt.Sprintf(format, args...)})
		}
	}

	if want := CRDName(crd.Group, crd.Kind); crd.Name != want {
		add(RuleKindCRDName, "metadata.name", "CRD is named %q but Cluster API looks %s up as %q", crd.Name, crd.Kind, want)
	}
	if crd.Scope != "" && crd.Scope != string(apiextensionsv1.NamespaceScoped) {
		add(RuleKindCRDScope, "spec.scope", "CRD scope is %s; contract resources must be Namespaced", crd.Scope)
	}
	conflicts := LabelVersionConflicts(crd.Labels)
	for _, v := range slices.Sorted(maps.Keys(conflicts)) {
		add(RuleLabelVersionConflict, "metadata.labels", "API version %s is listed under %s%s",
			v, strings.Join(conflicts[v], " and "), conflictEffect(k))
	}

	res := crd.ResolveAt(release)
	if res.Contract == "" {
		var keys []string
		for _, cv := range ContractsKnownBy(release) {
			keys = append(keys, LabelKey(string(cv)))
		}
		add(RuleKindLabelMissing, "metadata.labels", "no label Cluster API %s resolves %s by (%s): no reference to it resolves; label the CRD",
			release, crd.Kind, strings.Join(keys, " or "))
		return out
	}
	ctx.Label = res.Contract
	labelField := "metadata.labels[" + LabelKey(string(res.Contract)) + "]"
	if res.Contract == V1Beta1 {
		add(RuleKindLabelV1Beta1Only, labelField, "read by its v1beta1 label (%s=%s), which Cluster API drops in %s: add %s once the objects write the v1beta2 fields%s",
			LabelKey(V1Beta1), crd.Labels[LabelKey(V1Beta1)], strings.TrimSuffix(string(ReleaseV1Beta1Dropped), ".0"), LabelKey(V1Beta2), flipReadiness(crd))
	}
	if len(crd.Versions) > 0 && !res.Served {
		state := "does not define"
		if _, ok := crd.version(res.APIVersion); ok {
			state = "does not serve"
		}
		add(RuleKindLabelVersion, labelField, "Cluster API %s will read %s at version %s (from label %s=%s), but the CRD %s that version",
			release, crd.Kind, res.APIVersion, LabelKey(string(res.Contract)), crd.Labels[LabelKey(string(res.Contract))], state)
		return out
	}
	if crd.Schema == nil {
		return out
	}
	reads, err := Reads(k, release, res.Contract)
	if err != nil {
		return out
	}
	for _, rp := range reads {
		p := rp.Point
		if rp.Read.Mode == ReadFallback {
			continue
		}
		typ, has := crd.Schema.Lookup(res.APIVersion, p.Path)
		switch {
		case p.Aspect == AspectFailureDomains:
			if want := OpenAPIType(p.Type); has && typ != "" && typ != want {
				add(RuleKindSchemaDomains, p.Path, "the schema of %s (the version Cluster API %s reads by label %s) gives %s the OpenAPI type %s; the %s contract wants %s (%s)",
					res.APIVersion, release, LabelKey(string(res.Contract)), p.Path, typ, res.Contract, want, p.Type)
			}
		case has || !p.Required:
		case p.Aspect == AspectReadiness || rp.Read.InPlaceOf != "":
			add(RuleKindSchemaReadiness, p.Path, "CRD is labelled %s=%s, but the schema of %s (the version Cluster API %s reads) has no %s: no %s is ever seen as provisioned",
				LabelKey(string(res.Contract)), crd.Labels[LabelKey(string(res.Contract))], res.APIVersion, release, p.Path, crd.Kind)
		default:
			add(RuleKindSchemaField, p.Path, "the schema of %s (the version Cluster API %s reads by label %s) has no %s, which core reads (%s)",
				res.APIVersion, release, LabelKey(string(res.Contract)), p.Path, rp.Read.Basis)
		}
	}
	if !crd.Schema.StatusSubresource(res.APIVersion) {
		add(RuleKindStatusSubresource, "", "version %s has no status subresource", res.APIVersion)
	}
	if trigger := k.ScaleTrigger(); trigger != "" {
		// A schema that keeps unknown fields does not say whether objects have the trigger.
		if typ, has := crd.Schema.Lookup(res.APIVersion, trigger); has && typ != "" {
			if problems := scaleProblemsInSchema(k, crd.Schema, res.APIVersion); len(problems) > 0 {
				add(RuleControlPlaneScale, FieldScale, "version %s (the version Cluster API %s reads) has %s, so the contract requires the scale subresource %s: %s",
					res.APIVersion, release, trigger, k.Scale.Marker(), strings.Join(problems, "; "))
			}
		}
	}
	return out
}

// conflictEffect says what a version under two labels does to kind k.
func conflictEffect(k *Kind) string {
	if k.MapsVersionToContract() {
		return ": which contract Cluster API maps it back to (GetContractVersionForVersion) is not deterministic"
	}
	return ": Cluster API resolves " + k.Name + " by its newest non-empty label, so this is how one API version serves cores before and after " + string(ReleaseV1Beta2)
}

// flipReadiness says whether the storage version's schema could take a
// v1beta2 label today: it must hold the v1beta2 readiness field.
func flipReadiness(crd KindCRD) string {
	storage := crd.StorageVersion()
	p, ok := crd.ContractKind.Readiness(V1Beta2)
	if crd.Schema == nil || storage == "" || !ok {
		return ""
	}
	if _, has := crd.Schema.Lookup(storage, p.Path); has {
		return fmt.Sprintf(" (the storage version %s has %s)", storage, p.Path)
	}
	return fmt.Sprintf(" (the storage version %s has no %s yet: a flip now leaves every object unprovisioned)", storage, p.Path)
}

// OpenAPIType is the OpenAPI type a CRD schema gives a Go shape.
func OpenAPIType(t GoType) string {
	switch t.Kind {
	case TypeBool:
		return "boolean"
	case TypeString, TypeDuration:
		return "string"
	case TypeInt32:
		return "integer"
	case TypeSlice:
		return "array"
	}
	return "object"
}

// ValueOpenAPIType is the OpenAPI type of a decoded JSON value (an object's
// field read through unstructured), to compare with OpenAPIType.
func ValueOpenAPIType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case bool:
		return "boolean"
	case string:
		return "string"
	}
	return "number"
}

// SchemaOf reads a CRD's per-version schemas for the CRD check.
func SchemaOf(crd *apiextensionsv1.CustomResourceDefinition) CRDSchema { return crdSchema{crd} }

type crdSchema struct {
	crd *apiextensionsv1.CustomResourceDefinition
}

func (s crdSchema) versionOf(name string) *apiextensionsv1.CustomResourceDefinitionVersion {
	for i := range s.crd.Spec.Versions {
		if s.crd.Spec.Versions[i].Name == name {
			return &s.crd.Spec.Versions[i]
		}
	}
	return nil
}

func (s crdSchema) Lookup(version, path string) (string, bool) {
	v := s.versionOf(version)
	if v == nil || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return "", false
	}
	node := v.Schema.OpenAPIV3Schema
	for seg := range strings.SplitSeq(path, ".") {
		if node.XPreserveUnknownFields != nil && *node.XPreserveUnknownFields {
			if _, ok := node.Properties[seg]; !ok {
				return "", true
			}
		}
		next, ok := node.Properties[seg]
		if !ok {
			return "", false
		}
		node = &next
	}
	return node.Type, true
}

func (s crdSchema) Scale(version string) (ScaleSubresource, bool) {
	v := s.versionOf(version)
	if v == nil || v.Subresources == nil || v.Subresources.Scale == nil {
		return ScaleSubresource{}, false
	}
	sc := v.Subresources.Scale
	out := ScaleSubresource{SpecReplicasPath: sc.SpecReplicasPath, StatusReplicasPath: sc.StatusReplicasPath}
	if sc.LabelSelectorPath != nil {
		out.LabelSelectorPath = *sc.LabelSelectorPath
	}
	return out, true
}

func (s crdSchema) StatusSubresource(version string) bool {
	v := s.versionOf(version)
	return v != nil && v.Subresources != nil && v.Subresources.Status != nil
}

// SchemaPaths lists the JSON paths of the version's schema down to depth
// levels (spec.x.y is depth 3), for the classifier. A bounded depth keeps
// large schemas (a control plane's) from costing much.
func SchemaPaths(crd *apiextensionsv1.CustomResourceDefinition, version string, depth int) []string {
	v := crdSchema{crd}.versionOf(version)
	if v == nil || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return nil
	}
	var out []string
	var walk func(prefix string, node *apiextensionsv1.JSONSchemaProps, left int)
	walk = func(prefix string, node *apiextensionsv1.JSONSchemaProps, left int) {
		if left == 0 {
			return
		}
		for _, name := range slices.Sorted(maps.Keys(node.Properties)) {
			child := node.Properties[name]
			p := name
			if prefix != "" {
				p = prefix + "." + name
			}
			out = append(out, p)
			walk(p, &child, left-1)
		}
	}
	walk("", v.Schema.OpenAPIV3Schema, depth)
	return out
}
