package contract

// Rules of the type pass generic over the label-driven kinds (InfraCluster,
// InfraMachine, ControlPlane, BootstrapConfig): IDs MPA120–MPA159 (type) and
// MPA220–MPA259 (use) are this file's.

// Rule IDs of the label-driven kinds' type and use-site rules.
const (
	RuleKindReadyOnly          = "MPA120"
	RuleKindInitializationOnly = "MPA121"
	RuleKindDualReadiness      = "MPA122"
	RuleKindNoReadiness        = "MPA123"
	RuleKindInitializationForm = "MPA124"
	RuleKindFailureFields      = "MPA125"
	RuleKindV1Beta1Shape       = "MPA126"
	RuleKindConditionsV1Beta1  = "MPA127"
	RuleKindShapeForLabel      = "MPA128"
	RuleKindRenamedField       = "MPA129"
	RuleKindReadInPlace        = "MPA130"
	RuleControlPlaneReplicas   = "MPA131"
	RuleControlPlaneVersion    = "MPA132"
	RuleKindV1Beta1WriteAlone  = "MPA220"
	RuleKindV1Beta2WriteAlone  = "MPA221"
	RuleKindRemovedFieldRead   = "MPA222"
)

// byLabel gives a label-driven rule's severity: on cores before v1.11
// (which read only v1beta1 fields), under a v1beta1 or a v1beta2 label, and
// when the label is unknown (no CRD, or the type is not the API version core
// reads, such as a hub behind a label naming a spoke): then the type is
// judged against v1beta2, the label it will be flipped to.
func byLabel(pre, v1, v2, unknown Severity) func(Context) Severity {
	return func(c Context) Severity {
		switch {
		case c.Release != "" && c.Release.Less(ReleaseV1Beta2):
			return pre
		case c.Label == V1Beta1:
			return v1
		case c.Label == V1Beta2:
			return v2
		}
		return unknown
	}
}

