package contract

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// TypeSummary is what the classifier needs of a root API type, whether read
// from Go source (static) or from a CRD (live).
type TypeSummary struct {
	// Group is the API group (+groupName or the CRD's spec.group); empty when unknown.
	Group string
	// Name is the kind, which is the root Go type's name.
	Name string
	// Paths are JSON paths the type has in spec and status
	// (status.dataSecretName); only the paths the classifier asks about matter.
	Paths []string
}

// ClassifierDepth is how many segments the deepest path the classifier asks
// about has (status.initialization.provisioned): a summary need list no
// deeper paths, and every mode lists the same ones, so they classify alike.
const ClassifierDepth = 3

func (t TypeSummary) has(path string) bool { return slices.Contains(t.Paths, path) }

// How says what decided a classification.
type How string

const (
	ByOverride  How = "override"
	ByName      How = "name"
	ByStructure How = "structure"
	// Excluded: the type is not a provider kind (core group, list, other group, no match).
	Excluded How = "excluded"
)

// Classification is the classifier's answer: a kind, or nil, and why.
type Classification struct {
	Kind   *Kind
	How    How
	Reason string
}

// OverrideNone in Overrides says a type is no contract kind.
const OverrideNone = "none"

// Overrides name a type's kind, overriding the classifier (.mpaudit.yaml).
// Keys are a kind/type name ("FooMachine") or a group-qualified one
// ("infrastructure.example.com/FooMachine", which wins); values are a
// catalogued kind name (InfraMachine, ControlPlaneTemplate, ...) or OverrideNone.
type Overrides map[string]string

// Validate reports every entry whose value is no catalogued kind, naming the key.
func (o Overrides) Validate() error {
	var bad []string
	for _, key := range slices.Sorted(maps.Keys(o)) {
		v := o[key]
		if strings.TrimSpace(key) == "" {
			bad = append(bad, fmt.Sprintf("an empty type name (kind %q)", v))
			continue
		}
		if _, ok := KindByName(v); !ok && v != OverrideNone {
			bad = append(bad, fmt.Sprintf("%s: unknown kind %q", key, v))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("kind overrides: %s (want one of %s or %q)", strings.Join(bad, "; "), strings.Join(KindNames(), ", "), OverrideNone)
	}
	return nil
}

// KindNames lists the catalogued kind names in catalog order.
func KindNames() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Name
	}
	return out
}

// nameRule maps a type name suffix to a base kind, within a group family.
type nameRule struct {
	suffix string
	kind   *Kind
}

// Ordered longest suffix first: a DockerMachinePoolMachine is an InfraMachine
// (per-replica machine of a pool), not an InfraMachinePool.
var (
	infrastructureNames = []nameRule{
		{"MachinePoolMachine", &InfraMachine},
		{"MachinePool", &InfraMachinePool},
		{"ControlPlane", &ControlPlane}, // managed control planes served from infrastructure groups (ScalewayManagedControlPlane)
		{"Machine", &InfraMachine},
		{"Cluster", &InfraCluster},
	}
	controlPlaneNames = []nameRule{{"ControlPlane", &ControlPlane}}
	bootstrapNames    = []nameRule{{"Config", &BootstrapConfig}}
)

// IsProviderGroup reports whether an API group is a provider's
// (infrastructure., controlplane. or bootstrap. prefix).
func IsProviderGroup(group string) bool {
	return strings.HasPrefix(group, InfrastructureGroupPrefix) || strings.HasPrefix(group, ControlPlaneGroupPrefix) ||
		strings.HasPrefix(group, BootstrapGroupPrefix)
}

