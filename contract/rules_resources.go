package contract

import "strings"

// Rules on the root types every contract page asks for, of every kind and
// template (MPA133–MPA136, beside the kinds' type rules): the object
// metadata, the list type, the template's name and the template itself.

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleKindObjectMeta      = "MPA133"
	RuleKindListType        = "MPA134"
	RuleKindTemplateName    = "MPA135"
	RuleKindTemplateMissing = "MPA136"
)

// TemplateSuffix ends the kind of every template; core names the objects it
// creates from a template by the template's kind without it
// (controllers/external GenerateTemplate, the topology controller).
const TemplateSuffix = "Template"

// ListSuffix ends the kind of a list of objects (<Kind>List, controller-gen's
// default listKind).
const ListSuffix = "List"

// poolMachineSuffix names the per-replica InfraMachine of a pool, which the
// pool creates: no template stamps it.
const poolMachineSuffix = "MachinePoolMachine"

// NeedsTemplate reports whether a type of kind k, named name, MUST come with
// its template: core objects (MachineDeployments, MachineSets) reference
// the template kind and stamp objects of the kind from it. A pool's
// per-replica machines are created by the pool.
func (k *Kind) NeedsTemplate(name string) bool {
	t, ok := k.TemplateKind()
	return ok && len(t.Links) > 0 && !strings.HasSuffix(name, poolMachineSuffix)
}

// ObjectRules are the rules on a root type as a Kubernetes object (its
// metadata, list type and template), not on the contract's field points
// a migration changes.
var ObjectRules = []string{RuleKindObjectMeta, RuleKindListType, RuleKindTemplateName, RuleKindTemplateMissing}

// everyCore is the severity table of a rule no core release changes.
var everyCore = []severityContext{{"every core", Context{}, true}}

var resourceRules = []*Rule{
	{
		ID: RuleKindObjectMeta, Name: "kind-object-meta", Scope: ScopeType, Kinds: Kinds,
		Field: "metadata", Modes: Static,
		Title: "a contract root type does not embed metav1.TypeMeta and metav1.ObjectMeta",
		Rationale: "All resources MUST have the standard Kubernetes TypeMeta and ObjectMeta fields: TypeMeta inline (apiVersion, kind) and " +
			"ObjectMeta at `metadata`. Core reads every provider object's metadata (owner references, labels, annotations, the paused " +
			"annotation) and resolves it by apiVersion and kind; a type without them does not implement runtime.Object and metav1.Object, " +
			"so it cannot be registered in a scheme, served as a custom resource or read by core.",
		Fix:          "Embed `metav1.TypeMeta `json:\",inline\"`` and `metav1.ObjectMeta `json:\"metadata,omitempty\"`` in the root type.",
		DocURL:       contractsDoc + "infra-cluster#all-resources-typemeta-and-objectmeta-field",
		severity:     fixed(Error),
		severityRows: everyCore,
	},
	{
		ID: RuleKindListType, Name: "kind-list-type", Scope: ScopeType, Kinds: Kinds,
		Field: "items", Modes: Static,
		Title: "a contract kind registered in a scheme has no <Kind>List type with Items []<Kind> registered beside it",
		Rationale: "The contract pages say: you MUST add the list resource, named <Kind>List, for each kind and template. Core reads " +
			"provider objects as unstructured, and the API server serves lists by the CRD's listKind, so core does not fail without the " +
			"Go type; the provider's own manager does: controller-runtime's cache and typed client list <Kind> through <Kind>List, " +
			"which must be registered in the same scheme (\"no kind <Kind>List is registered\" when a controller watches the kind). " +
			"Judged where the package registers the kind (SchemeBuilder.Register, AddKnownTypes); a package that registers nothing is " +
			"registered elsewhere, and only a list whose Items are not the kind is reported there.",
		Fix: "Add `// +kubebuilder:object:root=true` `type <Kind>List struct { metav1.TypeMeta `json:\",inline\"`; metav1.ListMeta " +
			"`json:\"metadata,omitempty\"`; Items []<Kind> `json:\"items\"` }`, register it beside the kind and regenerate deepcopy.",
		DocURL:       contractsDoc + "infra-cluster#infracluster-infraclusterlist-resource-definition",
		severity:     fixed(Warning),
		severityRows: everyCore,
	},
	{
		ID: RuleKindTemplateName, Name: "kind-template-name", Scope: ScopeType,
		Kinds: []*Kind{&InfraClusterTemplate, &InfraMachineTemplate, &InfraMachinePoolTemplate, &ControlPlaneTemplate, &BootstrapConfigTemplate},
		Modes: Static,
		Title: "a template is not named <Kind>Template after a kind its API version declares",
		Rationale: "The template resource MUST be named <Kind>Template. Core creates the objects of a template by its kind without the " +
			"Template suffix, at the template's apiVersion (MachineSets and KubeadmControlPlane clone InfraMachineTemplates and " +
			"BootstrapConfigTemplates, the topology controller every ClusterClass template): a template whose name does not drop to a " +
			"kind of the same API version makes every such creation fail (no such kind).",
		Fix:          "Name the template after the kind it stamps (<Kind>Template, in the same API group and version), or add that kind.",
		DocURL:       contractsDoc + "infra-machine#inframachinetemplate-inframachinetemplatelist-resource-definition",
		severity:     fixed(Error),
		severityRows: everyCore,
	},
	{
		ID: RuleKindTemplateMissing, Name: "kind-template-missing", Scope: ScopeType, Kinds: []*Kind{&InfraMachine, &BootstrapConfig},
		Modes: Static,
		Title: "an InfraMachine or BootstrapConfig has no <Kind>Template in its API version",
		Rationale: "For a given InfraMachine (BootstrapConfig) you MUST add a corresponding InfraMachineTemplate (BootstrapConfigTemplate). " +
			"MachineDeployments and MachineSets reference the template and stamp each Machine's object from it (KubeadmControlPlane " +
			"and ClusterClass take an InfraMachineTemplate too): without one, only standalone Machines can use the kind. A pool's " +
			"per-replica machines (…MachinePoolMachine), which the pool creates, are not judged.",
		Fix:          "Add <Kind>Template (spec.template.spec holding the kind's spec, with its list type) in the same API version, and its CRD.",
		DocURL:       contractsDoc + "infra-machine#inframachinetemplate-inframachinetemplatelist-resource-definition",
		severity:     fixed(Error),
		severityRows: everyCore,
	},
}