var staticKindRules = []*Rule{
	{
		ID: RuleControlPlaneVersion, Name: "controlplane-status-version", Scope: ScopeType, Kinds: []*Kind{&ControlPlane},
		Field: "status.version", Modes: Static,
		Title: "a ControlPlane with spec.version reports no version in status that the target core reads",
		Rationale: "A control plane that manages the Kubernetes version MUST implement spec.version and MUST report versions in status: " +
			"status.versions (v1beta2, read from v1.14) or status.version (the v1beta1 field, and the fallback). Core takes the control " +
			"plane's current version from them to decide that an upgrade is complete and to enforce version skew for ClusterClass clusters, " +
			"and mirrors it into the Cluster's status. A type with neither, or with only status.versions for a core before v1.14, leaves that version unknown.",
		Fix:      "Add `Version string json:\"version,omitempty\"` (and `Versions []clusterv1.StatusVersion`, read from v1.14) to the status type and set it to the minimum version of the control plane's machines.",
		DocURL:   contractsDoc + "control-plane#controlplane-version",
		severity: fixed(Error), // core at the target cannot tell the control plane's version
	},
	{
		ID: RuleControlPlaneReplicas, Name: "controlplane-replicas-status", Scope: ScopeType, Kinds: []*Kind{&ControlPlane},
		Field: "status.selector", Modes: Static,
		Title: "a ControlPlane with spec.replicas lacks a status field the replicas rule requires",
		Rationale: "A control plane that lets users set its number of replicas MUST implement spec.replicas and, in status, " +
			"status.selector (a string) and the replica counters of its contract (v1beta2: replicas, readyReplicas, availableReplicas, " +
			"upToDateReplicas; v1beta1: replicas, readyReplicas, updatedReplicas, unavailableReplicas). The Cluster controller copies the " +
			"counters into the Cluster's status.controlPlane; no core release reads status.selector, but the scale subresource the " +
			"contract requires (kubectl scale, the HorizontalPodAutoscaler) takes the selector from it, and takes status.replicas as the current count. " +
			"A missing counter is an error: besides the Cluster's status, the topology controller takes a control plane without status.replicas " +
			"for one that is scaling and holds rollouts back; a missing or mistyped selector is a warning, as only clients outside core read it.",
		Fix: "Add the missing fields to the status type (`Selector string json:\"selector,omitempty\"`, the counters as *int32 with omitempty), " +
			"set them in the reconcile (the selector is the label selector of the control plane's Machines, in string form), and add " +
			controlPlaneScale.Marker() + " to the root type.",
		DocURL: contractsDoc + "control-plane#controlplane-replicas",
		severity: func(c Context) Severity {
			if c.OutsideCore {
				return Warning
			}
			return Error
		},
		severityRows: []severityContext{
			{"a replica counter (core reads it)", Context{Core: releasedBehaviour}, true},
			{"status.selector (only the scale subresource reads it)", Context{Core: releasedBehaviour, OutsideCore: true}, true},
		},
	},
	{
		ID: RuleKindReadyOnly, Name: "kind-ready-without-initialization", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "the v1beta1 readiness field without its v1beta2 successor",
		Rationale: "From v1.11 core reads the readiness field of the contract the CRD's label names, with no fallback: under a " +
			"v1beta2 label a type without status.initialization.<field> is never provisioned (initialized, its data secret never " +
			"seen as created). Under a v1beta1 label it works until v1beta1 support is dropped (v1.16 planned); a hub behind a " +
			"label that names a working spoke is not ready for the label flip.",
		Fix: "Add `Initialization <Kind>InitializationStatus` (json:\"initialization,omitempty,omitzero\") with the kind's " +
			"*bool field, keep the v1beta1 field while cores < v1.11 are supported, and set both.",
		DocURL:   labelsDoc,
		severity: byLabel(Info, Warning, Error, Warning),
	},
	{
		ID: RuleKindInitializationOnly, Name: "kind-initialization-without-ready", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "the v1beta2 readiness field without the v1beta1 one that the label or core reads",
		Rationale: "Cores before v1.11 and, from v1.11, CRDs labelled only for the v1beta1 contract read the v1beta1 " +
			"readiness field (status.ready, or status.initialized of a ControlPlane) alone: a type that has only " +
			"status.initialization.<field> is never provisioned there.",
		Fix:      "Label the CRD `cluster.x-k8s.io/v1beta2: <version>`, or keep the v1beta1 field and set it too while such cores are supported.",
		DocURL:   labelsDoc,
		severity: byLabel(Error, Error, Off, Off),
	},
	{
		ID: RuleKindDualReadiness, Name: "kind-dual-readiness", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes:     Static,
		Title:     "the v1beta1 and the v1beta2 readiness fields both present",
		Rationale: "The transition shape: needed while the provider supports cores before v1.11, which read only the v1beta1 field.",
		Fix:       "Nothing now. Drop the v1beta1 field once every supported core is v1.11 or later and the CRD is labelled v1beta2.",
		DocURL:    labelsDoc,
		severity:  fixed(Info),
	},
	{
		ID: RuleKindNoReadiness, Name: "kind-no-readiness", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes:     Static,
		Title:     "no readiness field of either contract",
		Rationale: "Core decides provisioning (control plane initialization, bootstrap data) from the readiness field; without either the object never becomes ready on any core.",
		Fix:       "Add the kind's v1beta2 readiness field under status.initialization (and the v1beta1 one while cores < v1.11 are supported).",
		DocURL:    labelsDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleKindInitializationForm, Name: "kind-initialization-shape", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "status.initialization does not have the contract's shape",
		Rationale: "The contract gives a value struct `<Kind>InitializationStatus` (json \"initialization,omitempty,omitzero\", " +
			"+kubebuilder:validation:MinProperties=1) holding a *bool with omitempty. Other shapes serialize differently or are never read.",
		Fix:    "Use the contract's names, tags and types.",
		DocURL: labelsDoc,
		// The Go style alone core decodes all the same; a readiness field
		// missing from the struct is judged as the readiness rules are.
		severity: func(c Context) Severity {
			if c.Style {
				return Info
			}
			return byLabel(Info, Warning, Error, Warning)(c)
		},
	},
	{
		ID: RuleKindFailureFields, Name: "kind-top-level-failure-fields", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "top-level status.failureReason or status.failureMessage",
		Rationale: "The v1beta2 contract has no terminal failures: core only copies these into its own object's " +
			"status.deprecated.v1beta1. Keep old values under status.deprecated.v1beta1 and report failures through conditions.",
		Fix: "Move the fields to `Status.Deprecated.V1Beta1` when the type moves to the v1beta2 contract. The fix moves them " +
			"(adding the groups when missing) with nil-safe accessors on the status type, and rewrites their use sites to the accessors; " +
			"not while a supported core (the go.mod's up to the newest catalogued) reads them by the v1beta1 contract, as cores before v1.11 do, " +
			"taking them as terminal failures, or as any core does while the CRD's label names the version for the v1beta1 contract " +
			"(go fix changes no label, so it keeps them until the CRD is labelled v1beta2; mpaudit rewrite labels it and moves them together, " +
			"and keeps them when it holds the label): then they stay and the finding says why.",
		DocURL:   migrationDoc,
		severity: failureFieldSeverity(LabelDrivenKinds...), // as on a pool: core reads them whatever the label
	},
	{
		ID: RuleKindV1Beta1Shape, Name: "kind-v1beta1-field-shape", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "a contract field keeps the Go shape the v1beta2 contract replaced",
		Rationale: "Core decodes both shapes (a *string providerID or dataSecretName as a string), but the v1beta2 contract " +
			"prescribes the new one (string with MinLength, *int32 replica counters); Cluster API moved its own types.",
		Fix: "Change the field to the v1beta2 shape and rewrite its use sites. The fix turns a *string the v1beta2 contract " +
			"made a string (providerID, dataSecretName, a ControlPlane's status.version) into a string, and an int32 or bool " +
			"it made a pointer (a ControlPlane's status.replicas, status.readyReplicas, status.externalManagedControlPlane) " +
			"into *int32 or *bool, with their use sites: a write stores ptr.To(v) (v evaluated once), a read takes " +
			"ptr.Deref(x, 0) (false for a bool), a copy between two such fields copies the pointer; an address, an " +
			"increment or an op-assignment needs a person. The JSON tag is kept, so the JSON changes: with the value and " +
			"omitempty a written 0 (false) was left out, with the pointer it is sent, and only an unset (nil) field is left " +
			"out; without omitempty an unset pointer is sent as null (which the API server drops). `mpaudit rewrite` also " +
			"completes the spokes' conversions (conversion-gen maps T and *T through apimachinery's helpers; ConvertTo keeps " +
			"an unset hub pointer unset).",
		DocURL:   migrationDoc,
		severity: fixed(Info), // core decodes both shapes: the Go style of the contract's snippet
	},
	{
		ID: RuleKindConditionsV1Beta1, Name: "kind-conditions-v1beta1", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "status.conditions is not []metav1.Condition",
		Rationale: "From v1.11 core mirrors the provider's conditions from status.conditions as metav1.Condition; " +
			"Cluster API's v1beta1 Conditions belong under status.deprecated.v1beta1.conditions. Core tries " +
			"status.v1beta2.conditions first, so a type that still has those (Cluster API v1.9 and v1.10 added them) as " +
			"[]metav1.Condition is reported as info only.",
		Fix:    "Use `Conditions []metav1.Condition` (+listType=map, +listMapKey=type, MaxItems=32); keep the old ones under Status.Deprecated.V1Beta1.Conditions.",
		DocURL: migrationDoc + "#how-to-start-using-metav1conditions",
		// Stage-1 conditions core reads first are advisory.
		severity: func(c Context) Severity {
			if c.Advisory {
				return Info
			}
			return v1beta1StatusSeverity(c)
		},
	},
	{
		ID: RuleKindShapeForLabel, Name: "kind-field-shape-for-label", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "a field core reads under the CRD's label has the other contract's shape",
		Rationale: "Core decodes the field with the shape of the contract the label names (an InfraCluster's failureDomains: a " +
			"map under v1beta1, a list under v1beta2). The other shape is a decoding error that fails the owning core object's reconcile.",
		Fix:      "Give the field the shape of the labelled contract, or change the label (serve a version per contract, with conversion).",
		DocURL:   labelsDoc,
		severity: byLabel(Error, Error, Error, Warning),
	},
	{
		ID: RuleKindRenamedField, Name: "kind-renamed-field-missing", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "a field core reads under the CRD's label exists only under the other contract's name",
		Rationale: "Core reads renamed fields by the label's contract (a ControlPlane's updatedReplicas becomes " +
			"upToDateReplicas, unavailableReplicas becomes availableReplicas, machineTemplate fields move under spec): " +
			"the field under the other name is never read.",
		Fix: "Add the field under the labelled contract's name (and write both while both labels are served). The fix adds " +
			"a renamed field of the same struct beside the old one; the use-site fix writes a copied value (upToDateReplicas) under both names.",
		DocURL:   labelsDoc,
		severity: byLabel(Error, Error, Error, Warning), // core never reads the other name
	},
	{
		ID: RuleKindReadInPlace, Name: "kind-readiness-read-in-place", Scope: ScopeType, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "the target core reads a field in place of the readiness field, and the type lacks it",
		Rationale: "Cluster API v1.11.0–v1.11.4 and v1.12.0–v1.12.1 read a v1beta1 ControlPlane's initialization from " +
			"status.ready instead of status.initialized (fixed by 54a4ea4ff7): on those releases a control plane labelled " +
			"v1beta1 without status.ready is never seen initialized.",
		Fix:      "Keep status.ready and set it with status.initialized, or target a fixed release (v1.11.5, v1.12.2, v1.13.0+).",
		DocURL:   labelsDoc,
		severity: byLabel(Error, Error, Error, Warning),
	},
	{
		ID: RuleKindV1Beta1WriteAlone, Name: "kind-v1beta1-write-alone", Scope: ScopeUse, Kinds: LabelDrivenKinds,
		Modes: Static, FixedBy: SuggestedFix | Rewrite,
		Title: "a function writes a field the v1beta2 contract renamed under its v1beta1 name only",
		Rationale: "The type has both names (status.ready and status.initialization.<field>, a ControlPlane's updatedReplicas " +
			"and upToDateReplicas, ...), but this function sets only the v1beta1 one: under a v1beta2 label core reads the " +
			"other and never sees the object provisioned (or its counters move).",
		Fix: "Set the v1beta2 field in the same place (readiness is one-way: never reset it). The fix does so for readiness, " +
			"beside every write of the v1beta1 field, with the value written evaluated once.",
		DocURL:   labelsDoc,
		severity: byLabel(Info, Warning, Error, Warning),
	},
	{
		ID: RuleKindV1Beta2WriteAlone, Name: "kind-v1beta2-write-alone", Scope: ScopeUse, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "a function writes a field the v1beta2 contract renamed under its v1beta2 name only",
		Rationale: "The type still has the v1beta1 name, which cores before v1.11 and CRDs labelled only v1beta1 read; " +
			"a function that sets only the v1beta2 field leaves the object unprovisioned there.",
		Fix:      "Set the v1beta1 field too while such cores or labels are supported.",
		DocURL:   labelsDoc,
		severity: byLabel(Error, Error, Off, Info),
	},
	{
		ID: RuleKindRemovedFieldRead, Name: "kind-removed-field-read", Scope: ScopeUse, Kinds: LabelDrivenKinds,
		Modes: Static,
		Title: "code reads a field the v1beta2 contract removed or moved, on a type that also has its successor",
		Rationale: "The type has both the v1beta1 field and the field the v1beta2 contract puts in its place (status.failureReason " +
			"and status.deprecated.v1beta1.failureReason, status.ready and status.initialization.<field>, a ControlPlane's " +
			"updatedReplicas and upToDateReplicas, ...). Under a v1beta2 label core reads only the successor; while every write " +
			"of the v1beta1 field sets the successor too (MPA220 reports a write that does not), the read sees what core was " +
			"told, as before: cores before v1.11 latched the v1beta1 readiness as later ones latch status.initialization. So the " +
			"read is information: it has to move before the v1beta1 field is dropped. It is not rewritten, since the successors " +
			"of the readiness fields are one-way (never set back to false): reading one instead would change what the code " +
			"decides when the v1beta1 field goes back. Cores before v1.11 read only the v1beta1 field: there the read is right.",
		Fix:      "Read the v1beta2 field when the v1beta1 one is dropped, checking that its one-way value suits the decision (keep writing both while the v1beta1 label or cores < v1.11 are supported).",
		DocURL:   migrationDoc,
		severity: byLabel(Off, Info, Info, Info),
	},
}
