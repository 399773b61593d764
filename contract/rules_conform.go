package contract

// Rules of `mpaudit conform` (MPA801–MPA859): core's own reconcilers, run
// against objects of the provider's CRDs, conclude other than the provider
// intends.

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleConformNotProvisioned = "MPA801"
	RuleConformEarly          = "MPA802"
	RuleConformFailureUnseen  = "MPA803"
	RuleConformNotPlaced      = "MPA804"
	RuleConformObjectInvalid  = "MPA805"
	RuleConformNoObject       = "MPA806"
)

// ConformKinds are the kinds conform runs core against: those core's
// Cluster, Machine and MachinePool reconcilers read.
var ConformKinds = []*Kind{&InfraCluster, &InfraMachine, &ControlPlane, &BootstrapConfig, &InfraMachinePool}

// ConformRules judge core's outcomes, not a type: they have no column in
// the static migration matrix.
var ConformRules = []string{RuleConformNotProvisioned, RuleConformEarly, RuleConformFailureUnseen, RuleConformNotPlaced,
	RuleConformObjectInvalid, RuleConformNoObject}

const conformDoc = "https://github.com/mpaudit/mpaudit/blob/main/docs/conform.md"

var conformRules = []*Rule{
	{
		ID: RuleConformNotProvisioned, Name: "conform-not-provisioned", Scope: ScopeObject, Kinds: ConformKinds,
		Modes: Conform,
		Title: "core's reconciler does not see an object the provider reports provisioned as provisioned",
		Rationale: "conform wrote an object of the CRD with the readiness fields its schema has set true (and the providerID or dataSecretName " +
			"core takes over with them), referenced it from a core object and ran the target core's own reconciler: the core object never " +
			"reported it provisioned (initialized, for a control plane). Core resolves the CRD by its contract label and reads the readiness " +
			"field of that contract; a label core does not know, or a schema without that field (the apiserver prunes what the schema lacks), " +
			"leaves every Machine or Cluster of the provider waiting.",
		Fix:      "Label the CRD for the contract whose readiness field the schema has and the controller writes, or add the field (MPA346, MPA347 name which).",
		DocURL:   conformDoc,
		severity: fixed(Error),
	},
	{
		ID: RuleConformEarly, Name: "conform-provisioned-early", Scope: ScopeObject, Kinds: ConformKinds,
		Modes:     Conform,
		Title:     "core's reconciler sees an object the provider has not provisioned as provisioned",
		Rationale: "The object's readiness fields are false, yet the core object reports it provisioned: core reads a field the provider does not mean as readiness, and proceeds before the infrastructure is there.",
		Fix:       "Write every readiness field core can read from one decision; check which field the CRD's label selects.",
		DocURL:    conformDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleConformFailureUnseen, Name: "conform-failure-unseen", Scope: ScopeObject, Kinds: ConformKinds,
		Modes: Conform,
		Title: "core's reconciler does not record a failure the object reports in status.failureReason/failureMessage",
		Rationale: "The CRD's schema has the v1beta1 failure fields at the top of status and the object set them; the core object did not " +
			"copy them (status.deprecated.v1beta1 on a v1beta2 core object). The v1beta2 contract has no terminal failures, so the fields " +
			"only matter while the provider supports cores that read them.",
		Fix:      "Report failures through conditions; keep the v1beta1 fields only where the target core reads them.",
		DocURL:   conformDoc,
		severity: fixed(Warning),
	},
	{
		ID: RuleConformNotPlaced, Name: "conform-not-placed", Scope: ScopeObject, Kinds: []*Kind{&InfraCluster, &InfraMachine},
		Modes:     Conform,
		Title:     "core's reconciler does not carry the object's failure domains over",
		Rationale: "The object reports failure domains in the fields its schema has (status.failureDomains of an InfraCluster, the failure domain of an InfraMachine); the core object does not have them, so core places Machines without them.",
		Fix:       "Write failure domains at the field and in the shape of the contract the CRD's label selects.",
		DocURL:    conformDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleConformObjectInvalid, Name: "conform-object-invalid", Scope: ScopeObject, Kinds: ConformKinds,
		Modes:     Conform,
		Title:     "the apiserver refuses an object given to conform: it does not validate against its CRD",
		Rationale: "An object the provider's controller writes must validate against the CRD's schema; the apiserver refused it, so a controller writing it fails the same way.",
		Fix:       "Make the object match the CRD's schema (or the schema match what the controller writes).",
		DocURL:    conformDoc,
		severity:  fixed(Error),
	},
	{
		ID: RuleConformNoObject, Name: "conform-no-object", Scope: ScopeObject, Kinds: ConformKinds,
		Modes:     Conform,
		Title:     "conform could not generate a valid object of the CRD from its schema",
		Rationale: "conform fills the schema's required fields with the simplest values the schema allows; patterns, formats and validation rules can refuse them. The kind is then not judged.",
		Fix:       "Pass objects the controller writes with --objects.",
		DocURL:    conformDoc,
		severity:  fixed(Info),
	},
}
