package contract

import "slices"

import "strings"

// Contract versions of the Cluster API provider contract.
const (
	V1Beta1 = "v1beta1"
	V1Beta2 = "v1beta2"
)

// Kind describes one provider resource kind of the contract. Only
// InfraMachinePool is catalogued now; other kinds are added as data.
type Kind struct {
	Name string
	// TypeSuffix selects Go root types by name; ExcludedSuffixes drop
	// look-alikes (templates, lists, per-replica kinds).
	TypeSuffix       string
	ExcludedSuffixes []string
	// ExcludedGroups are API groups whose types are never this kind (core's own MachinePool).
	ExcludedGroups []string
	// Fields are the contract's field paths with their Go shapes per contract version.
	Fields []Field
	// DocURL is the contract page for the kind.
	DocURL string
}

// Field is a contract field: a JSON path and the Go shape the contract wants.
type Field struct {
	Path string
	// Contracts lists the contract versions in which the field is part of the contract.
	Contracts []string
	// GoShape is the shape the contract doc gives, as Go source.
	GoShape string
	// JSONTag is the tag the doc gives.
	JSONTag  string
	Required bool
	// Deprecated fields are read only for v1beta1 compatibility; their use
	// sites are inventoried as deprecated.
	Deprecated bool
	// Inventory fields have their use sites listed for migration review.
	Inventory bool
}

// Paths of the InfraMachinePool contract fields.
const (
	PathProviderID     = "spec.providerID"
	PathProviderIDList = "spec.providerIDList"
	PathReplicas       = "status.replicas"
	PathConditions     = "status.conditions"
	PathFailureReason  = "status.failureReason"
	PathFailureMessage = "status.failureMessage"
	PathInitialization = "status.initialization"
	PathMachineKind    = "status.infrastructureMachineKind"
	PathDeprecatedV1B1 = "status.deprecated.v1beta1"
)

// InfraMachinePool is the catalog entry for infrastructure machine pools.
var InfraMachinePool = Kind{
	Name:             "InfraMachinePool",
	TypeSuffix:       "MachinePool",
	ExcludedSuffixes: []string{"Template", "TemplateList", "List", "MachinePoolMachine"},
	ExcludedGroups:   []string{"cluster.x-k8s.io"},
	DocURL:           "https://cluster-api.sigs.k8s.io/developer/providers/contracts/infra-machinepool",
	Fields: []Field{
		{Path: PathReady, Contracts: []string{V1Beta1, V1Beta2}, GoShape: "bool", JSONTag: "ready", Deprecated: true},
		{Path: PathInitialization, Contracts: []string{V1Beta2}, GoShape: "<Kind>InitializationStatus", JSONTag: "initialization,omitempty,omitzero"},
		{Path: PathProvisioned, Contracts: []string{V1Beta2}, GoShape: "*bool", JSONTag: "provisioned,omitempty", Required: true, Inventory: true},
		{Path: PathProviderIDList, Contracts: []string{V1Beta1, V1Beta2}, GoShape: "[]string", JSONTag: "providerIDList,omitempty", Required: true},
		{Path: PathReplicas, Contracts: []string{V1Beta1, V1Beta2}, GoShape: "int32", JSONTag: "replicas", Required: true},
		{Path: PathProviderID, Contracts: []string{V1Beta1, V1Beta2}, GoShape: "string", JSONTag: "providerID,omitempty", Inventory: true},
		{Path: PathConditions, Contracts: []string{V1Beta2}, GoShape: "[]metav1.Condition", JSONTag: "conditions,omitempty"},
		{Path: PathFailureReason, Contracts: []string{V1Beta1}, GoShape: "string", JSONTag: "failureReason,omitempty", Deprecated: true},
		{Path: PathFailureMessage, Contracts: []string{V1Beta1}, GoShape: "string", JSONTag: "failureMessage,omitempty", Deprecated: true},
		{Path: PathMachineKind, Contracts: []string{V1Beta1, V1Beta2}, GoShape: "string", JSONTag: "infrastructureMachineKind,omitempty"},
	},
}

// Kinds is every kind the catalog knows.
var Kinds = []*Kind{&InfraMachinePool}

// MatchesTypeName reports whether a root Go type name belongs to the kind.
func (k *Kind) MatchesTypeName(name string) bool {
	if !strings.HasSuffix(name, k.TypeSuffix) {
		return false
	}
	for _, s := range k.ExcludedSuffixes {
		if strings.HasSuffix(name, s) {
			return false
		}
	}
	return true
}

// ExcludesGroup reports whether types of an API group are never this kind.
func (k *Kind) ExcludesGroup(group string) bool {
	return slices.Contains(k.ExcludedGroups, group)
}

// Field returns the catalogued field at path.
func (k *Kind) Field(path string) (Field, bool) {
	for _, f := range k.Fields {
		if f.Path == path {
			return f, true
		}
	}
	return Field{}, false
}

// DeprecatedPaths are the fields whose use sites are reported as deprecated.
func (k *Kind) DeprecatedPaths() []string {
	var out []string
	for _, f := range k.Fields {
		if f.Deprecated {
			out = append(out, f.Path)
		}
	}
	return out
}

// MetaV1Condition is the element type status.conditions has under the v1beta2
// contract; anything else there (clusterv1beta1.Conditions and its older
// copies) is the v1beta1 shape.
const MetaV1Condition = "k8s.io/apimachinery/pkg/apis/meta/v1.Condition"
