package contract

import (
	"slices"
	"strings"
)

// Every MUST (and MUST NOT) of Cluster API's contract pages
// (docs/book/src/developer/providers/contracts/*.md @ v1.14.0: the five kind
// pages and clusterctl.md), with the rules that check it, or why none can.
// docs/contract/MUSTS.md is rendered from Musts (internal/contractdoc); a
// test checks that every rule named exists and judges the page's kind.

// MustCheck says how far mpaudit checks a MUST.
type MustCheck string

const (
	// MustChecked: the rules check it.
	MustChecked MustCheck = "checked"
	// MustPartly: the rules check part of it; Why says what is left.
	MustPartly MustCheck = "partly"
	// MustNotYet: statically checkable, but no rule checks it yet.
	MustNotYet MustCheck = "not yet"
	// MustUncheckable: behaviour at runtime, design or process, which no
	// look at types, CRDs or objects can judge; Why says.
	MustUncheckable MustCheck = "not checkable"
)

// MustPageClusterctl is the page of clusterctl's provider contract.
const MustPageClusterctl = "clusterctl"

// Must is one MUST of a contract page.
type Must struct {
	// Page is the kind of the page (InfraCluster, ...) or MustPageClusterctl.
	Page string
	// Section is the heading the MUST is under, as the page writes it.
	Section string
	// Kind is the kind the MUST is about when it is not the page's (a
	// template's name on its base kind's page); "" for the page's.
	Kind string
	// Text is the requirement, in the page's words where they are short.
	Text  string
	Check MustCheck
	// Rules are the IDs of the rules that check it, in the order to read them.
	Rules []string
	// Why says what the rules leave out, or why none can check it.
	Why string
}

// MustKind is the catalogued kind the MUST is about; false for clusterctl's page.
func (m Must) MustKind() (*Kind, bool) {
	name := m.Kind
	if name == "" {
		name = m.Page
	}
	return KindByName(name)
}

// MustPages are the pages of Musts in order, with their URLs.
var MustPages = []struct{ Name, URL string }{
	{KindInfraCluster, contractsDoc + "infra-cluster"},
	{KindInfraMachine, contractsDoc + "infra-machine"},
	{KindBootstrapConfig, contractsDoc + "bootstrap-config"},
	{KindControlPlane, contractsDoc + "control-plane"},
	{KindInfraMachinePool, contractsDoc + "infra-machinepool"},
	{MustPageClusterctl, clusterctlDoc},
}

// Why-texts shared by the pages.
const (
	whyDesign    = "A rule about how the provider is designed and maintained, not a property of its types, CRDs or objects."
	whyRBAC      = "A property of the provider's RBAC manifests (a ClusterRole aggregated to Cluster API's manager), which mpaudit does not read."
	whyDefine    = "Which kinds a provider must define depends on what it provides; mpaudit judges the kinds a module defines (and lists them in its matrix)."
	whyList      = "Judged where the API package registers the kind in a scheme (the registration is then beside it); a package that registers nothing is registered elsewhere, where only a list whose Items are not the kind is reported."
	whyTemplName = "A type whose name does not end in `Template` is not recognised as a template at all (the classifier finds templates by the suffix, as core's ClusterClass check demands it); one that does must drop to a kind of its API version."
	whySSA       = "Behaviour of the template's validating webhook (skip immutability checks on the topology controller's dry-run requests), which only a run against the webhook can show."
	whyConds     = "A judgement the provider has to make; MPA110/MPA127 report the deprecated condition type itself."
	whyEndpoint  = "Only when the provider, not the user or another provider, supplies the endpoint: nothing in the types says which. The field's shape is catalogued (docs/contract) but not required."
)

