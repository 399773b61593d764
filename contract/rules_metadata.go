package contract

import "fmt"

// Rules comparing clusterctl's metadata.yaml with the provider's CRD labels
// (MPA350–MPA359, beside the CRD check).

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleMetadataV1Beta2Unlabelled = "MPA350"
	RuleMetadataV1Beta1Labelled   = "MPA351"
)

// MetadataFileName is clusterctl's provider metadata file.
const MetadataFileName = "metadata.yaml"

// MetadataContractField is the field of a release series that declares its contract.
const MetadataContractField = "releaseSeries[].contract"

const clusterctlDoc = contractsDoc + "clusterctl.html"

var metadataRules = []*Rule{
	{
		ID: RuleMetadataV1Beta2Unlabelled, Name: "metadata-v1beta2-crd-unlabelled", Scope: ScopeCRD, Kinds: Kinds,
		Field: MetadataContractField,
		Modes: Static | Validate,
		Title: "metadata.yaml (or the contract given to contract validate) declares the v1beta2 contract for the release, but a CRD has no v1beta2 label",
		Rationale: "clusterctl picks a provider release for a management cluster by the contract its release series declares in metadata.yaml; " +
			"core resolves the kind by the CRD's contract label. A release declared v1beta2 whose CRD lacks the cluster.x-k8s.io/v1beta2 label " +
			"is read by its v1beta1 label while core honours it, and not at all once core drops v1beta1.",
		Fix:      "Label the CRD `cluster.x-k8s.io/v1beta2: <versions>` once its objects write the v1beta2 fields, or declare v1beta1 for the release series until then.",
		DocURL:   clusterctlDoc,
		severity: metadataUnlabelledSeverity,
		severityRows: []severityContext{
			{"core that honours the v1beta1 contract (< v1.16)", Context{Release: ReleaseV1Beta2}, true},
			{"core without the v1beta1 contract (v1.16 planned)", Context{Release: ReleaseV1Beta1Dropped}, false},
		},
	},
	{
		ID: RuleMetadataV1Beta1Labelled, Name: "metadata-v1beta1-crd-labelled", Scope: ScopeCRD, Kinds: Kinds,
		Field: MetadataContractField,
		Modes: Static | Validate,
		Title: "metadata.yaml (or the contract given to contract validate) declares the v1beta1 contract for the release, but a CRD has the v1beta2 label",
		Rationale: "The CRD says the release implements the v1beta2 contract, metadata.yaml says v1beta1: clusterctl plans installs and upgrades " +
			"by the declaration, so the release is offered to management clusters as a v1beta1 provider while core reads it as v1beta2. " +
			"A CRD that keeps its v1beta1 label beside the v1beta2 one is resolved by cores of either contract: declaring v1beta1 then " +
			"keeps the release installable on cores before v1.11, which is right while the provider supports them (the transition " +
			"`mpaudit rewrite` leaves when some kinds still hold their label), and the finding is information. A CRD with the v1beta2 " +
			"label alone is offered to cores that cannot resolve it, and a core without the v1beta1 contract refuses the release.",
		Fix: "Set the contract of the latest release series in metadata.yaml to v1beta2 once every contract CRD has the v1beta2 label " +
			"and cores before v1.11 are no longer supported; a CRD labelled only v1beta2 needs that now, or its v1beta1 label back.",
		DocURL:   clusterctlDoc,
		severity: metadataLabelledSeverity,
		severityRows: []severityContext{
			{"core ≥ v1.11, CRD labelled v1beta1 and v1beta2", Context{Release: ReleaseV1Beta2, BothLabels: true}, true},
			{"core ≥ v1.11, CRD labelled v1beta2 only", Context{Release: ReleaseV1Beta2}, true},
			{"core without the v1beta1 contract (v1.16 planned)", Context{Release: ReleaseV1Beta1Dropped, BothLabels: true}, false},
		},
	},
}

// metadataUnlabelledSeverity: a warning while the target core still
// resolves the kind by its v1beta1 label, an error once it does not.
func metadataUnlabelledSeverity(c Context) Severity {
	if c.Release != "" && !Knows(c.Release, V1Beta1) {
		return Error
	}
	return Warning
}

// metadataLabelledSeverity: information while the CRD keeps its v1beta1
// label for a core that honours it, a warning otherwise.
func metadataLabelledSeverity(c Context) Severity {
	if c.BothLabels && (c.Release == "" || Knows(c.Release, V1Beta1)) {
		return Info
	}
	return Warning
}

// EvaluateMetadata compares the contract the provider declares (by the
// latest release series of metadata.yaml, or on the command line; declaredBy
// says which, for the message) with the labels of a CRD of kind k, for a core release.
func EvaluateMetadata(declaredBy, declared string, crd CRDInfo, k *Kind, release Release) []Violation {
	id, msg := "", ""
	hasV1Beta2 := crd.Labels[LabelKey(V1Beta2)] != ""
	hasV1Beta1 := crd.Labels[LabelKey(V1Beta1)] != ""
	switch {
	case declared == V1Beta2 && !hasV1Beta2:
		id = RuleMetadataV1Beta2Unlabelled
		msg = fmt.Sprintf("%s declares contract %s, but CRD %s has no %s label", declaredBy, declared, crd.Name, LabelKey(V1Beta2))
	case declared == V1Beta1 && hasV1Beta2:
		id = RuleMetadataV1Beta1Labelled
		msg = fmt.Sprintf("%s declares contract %s, but CRD %s is labelled %s=%s", declaredBy, declared, crd.Name, LabelKey(V1Beta2), crd.Labels[LabelKey(V1Beta2)])
	default:
		return nil
	}
	r := MustRule(id)
	if !r.AppliesTo(k) {
		return nil
	}
	sev := r.Severity(Context{Release: release, BothLabels: hasV1Beta1 && hasV1Beta2})
	if sev == Off {
		return nil
	}
	return []Violation{{Rule: id, Severity: sev, Field: MetadataContractField, Message: msg}}
}
