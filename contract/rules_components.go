package contract

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Rules on a release's components YAML (the provider's objects as clusterctl
// installs them), beside the metadata.yaml rules (MPA353–MPA359). Like
// those, they judge the release that installs every kind (Kinds).

// Rule IDs. They are stable: never renumber, only add.
const (
	RuleComponentsNamespaces       = "MPA353"
	RuleComponentsForeignNamespace = "MPA354"
	RuleComponentsManager          = "MPA355"
)

// ManagerContainer is the name clusterctl's contract gives the container
// that runs a provider's controller.
const ManagerContainer = "manager"

var componentsRules = []*Rule{
	{
		ID: RuleComponentsNamespaces, Name: "components-namespaces", Scope: ScopeObject, Kinds: Kinds,
		Field: "metadata.namespace", Modes: Validate,
		Title: "a components YAML has no single target namespace",
		Rationale: "All namespaced objects of the components YAML MUST belong to the target namespace, which clusterctl takes from the " +
			"one Namespace object in it (else from the target namespace `clusterctl init` is given). clusterctl refuses a components YAML with more than one " +
			"Namespace object (\"There should be no more than one resource with Kind Namespace\"), so `clusterctl init` fails; without a " +
			"Namespace object, objects that name different namespaces have no target namespace to belong to.",
		Fix:          "Keep one Namespace object (commonly `${NAMESPACE}`-templated or `<provider>-system`) and put every namespaced object in it; move other namespaces' objects to their own release asset.",
		DocURL:       clusterctlDoc + "#target-namespace",
		severity:     fixed(Error),
		severityRows: []severityContext{{"every core and clusterctl release", Context{}, true}},
	},
	{
		ID: RuleComponentsForeignNamespace, Name: "components-foreign-namespace", Scope: ScopeObject, Kinds: Kinds,
		Field: "metadata.namespace", Modes: Validate,
		Title: "a namespaced object of a components YAML is outside the target namespace",
		Rationale: "All namespaced objects of the components YAML MUST belong to the target namespace (the Namespace object's name). " +
			"clusterctl installs every namespaced object into the target namespace whatever it says (kinds clusterctl knows to be " +
			"cluster-scoped excepted), so an object meant for another namespace (a Role or its binding in kube-system) lands " +
			"where it is not meant to be, and the same YAML applied with kubectl installs the provider differently. A namespace " +
			"given by the same variable (`${NAMESPACE}`, `${NAMESPACE:=…}`) is the same namespace.",
		Fix:          "Set metadata.namespace to the target namespace (the Namespace object's name), or leave it unset for clusterctl to set.",
		DocURL:       clusterctlDoc + "#target-namespace",
		severity:     fixed(Warning),
		severityRows: []severityContext{{"every core and clusterctl release", Context{}, true}},
	},
	{
		ID: RuleComponentsManager, Name: "components-manager-container", Scope: ScopeObject, Kinds: Kinds,
		Field: "spec.template.spec.containers[].name", Modes: Validate,
		Title: "no Deployment of a components YAML has a container named manager",
		Rationale: "The container that runs the controller MUST be named `manager`. clusterctl finds the provider's controller by it: " +
			"`clusterctl init` told to wait for providers (and upgrades that wait) waits only for Deployments with a manager container, so with " +
			"none it returns before the controller is available; the cluster-api-operator applies its container overrides to it. " +
			"Installation itself works, so this is a warning.",
		Fix:          "Name the controller's container `manager` in its Deployment (config/manager/manager.yaml in a kubebuilder layout).",
		DocURL:       clusterctlDoc + "#controllers--watching-namespace",
		severity:     fixed(Warning),
		severityRows: []severityContext{{"every core and clusterctl release", Context{}, true}},
	},
}

// ComponentsObject is one object of a components YAML.
type ComponentsObject struct {
	APIVersion, Kind, Name, Namespace string
	// Containers are a Deployment's pod template containers' names.
	Containers []string
}

// ComponentsViolation is a violation of the components rules by one object
// (Object indexes the evaluated slice).
type ComponentsViolation struct {
	Violation
	Object int
}