// allResources are the MUSTs every kind page repeats for the kind and its
// template.
func allResources(page, template string, scope, name, labels, versions []string) []Must {
	return []Must{
		{Page: page, Section: "Never rely on Cluster API behaviours not defined as a contract rule",
			Text:  "You MUST consider any Cluster API behaviour not defined by a contract rule an internal implementation detail, MUST NOT rely on it, and MUST engage the community when you need more from the contract.",
			Check: MustUncheckable, Why: whyDesign},
		{Page: page, Section: "All resources: scope", Text: "All resources MUST be namespace-scoped.", Check: MustChecked, Rules: scope},
		{Page: page, Section: "All resources: `TypeMeta` and `ObjectMeta` field", Text: "All resources MUST have the standard Kubernetes `TypeMeta` and `ObjectMeta` fields.",
			Check: MustChecked, Rules: resourceMeta},
		{Page: page, Section: "All resources: API group", Text: "A provider outside the `cluster.x-k8s.io` domain MUST grant Cluster API's core controllers full read/write RBAC on its resources.",
			Check: MustUncheckable, Why: whyRBAC},
		{Page: page, Section: "All resources: version", Text: "Providers MUST set the `cluster.x-k8s.io/<version>` label on the CRDs.", Check: MustChecked, Rules: labels},
		{Page: page, Section: "All resources: version", Text: "Each value of the label MUST point to an available version in the CRD's spec; the label's contract must be consistent with metadata.yaml.",
			Check: MustChecked, Rules: slices.Concat(versions, []string{RuleMetadataV1Beta2Unlabelled, RuleMetadataV1Beta1Labelled})},
		{Page: page, Section: page + ", " + page + "List resource definition", Text: "You MUST define a " + page + " resource.", Check: MustUncheckable, Why: whyDefine},
		{Page: page, Section: page + ", " + page + "List resource definition",
			Text:  "The CRD name must be `contract.CalculateCRDName(Group, Kind)`.",
			Check: MustChecked, Rules: name},
		{Page: page, Section: page + ", " + page + "List resource definition",
			Text: "You MUST add the list resource, named `<" + page + ">List`.", Check: MustPartly, Rules: resourceList, Why: whyList},
		{Page: page, Section: template + ", " + template + "List resource definition", Kind: template,
			Text: "The template resource MUST be named `<" + page + ">Template`.", Check: MustPartly, Rules: resourceTemplName, Why: whyTemplName},
		{Page: page, Section: template + ", " + template + "List resource definition", Kind: template,
			Text: "You MUST add the template's list resource, named `<" + template + ">List`.", Check: MustPartly, Rules: resourceList, Why: whyList},
	}
}

var (
	kindScope    = []string{RuleKindCRDScope}
	kindName     = []string{RuleKindCRDName}
	kindLabels   = []string{RuleKindLabelMissing, RuleKindLabelV1Beta1Only}
	kindVersions = []string{RuleKindLabelVersion, RuleLabelVersionConflict}
	// kindInitialization are the rules on the readiness fields of the label-driven kinds.
	kindInitialization = []string{RuleKindReadyOnly, RuleKindInitializationOnly, RuleKindNoReadiness, RuleKindInitializationForm,
		RuleKindV1Beta1WriteAlone, RuleKindV1Beta2WriteAlone, RuleKindSchemaReadiness, RuleKindObjectUnread, RuleKindObjectDisagree, RuleCoreObjectDisagree}
	// The rules on every kind's root types.
	resourceMeta      = []string{RuleKindObjectMeta}
	resourceList      = []string{RuleKindListType}
	resourceTemplName = []string{RuleKindTemplateName}
	kindConditions    = Must{Section: "conditions", Text: "A provider that keeps Cluster API's deprecated condition types MUST take into account the implications described in the v1.11 migration notes.",
		Check: MustUncheckable, Why: whyConds}
)

// onPage sets the page of a MUST shared by several pages, and prefixes its
// section with the kind ("conditions" → "InfraCluster: conditions").
func onPage(page string, m Must) Must {
	m.Page = page
	if !strings.Contains(m.Section, ":") {
		m.Section = page + ": " + m.Section
	}
	return m
}

