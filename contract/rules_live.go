package contract

import "slices"

// Rules of the CRD check shared by static and live modes for every
// label-driven kind (MPA340–MPA359), and of live's object checks for those
// kinds and the core objects that reference them (MPA420–MPA469).

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleKindCRDName            = "MPA340"
	RuleKindCRDScope           = "MPA341"
	RuleKindLabelMissing       = "MPA342"
	RuleKindLabelV1Beta1Only   = "MPA343"
	RuleKindLabelVersion       = "MPA344"
	RuleLabelVersionConflict   = "MPA345"
	RuleKindSchemaReadiness    = "MPA346"
	RuleKindSchemaField        = "MPA347"
	RuleKindSchemaDomains      = "MPA348"
	RuleKindStatusSubresource  = "MPA349"
	RuleControlPlaneScale      = "MPA352"
	RuleKindObjectUnread       = "MPA420"
	RuleKindObjectDisagree     = "MPA421"
	RuleKindObjectFailure      = "MPA422"
	RuleKindObjectFieldMissing = "MPA423"
	RuleKindObjectDomains      = "MPA424"
	RuleCoreObjectDisagree     = "MPA425"
	RuleCoreObjectRef          = "MPA426"
	RuleCoreObjectDomains      = "MPA427"
	RuleKindObjectRenamed      = "MPA428"
	RuleKindObjectOneName      = "MPA429"
	RuleKindObjectCounters     = "MPA430"
	RuleKindObjectVersions     = "MPA431"
)

// RenamedCounter relates a ControlPlane replica counter's v1beta1 and
// v1beta2 points (same aspect). ComplementOf names the aspect the v1beta2
// value complements the v1beta1 one against: available = spec.replicas −
// unavailableReplicas (cluster_controller_status.go); "" means equal.
type RenamedCounter struct {
	Aspect       Aspect
	ComplementOf Aspect
}

// ControlPlaneCounters are the ControlPlane counters the v1beta2 contract renamed.
var ControlPlaneCounters = []RenamedCounter{
	{Aspect: AspectUpToDateReplicas},
	{Aspect: AspectAvailableReplicas, ComplementOf: AspectSpecReplicas},
}

// labelDrivenWithTemplates adds the templates, whose CRDs core resolves the same way.
var labelDrivenWithTemplates = []*Kind{
	&InfraCluster, &InfraMachine, &ControlPlane, &BootstrapConfig,
	&InfraClusterTemplate, &InfraMachineTemplate, &ControlPlaneTemplate, &BootstrapConfigTemplate,
}

// resolvedByLabel are the kinds whose CRD core looks up by
// CalculateCRDName and resolves by its contract label: the label-driven
// kinds and every template, InfraMachinePoolTemplate included (a
// ClusterClass's machine pool class references one; its reconcile resolves
// the reference with contract.UpdateReferenceAPIContract).
var resolvedByLabel = append(slices.Clone(labelDrivenWithTemplates), &InfraMachinePoolTemplate)

// FieldScale is the field of a scale subresource finding.
const FieldScale = "subresources.scale"

const overviewDoc = "https://cluster-api.sigs.k8s.io/developer/providers/contracts/overview.html"

// labelSeverity is for findings that matter once the core honours the
// v1beta2 label and become errors when it no longer honours v1beta1.
func labelSeverity(c Context) Severity {
	switch {
	case c.Label == V1Beta2:
		return Off // the label is no longer v1beta1 only
	case c.Release == "":
		return Warning
	case !Knows(c.Release, V1Beta1):
		return Error
	case !Knows(c.Release, V1Beta2):
		return Off
	}
	return Warning
}

// labelConflictSeverity: a warning for a kind core maps API versions of back
// to a contract (Kind.VersionToContract) on a core that does, info otherwise.
func labelConflictSeverity(c Context) Severity {
	if c.Kind == nil || !c.Kind.MapsVersionToContract() || (c.Release != "" && !Knows(c.Release, V1Beta2)) {
		return Info
	}
	return Warning
}