// clusterScopedKinds are the kinds clusterctl does not put in the target
// namespace (cmd/clusterctl/internal/util IsResourceNamespaced); every other
// kind it treats as namespaced.
var clusterScopedKinds = []string{"Namespace", "Node", "PersistentVolume", "PodSecurityPolicy", "CertificateSigningRequest",
	"ClusterRoleBinding", "ClusterRole", "VolumeAttachment", "StorageClass", "CSIDriver", "CSINode",
	"ValidatingWebhookConfiguration", "MutatingWebhookConfiguration", "CustomResourceDefinition", "PriorityClass", "RuntimeClass"}

// wholeVariable is a value that is one envsubst variable, with or without a default.
var wholeVariable = regexp.MustCompile(`^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:[:]?[=-][^}]*)?\}$`)

// sameNamespace compares namespaces as clusterctl's variable substitution
// leaves them: one variable, whatever its default, is one namespace.
func sameNamespace(a, b string) bool {
	norm := func(s string) string {
		if m := wholeVariable.FindStringSubmatch(s); m != nil {
			return "${" + m[1] + "}"
		}
		return s
	}
	return norm(a) == norm(b)
}

// IsComponentsYAML reports whether objects are a components YAML: one
// deploys the provider's controller (a Deployment), which a file of CRDs or
// RBAC alone does not.
func IsComponentsYAML(objs []ComponentsObject) bool {
	return slices.ContainsFunc(objs, func(o ComponentsObject) bool { return o.Kind == "Deployment" && o.APIVersion == "apps/v1" })
}

// EvaluateComponents applies the components rules to the objects of one
// components YAML; objects that are none (IsComponentsYAML) give nothing.
func EvaluateComponents(objs []ComponentsObject) []ComponentsViolation {
	var out []ComponentsViolation
	add := func(i int, id, field, format string, args ...any) {
		out = append(out, ComponentsViolation{Object: i, Violation: Violation{Rule: id, Severity: MustRule(id).Severity(Context{}),
			Field: field, Message: fmt.Sprintf(format, args...)}})
	}
	if !IsComponentsYAML(objs) {
		return nil
	}
	var namespaces, deployments []int
	for i, o := range objs {
		switch {
		case o.Kind == "Namespace" && o.APIVersion == "v1":
			namespaces = append(namespaces, i)
		case o.Kind == "Deployment" && o.APIVersion == "apps/v1":
			deployments = append(deployments, i)
		}
	}
	if len(namespaces) > 1 {
		var names []string
		for _, i := range namespaces {
			names = append(names, objs[i].Name)
		}
		for _, i := range namespaces[1:] {
			add(i, RuleComponentsNamespaces, "metadata.name",
				"the components YAML has %d Namespace objects (%s), and clusterctl refuses more than one: keep only the target namespace",
				len(namespaces), strings.Join(names, ", "))
		}
	}
	if len(namespaces) == 1 {
		target := objs[namespaces[0]].Name
		for i, o := range objs {
			if o.Namespace == "" || slices.Contains(clusterScopedKinds, o.Kind) || sameNamespace(o.Namespace, target) {
				continue
			}
			add(i, RuleComponentsForeignNamespace, "metadata.namespace",
				"%s %s is in namespace %s, not the target namespace %s: clusterctl installs it into %s; set its namespace to %s",
				o.Kind, o.Name, o.Namespace, target, target, target)
		}
	}
	if len(namespaces) == 0 {
		var seen []string
		first := map[string]int{}
		for i, o := range objs {
			if o.Namespace == "" || slices.Contains(clusterScopedKinds, o.Kind) {
				continue
			}
			if !slices.ContainsFunc(seen, func(s string) bool { return sameNamespace(s, o.Namespace) }) {
				seen = append(seen, o.Namespace)
				first[o.Namespace] = i
			}
		}
		if len(seen) > 1 {
			for _, ns := range seen[1:] {
				add(first[ns], RuleComponentsNamespaces, "metadata.namespace",
					"the components YAML has no Namespace object and its objects are in %d namespaces (%s): add the Namespace object of the target namespace and put every namespaced object in it",
					len(seen), strings.Join(seen, ", "))
			}
		}
	}
	if len(deployments) > 0 && !slices.ContainsFunc(deployments, func(i int) bool { return slices.Contains(objs[i].Containers, ManagerContainer) }) {
		for _, i := range deployments {
			add(i, RuleComponentsManager, "spec.template.spec.containers",
				"Deployment %s has no container named %s (containers: %s): name the controller's container %s, which clusterctl waits for",
				objs[i].Name, ManagerContainer, strings.Join(objs[i].Containers, ", "), ManagerContainer)
		}
	}
	return out
}