// Classify returns the contract kind of a root API type, or none, with the
// reason. It is pure: static and live modes call it with what they read.
func Classify(t TypeSummary, overrides Overrides) Classification {
	keys := []string{t.Name}
	if t.Group != "" {
		keys = []string{t.Group + "/" + t.Name, t.Name}
	}
	for _, key := range keys {
		v, ok := overrides[key]
		if !ok {
			continue
		}
		if v == OverrideNone {
			return Classification{How: ByOverride, Reason: fmt.Sprintf("the kind override %q says it is no contract kind", key)}
		}
		if k, ok := KindByName(v); ok {
			return Classification{Kind: k, How: ByOverride, Reason: fmt.Sprintf("the kind override %q names %s", key, k.Name)}
		}
		return Classification{How: Excluded, Reason: fmt.Sprintf("the kind override %q names unknown kind %q", key, v)}
	}
	if strings.HasSuffix(t.Name, "List") {
		return Classification{How: Excluded, Reason: t.Name + " is a list type"}
	}
	if slices.Contains(CoreGroups, t.Group) {
		return Classification{How: Excluded, Reason: fmt.Sprintf("%s is Cluster API's own group", t.Group)}
	}

	base, template := t.Name, false
	if b, ok := strings.CutSuffix(t.Name, "Template"); ok {
		base, template = b, true
	}
	var rules []nameRule
	var family string
	switch {
	case strings.HasPrefix(t.Group, InfrastructureGroupPrefix):
		rules, family = infrastructureNames, "infrastructure"
	case strings.HasPrefix(t.Group, ControlPlaneGroupPrefix):
		rules, family = controlPlaneNames, "control plane"
	case strings.HasPrefix(t.Group, BootstrapGroupPrefix):
		rules, family = bootstrapNames, "bootstrap"
	case t.Group == "":
		return classifyWithoutGroup(t, base, template)
	default:
		return Classification{How: Excluded, Reason: fmt.Sprintf("group %s has none of the provider prefixes %q, %q, %q",
			t.Group, InfrastructureGroupPrefix, ControlPlaneGroupPrefix, BootstrapGroupPrefix)}
	}
	for _, r := range rules {
		if len(base) > len(r.suffix) && strings.HasSuffix(base, r.suffix) {
			return byName(t, r, template, family)
		}
	}
	if !template {
		if k, why := byStructure(t, family); k != nil {
			return Classification{Kind: k, How: ByStructure, Reason: fmt.Sprintf("%s in %s group %s %s", t.Name, family, t.Group, why)}
		}
	}
	return Classification{How: Excluded, Reason: fmt.Sprintf("%s in %s group %s matches no %s kind by name or structure", t.Name, family, t.Group, family)}
}

func byName(t TypeSummary, r nameRule, template bool, family string) Classification {
	k := r.kind
	suffix := r.suffix
	if template {
		tk, _ := k.TemplateKind()
		k, suffix = tk, suffix+"Template"
	}
	in := "name"
	if t.Group != "" {
		in = fmt.Sprintf("%s group %s and name", family, t.Group)
	}
	return Classification{Kind: k, How: ByName, Reason: fmt.Sprintf("%s: %s ends in %q", t.Name, in, suffix)}
}

// byStructure recognises a type named otherwise by the fields only its kind has.
func byStructure(t TypeSummary, family string) (*Kind, string) {
	switch family {
	case "bootstrap":
		if t.has("status.dataSecretName") {
			return &BootstrapConfig, "has status.dataSecretName"
		}
	case "control plane":
		for _, p := range []string{PathInitialization + ".controlPlaneInitialized", "status.initialized"} {
			if t.has(p) {
				return &ControlPlane, "has " + p
			}
		}
	case "infrastructure":
		switch {
		case t.has(PathProviderIDList):
			return &InfraMachinePool, "has " + PathProviderIDList
		case t.has(PathProviderID):
			return &InfraMachine, "has " + PathProviderID
		case t.has("spec.controlPlaneEndpoint") && (t.has(PathReady) || t.has(PathProvisioned)):
			return &InfraCluster, "has spec.controlPlaneEndpoint and a readiness field"
		}
	}
	return nil, ""
}

// classifyWithoutGroup is for types whose API group is unknown (no
// +groupName): infrastructure names alone; a *Config only with status.dataSecretName.
func classifyWithoutGroup(t TypeSummary, base string, template bool) Classification {
	for _, r := range infrastructureNames {
		if len(base) > len(r.suffix) && strings.HasSuffix(base, r.suffix) {
			c := byName(t, r, template, "")
			c.Reason += " (API group unknown)"
			return c
		}
	}
	if !template && len(base) > len("Config") && strings.HasSuffix(base, "Config") && t.has("status.dataSecretName") {
		c := byName(t, bootstrapNames[0], template, "")
		c.Reason += " (API group unknown)"
		return c
	}
	return Classification{How: Excluded, Reason: t.Name + ": API group unknown and no provider kind name"}
}