// Musts are the MUSTs of every page, in page order.
var Musts = slices.Concat(
	allResources(KindInfraCluster, KindInfraClusterTemplate, kindScope, kindName, kindLabels, kindVersions),
	[]Must{
		{Page: KindInfraCluster, Section: "InfraCluster: control plane endpoint",
			Text:  "A provider that supplies the control plane endpoint MUST surface its host and port on `spec.controlPlaneEndpoint`.",
			Check: MustUncheckable, Why: whyEndpoint},
		{Page: KindInfraCluster, Section: "InfraCluster: failure domains",
			Text:  "A provider with failure domains MUST surface them on `status.failureDomains` (a list of named entries under v1beta2, a map under v1beta1).",
			Check: MustPartly, Rules: []string{RuleKindShapeForLabel, RuleKindSchemaDomains, RuleKindObjectDomains, RuleCoreObjectDomains},
			Why: "The shape core decodes under the CRD's label is checked; whether a provider has failure domains at all is its design."},
		{Page: KindInfraCluster, Section: "InfraCluster: initialization completed",
			Text:  "Each InfraCluster MUST report when its infrastructure is fully provisioned by setting `status.initialization.provisioned`.",
			Check: MustChecked, Rules: kindInitialization},
		onPage(KindInfraCluster, kindConditions),
	},

	allResources(KindInfraMachine, KindInfraMachineTemplate, kindScope, kindName, kindLabels, kindVersions),
	[]Must{
		{Page: KindInfraMachine, Section: "InfraMachine: provider ID", Text: "The Node's provider ID MUST surface on `spec.providerID`.",
			Check: MustChecked, Rules: []string{RuleKindSchemaField, RuleKindV1Beta1Shape, RuleKindObjectFieldMissing}},
		{Page: KindInfraMachine, Section: "InfraMachine: failure domain",
			Text:  "The InfraMachine MUST comply with the Machine's `spec.failureDomain` (MUST be placed in the failure domain specified at Machine level).",
			Check: MustUncheckable, Why: "Where the provider places a machine happens at runtime, in the infrastructure."},
		{Page: KindInfraMachine, Section: "InfraMachine: addresses", Text: "A provider that surfaces machine addresses MUST surface them in `status.addresses`.",
			Check: MustUncheckable, Why: "Whether a provider surfaces addresses, and under which field, is its choice; v1beta1 and v1beta2 MachineAddress have the same JSON, so no shape can be wrong. Each address's type is validated by Cluster API's MachineAddress type."},
		{Page: KindInfraMachine, Section: "InfraMachine: initialization completed",
			Text:  "Each InfraMachine MUST report when the Machine's infrastructure is fully provisioned by setting `status.initialization.provisioned`.",
			Check: MustChecked, Rules: kindInitialization},
		onPage(KindInfraMachine, kindConditions),
		{Page: KindInfraMachine, Section: "InfraMachine: support for in-place changes",
			Text:  "A provider that supports in-place changes must orchestrate them with the Update Extension, which must report their progress.",
			Check: MustUncheckable, Why: "Behaviour of the provider's runtime extension."},
		{Page: KindInfraMachine, Section: "InfraMachineTemplate, InfraMachineTemplateList resource definition",
			Text:  "For a given InfraMachine you MUST add a corresponding InfraMachineTemplate (MachineDeployments stamp machines from it).",
			Check: MustChecked, Rules: []string{RuleKindTemplateMissing},
			Why: "In the InfraMachine's API version, where core stamps machines from it; a pool's per-replica machines (…MachinePoolMachine) are created by the pool and need none."},
		{Page: KindInfraMachine, Section: "InfraMachineTemplate: support for SSA dry run", Kind: KindInfraMachineTemplate,
			Text: "InfraMachineTemplate MUST support SSA dry run calls from the topology controller.", Check: MustUncheckable, Why: whySSA},
	},

	allResources(KindBootstrapConfig, KindBootstrapConfigTemplate, kindScope, kindName, kindLabels, kindVersions),
	[]Must{
		{Page: KindBootstrapConfig, Section: "BootstrapConfig: data secret",
			Text:  "Each BootstrapConfig MUST store its bootstrap data in a Secret and surface the Secret's name in `status.dataSecretName`.",
			Check: MustChecked, Rules: []string{RuleKindSchemaField, RuleKindV1Beta1Shape, RuleKindObjectFieldMissing}},
		{Page: KindBootstrapConfig, Section: "BootstrapConfig: data secret",
			Text: "The Secret must be named by `status.dataSecretName`, carry the `cluster.x-k8s.io/cluster-name` label and a controller owner reference to the " +
				"BootstrapConfig, hold a single key `value`; its name must be deterministically recreatable.",
			Check: MustUncheckable, Why: "Properties of Secrets the provider creates at runtime: live does not read Secrets (the audit's RBAC grants no access to them)."},
		{Page: KindBootstrapConfig, Section: "BootstrapConfig: initialization completed",
			Text:  "Each BootstrapConfig MUST report when the bootstrap data secret is fully provisioned by setting `status.initialization.dataSecretCreated`.",
			Check: MustChecked, Rules: kindInitialization},
		onPage(KindBootstrapConfig, kindConditions),
		{Page: KindBootstrapConfig, Section: "BootstrapConfig: support for in-place changes",
			Text:  "A provider that supports in-place changes must orchestrate them with the Update Extension.",
			Check: MustUncheckable, Why: "Behaviour of the provider's runtime extension."},
		{Page: KindBootstrapConfig, Section: "BootstrapConfigTemplate, BootstrapConfigTemplateList resource definition",
			Text:  "For a given BootstrapConfig you MUST add a corresponding BootstrapConfigTemplate.",
			Check: MustChecked, Rules: []string{RuleKindTemplateMissing}, Why: "In the BootstrapConfig's API version, where core stamps configs from it."},
		{Page: KindBootstrapConfig, Section: "BootstrapConfigTemplate: support for SSA dry run", Kind: KindBootstrapConfigTemplate,
			Text: "BootstrapConfigTemplate MUST support SSA dry run calls from the topology controller.", Check: MustUncheckable, Why: whySSA},
		{Page: KindBootstrapConfig, Section: "Sentinel file",
			Text:  "The bootstrap data must create `/run/cluster-api/bootstrap-success.complete` on success.",
			Check: MustUncheckable, Why: "What the generated bootstrap script does on the node."},
	},

	allResources(KindControlPlane, KindControlPlaneTemplate, kindScope, kindName, kindLabels, kindVersions),
	[]Must{
		{Page: KindControlPlane, Section: "Contract rules for ControlPlane",
			Text:  "Special consideration MUST be given to the security of the private key material the control plane needs.",
			Check: MustUncheckable, Why: whyDesign},
		{Page: KindControlPlane, Section: "ControlPlane: endpoint",
			Text:  "A provider that supplies the control plane endpoint MUST surface its host and port on `spec.controlPlaneEndpoint`.",
			Check: MustUncheckable, Why: whyEndpoint},
		{Page: KindControlPlane, Section: "ControlPlane: replicas",
			Text: "A control plane whose number of replicas can be set MUST implement `spec.replicas` and, in status, `selector` (a string) and the " +
				"replica counters (v1beta2: `replicas`, `readyReplicas`, `availableReplicas`, `upToDateReplicas`; v1beta1: `replicas`, `readyReplicas`, `updatedReplicas`, `unavailableReplicas`).",
			Check: MustChecked, Rules: []string{RuleControlPlaneReplicas, RuleKindRenamedField, RuleKindV1Beta1Shape, RuleKindObjectCounters},
			Why: "Judged on types that have spec.replicas: a control plane without it is taken to have no notion of replicas."},
		{Page: KindControlPlane, Section: "ControlPlane: replicas",
			Text:  "The ControlPlane CRD MUST support the `scale` subresource with specReplicasPath `.spec.replicas`, statusReplicasPath `.status.replicas` and labelSelectorPath `.status.selector`.",
			Check: MustChecked, Rules: []string{RuleControlPlaneScale},
			Why: "From the CRD (check's config/crd, the cluster, contract validate's YAML), else from the `+kubebuilder:subresource:scale` marker."},
		{Page: KindControlPlane, Section: "ControlPlane: version",
			Text:  "A control plane that manages the Kubernetes version MUST implement `spec.version`, and MUST report versions in status by `status.versions` or `status.version`.",
			Check: MustChecked, Rules: []string{RuleControlPlaneVersion, RuleKindV1Beta1Shape},
			Why: "Judged on types that have spec.version: a control plane without it is taken not to manage the Kubernetes version."},
		{Page: KindControlPlane, Section: "ControlPlane: version",
			Text:  "Entries of `status.versions` MUST be ordered from the older to the newer version and each MUST hold a valid semantic version (with its replicas when replicas are supported).",
			Check: MustPartly, Rules: []string{RuleKindObjectVersions}, Why: "Values of objects: live judges the order, the versions and status.version against status.versions[0]; replicas per entry are not judged."},
		{Page: KindControlPlane, Section: "ControlPlane: machines",
			Text:  "A control plane that represents its instances as Machines MUST set the `cluster.x-k8s.io/control-plane` label (empty value) on them.",
			Check: MustUncheckable, Why: "A property of Machines the provider creates at runtime; live does not judge Machines."},
		{Page: KindControlPlane, Section: "ControlPlane: machines",
			Text:  "Such a control plane MUST implement `spec.machineTemplate` (metadata; spec.infrastructureRef and spec.deletion.* under v1beta2, at the top of machineTemplate under v1beta1).",
			Check: MustPartly, Rules: []string{RuleKindRenamedField, RuleKindObjectRenamed, RuleLabelVersionConflict},
			Why: "A field present only under the other contract's path is reported; a control plane without any machine template is taken not to use Machines."},
		{Page: KindControlPlane, Section: "ControlPlane: machines",
			Text:  "metadata and the node deletion timeouts must be propagated to Machines without triggering rollouts.",
			Check: MustUncheckable, Why: "Behaviour of the provider's controller."},
		{Page: KindControlPlane, Section: "ControlPlane: rolloutAfter",
			Text:  "A control plane that supports scheduled rollouts MUST implement `spec.rollout.after`.",
			Check: MustUncheckable, Why: "Only for providers with the feature, which nothing in the types shows; core does not read the field."},
		{Page: KindControlPlane, Section: "ControlPlane: initialization completed",
			Text:  "Each ControlPlane MUST report when the control plane is initialized by setting `status.initialization.controlPlaneInitialized`.",
			Check: MustChecked, Rules: slices.Concat(kindInitialization, []string{RuleKindReadInPlace})},
		{Page: KindControlPlane, Section: "ControlPlane: in-place updates",
			Text:  "A control plane that supports in-place updates must call CanUpdateMachine, update the machine's spec and its objects with the update-in-progress annotation, and mark the UpdateMachine hook pending.",
			Check: MustUncheckable, Why: "Behaviour of the provider's controller."},
		onPage(KindControlPlane, kindConditions),
		{Page: KindControlPlane, Section: "Cluster kubeconfig management",
			Text: "The kubeconfig Secret MUST be in the Cluster's namespace, named `<cluster>-kubeconfig`, of type `cluster.x-k8s.io/secret`, labelled " +
				"`cluster.x-k8s.io/cluster-name`, with the kubeconfig under `value`; it MUST not be shared, and client certificates in it MUST be short-lived and rotated.",
			Check: MustUncheckable, Why: "Properties of Secrets the provider creates at runtime: live does not read Secrets."},
		{Page: KindControlPlane, Section: "Cluster certificate management",
			Text:  "Cluster certificates MUST be stored as Secrets in the Cluster's namespace, named `<cluster>-<certificate>`, of type `cluster.x-k8s.io/secret`, labelled `cluster.x-k8s.io/cluster-name`.",
			Check: MustUncheckable, Why: "Properties of Secrets the provider creates at runtime: live does not read Secrets."},
		{Page: KindControlPlane, Section: "Metadata propagation",
			Text:  "`metadata` MUST be propagated to control plane machines without triggering rollouts.",
			Check: MustUncheckable, Why: "Behaviour of the provider's controller."},
		{Page: KindControlPlane, Section: "MinReadySeconds and UpToDate propagation",
			Text:  "`spec.minReadySeconds` MUST be propagated to Machines in place, without triggering rollouts.",
			Check: MustUncheckable, Why: "Behaviour of the provider's controller."},
	},

	[]Must{
		{Page: KindInfraMachinePool, Section: "Never rely on Cluster API behaviours not defined as a contract rule",
			Text:  "You MUST consider any Cluster API behaviour not defined by a contract rule an internal implementation detail, MUST NOT rely on it, and MUST engage the community when you need more from the contract.",
			Check: MustUncheckable, Why: whyDesign},
		{Page: KindInfraMachinePool, Section: "All resources: scope", Text: "All resources MUST be namespace-scoped.", Check: MustChecked, Rules: []string{RuleCRDScope}},
		{Page: KindInfraMachinePool, Section: "All resources: `TypeMeta` and `ObjectMeta` field", Text: "All resources MUST have the standard Kubernetes `TypeMeta` and `ObjectMeta` fields.",
			Check: MustChecked, Rules: resourceMeta},
		{Page: KindInfraMachinePool, Section: "All resources: API group", Text: "A provider outside the `cluster.x-k8s.io` domain MUST grant Cluster API's core controllers full read/write RBAC on its resources.",
			Check: MustUncheckable, Why: whyRBAC},
		{Page: KindInfraMachinePool, Section: "All resources: version", Text: "Providers MUST set the `cluster.x-k8s.io/<version>` label on the CRDs.",
			Check: MustChecked, Rules: []string{RuleLabelMissing, RuleLabelV1Beta1Only, RuleMachinePoolRef}},
		{Page: KindInfraMachinePool, Section: "All resources: version",
			Text:  "Each value of the label MUST point to an available version in the CRD's spec; the label's contract must be consistent with metadata.yaml.",
			Check: MustChecked, Rules: []string{RuleLabelVersion, RuleLabelVersionConflict, RuleMetadataV1Beta2Unlabelled, RuleMetadataV1Beta1Labelled}},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool, InfraMachinePoolList resource definition",
			Text: "You MUST define an InfraMachinePool resource if your provider supports MachinePools.", Check: MustUncheckable, Why: whyDefine},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool, InfraMachinePoolList resource definition",
			Text: "The CRD name must be `contract.CalculateCRDName(Group, Kind)`.", Check: MustChecked, Rules: []string{RuleCRDName}},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool, InfraMachinePoolList resource definition",
			Text: "You MUST add the list resource, named `<InfraMachinePool>List`.", Check: MustPartly, Rules: resourceList, Why: whyList},
		{Page: KindInfraMachinePool, Section: "MachinePoolMachines support",
			Text:  "A pool that adopts MachinePool Machines MUST have `status.infrastructureMachineKind`, set to the kind of its replicas' objects, and must keep those objects up to date.",
			Check: MustPartly, Rules: []string{RuleObjectMachineKind}, Why: "Live checks that the named kind has a CRD; keeping the InfraMachines in step with the pool is runtime behaviour."},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool: providerIDList",
			Text:  "Each InfraMachinePool MUST supply the provider IDs of its instances in `spec.providerIDList`, and MUST keep the list up to date.",
			Check: MustPartly, Rules: []string{RuleProviderIDList, RuleObjectReplicas},
			Why: "The field and its shape are checked, and live compares its length with status.replicas; whether it is up to date is runtime behaviour."},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool: initialization completed",
			Text:  "Each InfraMachinePool MUST report when its infrastructure is fully provisioned by setting `status.initialization.provisioned`.",
			Check: MustChecked, Rules: []string{RuleReadyOnly, RuleProvisionedOnly, RuleInitializationShape, RuleNoReadiness, RuleReadyWriteAlone, RuleProvisionedWriteAlone,
				RuleSchemaProvisioned, RuleSchemaReady, RuleObjectProvisionedOnly, RuleObjectReadyOnly, RuleObjectDisagree, RuleMachinePoolDisagree}},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool: conditions", Text: kindConditions.Text, Check: MustUncheckable, Why: whyConds},
		{Page: KindInfraMachinePool, Section: "InfraMachinePool: replicas",
			Text:  "Provider implementers MUST implement `status.replicas`, the most recently observed number of instances.",
			Check: MustChecked, Rules: []string{RuleReplicas, RuleObjectReplicas}},
		{Page: KindInfraMachinePool, Section: "InfraMachinePoolTemplate, InfraMachineTemplatePoolList resource definition", Kind: KindInfraMachinePoolTemplate,
			Text: "The template resource MUST be named `<InfraMachinePool>Template`.", Check: MustPartly, Rules: resourceTemplName, Why: whyTemplName},
		{Page: KindInfraMachinePool, Section: "InfraMachinePoolTemplate, InfraMachineTemplatePoolList resource definition", Kind: KindInfraMachinePoolTemplate,
			Text: "You MUST add the template's list resource, named `<InfraMachinePoolTemplate>List`.", Check: MustPartly, Rules: resourceList, Why: whyList},
		{Page: KindInfraMachinePool, Section: "InfraMachinePoolTemplate: support for SSA dry run", Kind: KindInfraMachinePoolTemplate,
			Text: "InfraMachinePoolTemplate MUST support SSA dry run calls from the topology controller.", Check: MustUncheckable, Why: whySSA},
	},

	[]Must{
		{Page: MustPageClusterctl, Section: "Provider Repositories",
			Text:  "Each provider MUST define a provider repository holding the metadata YAML and the components YAML; a local repository's version sub-folders MUST be named by valid semantic versions and MUST each contain those files.",
			Check: MustUncheckable, Why: "Where and how releases are published, not the provider's source; contract validate judges a components YAML it is given."},
		{Page: MustPageClusterctl, Section: "Adding a provider to clusterctl",
			Text:  "A provider must have a unique name and type in clusterctl's list of providers; the name must be lower case alphanumerics or '-', prefixed outside kubernetes-sigs.",
			Check: MustUncheckable, Why: "The name lives in clusterctl's provider registry, not in the provider's repository."},
		{Page: MustPageClusterctl, Section: "Metadata YAML",
			Text:  "The contract version of a release series must match the contract version declared in the provider's CRDs.",
			Check: MustChecked, Rules: []string{RuleMetadataV1Beta2Unlabelled, RuleMetadataV1Beta1Labelled},
			Why: "Against the latest release series of metadata.yaml (check) or `--contract` (contract validate)."},
		{Page: MustPageClusterctl, Section: "Validation Rules",
			Text:  "metadata.yaml's apiVersion must be `clusterctl.cluster.x-k8s.io/v1alpha3`, its kind `Metadata`, and releaseSeries must have at least one entry.",
			Check: MustPartly, Why: "check reads metadata.yaml as clusterctl does and reports a file it cannot read as a problem (not a rule); a file of another apiVersion or kind is taken for another tool's and skipped, and an empty releaseSeries is not reported."},
		{Page: MustPageClusterctl, Section: "Target namespace",
			Text:  "All namespaced objects of the components YAML MUST belong to the target namespace.",
			Check: MustChecked, Rules: []string{RuleComponentsNamespaces, RuleComponentsForeignNamespace},
			Why: "On a release's components YAML given to contract validate (the target namespace is its one Namespace object; one `${...}` variable is one namespace); check does not build the release."},
		{Page: MustPageClusterctl, Section: "Controllers & Watching namespace",
			Text:  "The container that runs the controller MUST be named `manager`, and the manager MUST support a `--namespace` flag.",
			Check: MustPartly, Rules: []string{RuleComponentsManager},
			Why: "The container name is checked on a release's components YAML given to contract validate; the `--namespace` flag is behaviour of the manager binary."},
		{Page: MustPageClusterctl, Section: "Workload cluster templates",
			Text:  "Cluster templates and ClusterClass definitions MUST be stored beside the components YAML under their naming conventions, MUST assume the target namespace exists, and a cluster template's objects MUST be in one namespace.",
			Check: MustUncheckable, Why: "Release assets mpaudit does not read (it judges the provider's types, CRDs and objects)."},
		{Page: MustPageClusterctl, Section: "OwnerReferences chain",
			Text:  "Every provider resource MUST have an OwnerReference that links it, directly or indirectly, to a Cluster.",
			Check: MustUncheckable, Why: "Owner references are set at runtime; live judges the fields core reads, not ownership (core sets it on the objects it references)."},
	},
)