var liveKindRules = []*Rule{
	{
		ID: RuleKindCRDName, Name: "kind-crd-name", Scope: ScopeCRD, Kinds: resolvedByLabel,
		Modes:     Static | Live | Validate,
		Title:     "CRD name is not contract.CalculateCRDName(group, kind)",
		Rationale: "Cluster API fetches a referenced kind's CRD by the name CalculateCRDName(group, kind) to read its contract label; any other name is NotFound and the reference never resolves.",
		Fix:       "Name the CRD <lowercase plural kind>.<group>.",
		DocURL:    overviewDoc + "#api-version-labels",
		severity:  fixed(Error),
	},
	{
		ID: RuleKindCRDScope, Name: "kind-crd-scope", Scope: ScopeCRD, Kinds: resolvedByLabel,
		Modes:     Static | Live | Validate,
		Title:     "CRD is not namespace-scoped",
		Rationale: "All contract resources MUST be namespace-scoped: core references them by name in the namespace of the Cluster.",
		Fix:       "Set spec.scope: Namespaced (+kubebuilder:resource:scope=Namespaced).",
		DocURL:    overviewDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleKindLabelMissing, Name: "kind-contract-label-missing", Scope: ScopeCRD, Kinds: resolvedByLabel,
		Modes: Static | Live | Validate,
		Title: "CRD has no contract label the target core honours",
		Rationale: "Core resolves the API version of a referenced object from the CRD's cluster.x-k8s.io/<contract> label; cores before v1.11 " +
			"know only cluster.x-k8s.io/v1beta1. Without a label it honours, no reference to the kind resolves.",
		Fix:      "Label the CRD `cluster.x-k8s.io/<contract>: <versions>` for every contract the provider supports (config/crd/kustomization.yaml).",
		DocURL:   labelsDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleKindLabelV1Beta1Only, Name: "kind-contract-label-v1beta1", Scope: ScopeCRD, Kinds: labelDrivenWithTemplates,
		Modes: Static | Live | Validate,
		Title: "a v1.11+ core reads the kind by its v1beta1 contract label",
		Rationale: "The label selects the whole field set core reads; v1beta1 is honoured for compatibility until it is dropped (v1.16 planned). " +
			"Flip the label only once the version it names writes the v1beta2 fields.",
		Fix:      "Write the v1beta2 fields (status.initialization.*) alongside the v1beta1 ones, then add `cluster.x-k8s.io/v1beta2: <versions>`.",
		DocURL:   migrationDoc,
		severity: labelSeverity,
	},
	{
		ID: RuleKindLabelVersion, Name: "kind-contract-label-version", Scope: ScopeCRD, Kinds: resolvedByLabel,
		Modes:     Static | Live | Validate,
		Title:     "the contract label selects an API version the CRD does not serve",
		Rationale: "Core GETs referenced objects at the highest version named in the chosen contract label; if the CRD does not serve it, the reference cannot be resolved.",
		Fix:       "Make the label value list only served versions, joined with '_'.",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleLabelVersionConflict, Name: "contract-label-version-conflict", Scope: ScopeCRD,
		Kinds: append(append([]*Kind(nil), labelDrivenWithTemplates...), &InfraMachinePool, &InfraMachinePoolTemplate),
		Modes: Static | Live | Validate,
		Title: "the same API version is listed under two contract labels",
		Rationale: "Core maps an API version back to its contract by ranging over the CRD's labels (GetContractVersionForVersion), " +
			"a map: for a version under two labels the contract it picks is not deterministic. From v1.11 it does so only for " +
			"ControlPlane objects, in the topology controller (current_state.go, reconcile_state.go, desiredstate/desired_state.go, " +
			"patches/engine.go) and clusterctl's tree discovery, to choose where spec.machineTemplate's infrastructureRef is: a " +
			"ControlPlane whose one API version serves both contracts gets its machine template read and written at either path. " +
			"Every other kind, ControlPlaneTemplate included, is resolved by its newest non-empty label (GetContractVersion), which " +
			"is deterministic: there a version under both labels is the way one API version serves cores before and after v1.11.",
		Fix: "List each API version of a ControlPlane CRD under one contract label only: serve a new API version for the v1beta2 " +
			"contract, as Cluster API v1.11.0 did. Other kinds need no change.",
		DocURL:   labelsDoc,
		severity: labelConflictSeverity,
	},
	{
		ID: RuleKindSchemaReadiness, Name: "kind-crd-schema-readiness", Scope: ScopeCRD, Kinds: LabelDrivenKinds,
		Modes: Static | Live | Validate,
		Title: "the schema of the version core reads lacks the readiness field the contract label selects",
		Rationale: "Core reads readiness (status.initialization.* under a v1beta2 label, status.ready or status.initialized under v1beta1) " +
			"at the API version the label resolves to, with no fallback from v1.11. A structural schema prunes a field it does not declare, " +
			"so no object of the kind is ever seen as provisioned.",
		Fix:      "Add the field the label selects to the Go type of that API version and regenerate the CRD, or label the CRD for the contract its schema follows.",
		DocURL:   migrationDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleKindSchemaField, Name: "kind-crd-schema-field", Scope: ScopeCRD, Kinds: LabelDrivenKinds,
		Modes:     Static | Live | Validate,
		Title:     "the schema of the version core reads lacks a field the contract requires",
		Rationale: "Core reads the field (spec.providerID, status.dataSecretName, ...) at the API version the label resolves to; a structural schema prunes it, so core never sees it.",
		Fix:       "Add the field to the Go type of that API version and regenerate the CRD.",
		DocURL:    overviewDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleKindSchemaDomains, Name: "kind-crd-schema-failure-domains", Scope: ScopeCRD, Kinds: []*Kind{&InfraCluster},
		Modes: Static | Live | Validate,
		Title: "status.failureDomains has the other contract's shape in the schema of the version core reads",
		Rationale: "The v1beta1 contract makes status.failureDomains a map keyed by name, the v1beta2 contract a list of named entries; " +
			"core decodes the shape of the contract the label selects, and the other one fails the Cluster reconcile.",
		Fix:      "Give status.failureDomains the shape of the labelled contract in that API version.",
		DocURL:   contractsDoc + "infra-cluster",
		severity: fixed(Error),
	},
	{
		ID: RuleKindStatusSubresource, Name: "kind-crd-status-subresource", Scope: ScopeCRD, Kinds: LabelDrivenKinds,
		Modes:     Static | Live | Validate,
		Title:     "the CRD version core reads has no status subresource",
		Rationale: "Providers write status through the status subresource (+kubebuilder:subresource:status); without it status writes go through the main resource and spec validation.",
		Fix:       "Add +kubebuilder:subresource:status to the root type and regenerate the CRD.",
		DocURL:    overviewDoc,
		severity:  fixed(Warning),
	},
	{
		ID: RuleControlPlaneScale, Name: "controlplane-crd-scale-subresource", Scope: ScopeCRD, Kinds: []*Kind{&ControlPlane},
		Field: FieldScale, Modes: Static | Live | Validate,
		Title: "a ControlPlane CRD whose schema has spec.replicas lacks the scale subresource the contract requires",
		Rationale: "The ControlPlane replicas rule: a control plane with spec.replicas MUST support the scale subresource with " +
			"specReplicasPath .spec.replicas, statusReplicasPath .status.replicas and labelSelectorPath .status.selector (a string in " +
			"status). Core sets spec.replicas directly and reads none of it, so provisioning works without it; `kubectl scale`, the " +
			"HorizontalPodAutoscaler and other clients of the /scale endpoint fail (no scale subresource) or see no selector.",
		Fix:      "Add " + controlPlaneScale.Marker() + " to the root type (with status.selector and status.replicas in the status) and regenerate the CRD.",
		DocURL:   contractsDoc + "control-plane#controlplane-replicas",
		severity: fixed(Warning),
	},
	{
		ID: RuleKindObjectUnread, Name: "kind-object-never-provisioned", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes: Live,
		Title: "the object sets only the readiness field the target core does not read",
		Rationale: "From v1.11 the CRD's contract label picks the readiness field with no fallback: an object labelled v1beta2 that writes only " +
			"status.ready (or labelled v1beta1 and writes only status.initialization.*) is never seen as provisioned or initialized.",
		Fix:      "Make the provider write both fields while it supports cores before v1.11, or label the CRD for the contract the objects follow.",
		DocURL:   migrationDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleKindObjectDisagree, Name: "kind-object-readiness-disagree", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes:     Live,
		Title:     "the object's v1beta1 and v1beta2 readiness fields disagree",
		Rationale: "Cores that read different fields (by release and label) reach different conclusions about the same object.",
		Fix:       "Set both fields from one decision (initialization is one-way: once true it stays true).",
		DocURL:    migrationDoc,
		severity:  fixed(Warning),
	},
	{
		ID: RuleKindObjectFailure, Name: "kind-object-failure-set", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes: Live,
		Title: "the object sets top-level status.failureReason or status.failureMessage",
		Rationale: "Core copies these into its own object's status.deprecated.v1beta1 only; the v1beta2 contract has no terminal failures. " +
			"Under a v1beta2 label they should live under status.deprecated.v1beta1.",
		Fix:      "Report failures through conditions; keep old values under status.deprecated.v1beta1.",
		DocURL:   migrationDoc,
		severity: failureFieldSeverity(LabelDrivenKinds...), // as on a pool and in the Go types
	},
	{
		ID: RuleKindObjectFieldMissing, Name: "kind-object-ready-without-field", Scope: ScopeObject, Kinds: []*Kind{&InfraMachine, &BootstrapConfig},
		Modes:     Live,
		Title:     "the object is ready but lacks the field core needs with readiness (spec.providerID, status.dataSecretName)",
		Rationale: "Core takes the Machine's providerID and bootstrap data secret from the object once it is ready; without them the Machine never progresses (v1.11.0 errors, later releases requeue).",
		Fix:       "Set the field before (or when) the readiness field becomes true.",
		DocURL:    overviewDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleKindObjectDomains, Name: "kind-object-failure-domains-shape", Scope: ScopeObject, Kinds: []*Kind{&InfraCluster},
		Modes:     Live,
		Title:     "the object's status.failureDomains has the other contract's shape",
		Rationale: "Core decodes status.failureDomains with the shape of the contract the CRD label selects (a map for v1beta1, a list for v1beta2); the other shape fails the Cluster reconcile.",
		Fix:       "Write failure domains in the shape of the labelled contract.",
		DocURL:    contractsDoc + "infra-cluster",
		severity:  fixed(Error),
	},
	{
		ID: RuleCoreObjectDisagree, Name: "core-object-readiness-disagree", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes: Live,
		Title: "a Cluster or Machine reports another readiness than its provider object gives the target core",
		Rationale: "What the core object reports (infrastructureProvisioned, controlPlaneInitialized, bootstrapDataSecretCreated) differs from what the " +
			"target core computes from the referenced object under its CRD's label: the controller has not caught up, or reads another field than the provider writes.",
		Fix:      "Check the core version, the CRD label and the object's readiness fields.",
		DocURL:   migrationDoc,
		severity: fixed(Warning),
	},
	{
		ID: RuleCoreObjectRef, Name: "core-object-ref-unresolved", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes:     Live,
		Title:     "a Cluster's or Machine's reference does not resolve the way Cluster API resolves it",
		Rationale: "Core finds the CRD by CalculateCRDName, picks the API version from its contract label and GETs the object; any step failing stalls the core object.",
		Fix:       "Fix the CRD name or label, or the reference.",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleCoreObjectDomains, Name: "core-object-failure-domains-disagree", Scope: ScopeObject, Kinds: []*Kind{&InfraCluster},
		Modes: Live,
		Title: "a Cluster's failure domains differ from its infrastructure cluster's",
		Rationale: "Core copies the infrastructure cluster's failure domains into the Cluster; a difference means core has not caught up, or read them elsewhere. " +
			"Failure domains of the other contract's shape fail the Cluster reconcile, so core copies none: MPA424 reports those, not this rule.",
		Fix:      "Check that core's Cluster controller runs and reconciles the Cluster, and the shape of status.failureDomains against the CRD's contract label.",
		DocURL:   contractsDoc + "infra-cluster",
		severity: fixed(Warning),
	},
	{
		ID: RuleKindObjectRenamed, Name: "kind-object-renamed-field-unread", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes: Live,
		Title: "the object writes a renamed field only under the name the CRD's label does not select",
		Rationale: "From v1.11 core reads renamed fields by the label's contract (a ControlPlane's updatedReplicas became upToDateReplicas, " +
			"unavailableReplicas became availableReplicas, machineTemplate fields moved under spec): the value under the other name is a " +
			"removed field to that core, and what it computes from the field (the Cluster's control plane counters, machine template " +
			"settings) stays unset.",
		Fix:      "Write the field under the labelled contract's name too (both names while both labels are served).",
		DocURL:   labelsDoc,
		severity: fixed(Error), // core at the target never reads the other name
	},
	{
		ID: RuleKindObjectOneName, Name: "kind-object-renamed-field-one-name", Scope: ScopeObject, Kinds: LabelDrivenKinds,
		Modes: Live,
		Title: "the CRD is labelled for both contracts, but the object writes a renamed field under one name only",
		Rationale: "A CRD labelled for both contracts serves cores that read either name (cores before v1.11 read the v1beta1 label); " +
			"while it is dual, the objects must write readiness, replica counters and machine template fields under both names.",
		Fix:      "Write both names from one decision, or drop the contract label the objects no longer follow.",
		DocURL:   migrationDoc,
		severity: fixed(Info),
	},
	{
		ID: RuleKindObjectCounters, Name: "controlplane-object-counters-disagree", Scope: ScopeObject, Kind: &ControlPlane, Field: "status.upToDateReplicas",
		Modes: Live,
		Title: "a ControlPlane's v1beta1 and v1beta2 replica counters disagree",
		Rationale: "updatedReplicas must equal upToDateReplicas, and availableReplicas must equal spec.replicas − unavailableReplicas " +
			"(how a core reading the v1beta1 label computes it): otherwise cores reading different labels report different counters on the Cluster.",
		Fix:      "Compute both names from the same count in the same reconcile.",
		DocURL:   contractsDoc + "control-plane",
		severity: fixed(Warning),
	},
	{
		ID: RuleKindObjectVersions, Name: "controlplane-object-status-versions", Scope: ScopeObject, Kind: &ControlPlane, Field: "status.versions",
		Modes: Live,
		Title: "a ControlPlane's status.versions is not what the target core can use",
		Rationale: "From v1.14 core takes the control plane's current (minimum) version from status.versions[0], falling back to status.version; " +
			"entries MUST be ordered from older to newer and be valid semantic versions (upgrade checks parse them). Cores before v1.14 read " +
			"only status.version, and a status.version that differs from status.versions[0] makes cores disagree on the version.",
		Fix:      "Keep status.versions sorted from older to newer, and set status.version to its first entry while cores before v1.14 are supported.",
		DocURL:   contractsDoc + "control-plane",
		severity: fixed(Warning),
	},
}

// ResolveLabel is the API version a core reading the CRD by contract cv's
// label alone reads; false when that label is missing or empty.
func (c CRDInfo) ResolveLabel(cv Contract) (string, bool) {
	_, api, err := resolveLabels(c.Labels, []string{string(cv)})
	return api, err == nil
}
