package contract

// Topic is one rule of a kind's contract page, as Cluster API's pages
// (docs/book/src/developer/providers/contracts/*.md) name and group them:
// "InfraMachine: initialization completed" covers status.ready,
// status.initialization and status.initialization.provisioned.
type Topic struct {
	// Title is the rule's name after "<Kind>: " on the page.
	Title   string
	Aspects []Aspect
}

// Topics are the contract pages' field rules in page order. Every aspect of
// a catalogued point belongs to exactly one topic (a test checks it).
var Topics = []Topic{
	{"template", []Aspect{AspectTemplateMetadata, AspectTemplateSpec}},
	{"control plane endpoint", []Aspect{AspectControlPlaneEndpoint}},
	{"provider ID", []Aspect{AspectProviderID}},
	{"providerIDList", []Aspect{AspectProviderIDList}},
	{"failure domains", []Aspect{AspectFailureDomains}},
	{"failure domain", []Aspect{AspectMachineFailureDomain}},
	{"addresses", []Aspect{AspectAddresses}},
	{"data secret", []Aspect{AspectDataSecretName}},
	{"replicas", []Aspect{AspectSpecReplicas, AspectReplicas, AspectReadyReplicas, AspectUpToDateReplicas, AspectAvailableReplicas, AspectSelector}},
	{"version", []Aspect{AspectVersion, AspectStatusVersion, AspectStatusVersions}},
	{"machines", []Aspect{AspectMachineTemplateMeta, AspectMachineTemplateInfra, AspectReadinessGates,
		AspectNodeDrainTimeout, AspectNodeVolumeTimeout, AspectNodeDeletionTimeout, AspectTaints}},
	{"MachinePoolMachines support", []Aspect{AspectMachineKind}},
	{"initialization completed", []Aspect{AspectInitialization, AspectReadiness, AspectControlPlaneReady}},
	{"externally managed control plane", []Aspect{AspectExternalManaged}},
	{"conditions", []Aspect{AspectConditions, AspectV1Beta1Conditions}},
	{"terminal failures", []Aspect{AspectFailureReason, AspectFailureMessage}},
}

// CRDScope is the scope the contract requires of every provider CRD
// ("All resources MUST be namespace-scoped").
const CRDScope = "Namespaced"
