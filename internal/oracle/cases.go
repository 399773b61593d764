package oracle

import (
	"fmt"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// LabelSet is one way a provider CRD labels its contract.
type LabelSet struct {
	// Name is v1beta1, v1beta2 or both.
	Name string
	// Group and Kind are the provider kind the oracle defines for the label
	// set: the label is per CRD, so each label set is its own CRD.
	Group, Kind string
	// Labels are the CRD's contract labels.
	Labels map[string]string
	// Served are the API versions the CRD serves; the last is the storage version.
	Served []string
}

// Plural is the CRD's plural: the lower-case kind plus "s", which is what
// core's CalculateCRDName (flect.Pluralize) gives for these kind names.
func (l LabelSet) Plural() string { return strings.ToLower(l.Kind) + "s" }

// Storage is the version objects are written at.
func (l LabelSet) Storage() string { return l.Served[len(l.Served)-1] }

// oracleDomain ends the API group of every provider kind the oracle defines.
const oracleDomain = "oracle.mpaudit.invalid"

// Probe is a provider kind the oracle runs core against: the core object
// that references it, and the objects it tries.
type Probe struct {
	Kind *contract.Kind
	// Base ends the generated kinds' names (LabelOne<Base>): the kind's
	// type suffix, so mpaudit classifies them as the kind.
	Base string
	// CoreKind is the core object referencing it (Machine, Cluster).
	CoreKind string
	// Condition is the v1beta2 condition core sets on its object on every
	// full reconcile: its presence says core has looked.
	Condition string
	Cases     []Case
	// coreSpec is the core object's spec referencing provider object name.
	coreSpec func(version string, ls LabelSet, name string) map[string]any
}

// LabelSets are the CRD labellings the catalog distinguishes: v1beta1 only,
// v1beta2 only, and both (each naming its own served version, as a
// provider mid-migration serves them).
func (p *Probe) LabelSets() []LabelSet {
	group := p.Kind.GroupPrefix + oracleDomain
	return []LabelSet{
		{Name: contract.V1Beta1, Group: group, Kind: "LabelOne" + p.Base, Labels: map[string]string{contract.LabelKey(contract.V1Beta1): "v1alpha1"}, Served: []string{"v1alpha1"}},
		{Name: contract.V1Beta2, Group: group, Kind: "LabelTwo" + p.Base, Labels: map[string]string{contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha2"}},
		{Name: "both", Group: group, Kind: "LabelBoth" + p.Base, Labels: map[string]string{
			contract.LabelKey(contract.V1Beta1): "v1alpha1", contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha1", "v1alpha2"}},
	}
}

// ObjectName names the provider object (and its core object) of label set
// ls and the i-th case; kinds keep them apart.
func (p *Probe) ObjectName(ls LabelSet, i int) string {
	return fmt.Sprintf("%s-%s-%02d", strings.ToLower(p.Base), strings.ToLower(ls.Name), i)
}

// Case is one provider object's field values: what a provider controller
// could write, in the combinations the catalog tells apart.
type Case struct {
	Name   string
	Spec   map[string]any
	Status map[string]any
}

const (
	caseProviderID     = "oracle://machine"
	caseSecretName     = "oracle-bootstrap-data"
	caseFailureReason  = "CreateError"
	caseFailureMessage = "the oracle's provider failed"
	caseSpecDomain     = "fd-spec"
	caseStatusDomain   = "fd-status"
)

// tri is a readiness field's value in a case: unset, true or false.
type tri int

const (
	unset tri = iota
	yes
	no
)

func (t tri) String() string { return [...]string{"unset", "true", "false"}[t] }

// readiness names a kind's readiness pair: the v1beta1 status.<v1> and
// the v1beta2 status.initialization.<v2>.
type readiness struct{ v1, v2 string }

var (
	provisioned       = readiness{"ready", "provisioned"}
	dataSecretCreated = readiness{"ready", "dataSecretCreated"}
	cpInitialized     = readiness{"initialized", "controlPlaneInitialized"}
)

// readinessCases are every combination of the readiness pair, on top of
// base spec and status.
func readinessCases(rd readiness, spec, status func() map[string]any) []Case {
	var out []Case
	for _, ready := range []tri{unset, yes, no} {
		for _, init := range []tri{unset, yes, no} {
			st := status()
			if ready != unset {
				st[rd.v1] = ready == yes
			}
			if init != unset {
				st["initialization"] = map[string]any{rd.v2: init == yes}
			}
			out = append(out, Case{Name: fmt.Sprintf("%s-%s-%s-%s", rd.v1, ready, rd.v2, init), Spec: spec(), Status: st})
		}
	}
	return out
}

// bothReady sets both readiness fields true.
func bothReady(rd readiness, status map[string]any) map[string]any {
	status[rd.v1] = true
	status["initialization"] = map[string]any{rd.v2: true}
	return status
}

func failureCases(rd readiness, spec func() map[string]any, status func() map[string]any) []Case {
	top := bothReady(rd, status())
	top["failureReason"], top["failureMessage"] = caseFailureReason, caseFailureMessage
	deprecated := bothReady(rd, status())
	deprecated["deprecated"] = map[string]any{"v1beta1": map[string]any{"failureReason": caseFailureReason, "failureMessage": caseFailureMessage}}
	return []Case{
		{Name: "failure-top-level", Spec: spec(), Status: top},
		{Name: "failure-deprecated", Spec: spec(), Status: deprecated},
	}
}

func empty() map[string]any { return map[string]any{} }

// InfraMachineProbe runs the Machine reconciler against InfraMachines: the
// readiness combinations with a providerID, readiness without one,
// failures, and both failure domains with addresses.
var InfraMachineProbe = &Probe{
	Kind: &contract.InfraMachine, Base: "Machine", CoreKind: "Machine", Condition: "InfrastructureReady",
	Cases: func() []Case {
		withID := func() map[string]any { return map[string]any{"providerID": caseProviderID} }
		out := readinessCases(provisioned, withID, empty)
		out = append(out, Case{Name: "ready-no-providerid", Spec: empty(), Status: bothReady(provisioned, empty())})
		out = append(out, failureCases(provisioned, withID, empty)...)
		placed := bothReady(provisioned, empty())
		placed["failureDomain"] = caseStatusDomain
		placed["addresses"] = []any{map[string]any{"type": "InternalIP", "address": "10.0.0.1"}}
		return append(out, Case{Name: "failure-domains", Spec: map[string]any{"providerID": caseProviderID, "failureDomain": caseSpecDomain}, Status: placed})
	}(),
	coreSpec: func(version string, ls LabelSet, name string) map[string]any {
		return map[string]any{
			"clusterName":       clusterName,
			"bootstrap":         map[string]any{"dataSecretName": caseSecretName},
			"infrastructureRef": coreRef(version, ls, name),
		}
	},
}

// BootstrapConfigProbe runs the Machine reconciler against BootstrapConfigs.
// Its Machines point at an InfraMachine that does not exist: core
// reconciles the bootstrap config first and waits for the infrastructure.
var BootstrapConfigProbe = &Probe{
	Kind: &contract.BootstrapConfig, Base: "Config", CoreKind: "Machine", Condition: "BootstrapConfigReady",
	Cases: func() []Case {
		withSecret := func() map[string]any { return map[string]any{"dataSecretName": caseSecretName} }
		out := readinessCases(dataSecretCreated, empty, withSecret)
		out = append(out, Case{Name: "ready-no-datasecretname", Spec: empty(), Status: bothReady(dataSecretCreated, empty())})
		return append(out, failureCases(dataSecretCreated, empty, withSecret)...)
	}(),
	coreSpec: func(version string, ls LabelSet, name string) map[string]any {
		infra := InfraMachineProbe.LabelSets()[0]
		return map[string]any{
			"clusterName":       clusterName,
			"bootstrap":         map[string]any{"configRef": coreRef(version, ls, name)},
			"infrastructureRef": coreRef(version, infra, "absent"),
		}
	},
}

// InfraClusterProbe runs the Cluster reconciler against InfraClusters:
// the readiness combinations, failures, and failure domains in the
// v1beta1 (map) and v1beta2 (list) shapes.
var InfraClusterProbe = &Probe{
	Kind: &contract.InfraCluster, Base: "Cluster", CoreKind: "Cluster", Condition: "InfrastructureReady",
	Cases: func() []Case {
		out := readinessCases(provisioned, empty, empty)
		out = append(out, failureCases(provisioned, empty, empty)...)
		asMap := bothReady(provisioned, empty())
		asMap["failureDomains"] = map[string]any{"fd-a": map[string]any{"controlPlane": true}, "fd-b": map[string]any{}}
		asList := bothReady(provisioned, empty())
		asList["failureDomains"] = []any{map[string]any{"name": "fd-a", "controlPlane": true}, map[string]any{"name": "fd-b"}}
		return append(out, Case{Name: "domains-map", Spec: empty(), Status: asMap}, Case{Name: "domains-list", Spec: empty(), Status: asList})
	}(),
	coreSpec: func(version string, ls LabelSet, name string) map[string]any {
		return map[string]any{"infrastructureRef": coreRef(version, ls, name)}
	},
}

// ControlPlaneProbe runs the Cluster reconciler against ControlPlanes: the
// initialization combinations, a v1beta1 status.ready beside them (the
// field some releases read in place of status.initialized), and failures.
var ControlPlaneProbe = &Probe{
	Kind: &contract.ControlPlane, Base: "ControlPlane", CoreKind: "Cluster", Condition: "ControlPlaneInitialized",
	Cases: func() []Case {
		out := readinessCases(cpInitialized, empty, empty)
		out = append(out,
			Case{Name: "ready-true-only", Spec: empty(), Status: map[string]any{"ready": true}},
			Case{Name: "ready-true-initialized-false", Spec: empty(), Status: map[string]any{"ready": true, "initialized": false}})
		return append(out, failureCases(cpInitialized, empty, empty)...)
	}(),
	coreSpec: func(version string, ls LabelSet, name string) map[string]any {
		return map[string]any{"controlPlaneRef": coreRef(version, ls, name)}
	},
}

// Probes are every probe, in run order.
var Probes = []*Probe{InfraMachineProbe, BootstrapConfigProbe, InfraClusterProbe, ControlPlaneProbe}

// clusterName is the Cluster the Machines belong to.
const clusterName = "oracle"

// coreRef references a provider object as a core object of API version
// does: by apiGroup from v1beta2, by apiVersion before.
func coreRef(version string, ls LabelSet, name string) map[string]any {
	ref := map[string]any{"kind": ls.Kind, "name": name}
	if version == contract.V1Beta1 {
		ref["apiVersion"] = ls.Group + "/" + ls.Storage()
	} else {
		ref["apiGroup"] = ls.Group
	}
	return ref
}
