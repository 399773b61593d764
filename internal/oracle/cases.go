package oracle

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

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
	// CoreKind is the core object referencing it (Machine, Cluster).
	CoreKind string
	// Condition is the v1beta2 condition core sets on its object on every
	// full reconcile: its presence says core has looked.
	Condition string
	// workload: core reads the workload cluster for this probe's objects
	// (a MachinePool's Nodes), so their Cluster is workloadCluster, which
	// the oracle connects to the envtest apiserver itself.
	workload bool
	cases    func() []Case
	// coreSpec is the core object's spec referencing provider object name.
	coreSpec func(version, ns string, ls LabelSet, name string) map[string]any
}

// Cases are the probe's provider objects, built from the catalog's paths.
func (p *Probe) Cases() []Case { return p.cases() }

// LabelSets are the CRD labellings the catalog distinguishes: v1beta1 only,
// v1beta2 only, and both (each naming its own served version, as a
// provider mid-migration serves them).
func (p *Probe) LabelSets() []LabelSet {
	group := p.Kind.GroupPrefix + oracleDomain
	return []LabelSet{
		{Name: contract.V1Beta1, Group: group, Kind: "LabelOne" + p.Kind.TypeSuffix, Labels: map[string]string{contract.LabelKey(contract.V1Beta1): "v1alpha1"}, Served: []string{"v1alpha1"}},
		{Name: contract.V1Beta2, Group: group, Kind: "LabelTwo" + p.Kind.TypeSuffix, Labels: map[string]string{contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha2"}},
		{Name: "both", Group: group, Kind: "LabelBoth" + p.Kind.TypeSuffix, Labels: map[string]string{
			contract.LabelKey(contract.V1Beta1): "v1alpha1", contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha1", "v1alpha2"}},
	}
}

// ObjectName names the provider object (and its core object) of label set
// ls and the i-th case; kinds keep them apart.
func (p *Probe) ObjectName(ls LabelSet, i int) string {
	return fmt.Sprintf("%s-%s-%02d", strings.ToLower(p.Kind.TypeSuffix), strings.ToLower(ls.Name), i)
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
	casePoolReplicas   = int64(2)
)

// casePoolIDs are the instances of a pool case; the oracle creates a
// ready Node for each.
var casePoolIDs = []any{"oracle://pool/0", "oracle://pool/1"}

// tri is a readiness field's value in a case: unset, true or false.
type tri int

const (
	unset tri = iota
	yes
	no
)

func (t tri) String() string { return [...]string{"unset", "true", "false"}[t] }

// fields is an object under construction, written at catalog paths.
type fields map[string]any

// set writes v at the dot path; an empty path (a point the catalog no
// longer has) writes nothing, and the oracle's tests then disagree.
func (f fields) set(path string, v any) fields {
	if path != "" {
		_ = unstructured.SetNestedField(f, v, strings.Split(path, ".")...)
	}
	return f
}

func (f fields) clone() fields { return runtime.DeepCopyJSON(f) }

// part is the object's spec or status (an empty map when unset).
func (f fields) part(name string) map[string]any {
	if m, ok := f[name].(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

func newCase(name string, f fields) Case {
	return Case{Name: name, Spec: f.part(contract.ObjectSpec), Status: f.part(contract.ObjectStatus)}
}

// at is the path of kind k's point of aspect a under contract c ("" when none).
func at(k *contract.Kind, c contract.Contract, a contract.Aspect) string {
	p, _ := k.PointOf(c, a)
	return p.Path
}

// readinessCases are every combination of the kind's readiness pair, on
// top of base.
func readinessCases(k *contract.Kind, base fields) []Case {
	v1, v2 := at(k, contract.V1Beta1, contract.AspectReadiness), at(k, contract.V1Beta2, contract.AspectReadiness)
	var out []Case
	for _, ready := range []tri{unset, yes, no} {
		for _, init := range []tri{unset, yes, no} {
			f := base.clone()
			if ready != unset {
				f.set(v1, ready == yes)
			}
			if init != unset {
				f.set(v2, init == yes)
			}
			out = append(out, newCase(fmt.Sprintf("%s-%s-%s-%s", contract.Leaf(v1), ready, contract.Leaf(v2), init), f))
		}
	}
	return out
}

// bothReady sets both readiness fields of the kind true.
func bothReady(k *contract.Kind, f fields) fields {
	return f.set(at(k, contract.V1Beta1, contract.AspectReadiness), true).set(at(k, contract.V1Beta2, contract.AspectReadiness), true)
}

// failureCases set the v1beta1 failure fields at the top level (where core
// reads them) and where the v1beta2 contract keeps them (deprecated.v1beta1).
func failureCases(k *contract.Kind, base fields) []Case {
	var out []Case
	for _, c := range []struct {
		name     string
		contract contract.Contract
	}{{"failure-top-level", contract.V1Beta1}, {"failure-deprecated", contract.V1Beta2}} {
		f := bothReady(k, base.clone())
		f.set(at(k, c.contract, contract.AspectFailureReason), caseFailureReason)
		f.set(at(k, c.contract, contract.AspectFailureMessage), caseFailureMessage)
		out = append(out, newCase(c.name, f))
	}
	return out
}

// refPath is where core objects of coreKind reference objects of kind k.
func refPath(k *contract.Kind, coreKind string) string {
	for _, l := range k.Links {
		if l.CoreKind == coreKind {
			return l.Ref
		}
	}
	return ""
}

// reportPath is where core objects of coreKind (v1beta2) report aspect a of kind k.
func reportPath(k *contract.Kind, coreKind string, a contract.Aspect) string {
	for _, l := range k.Links {
		for _, m := range l.Reports {
			if l.CoreKind == coreKind && l.APIVersion == contract.V1Beta2 && m.Aspect == a {
				return m.Path
			}
		}
	}
	return ""
}

// InfraMachineProbe runs the Machine reconciler against InfraMachines: the
// readiness combinations with a providerID, readiness without one,
// failures, and both failure domains with addresses.
var InfraMachineProbe = &Probe{
	Kind: &contract.InfraMachine, CoreKind: "Machine", Condition: "InfrastructureReady",
	cases: func() []Case {
		k := &contract.InfraMachine
		withID := fields{}.set(at(k, contract.V1Beta2, contract.AspectProviderID), caseProviderID)
		out := readinessCases(k, withID)
		out = append(out, newCase("ready-no-providerid", bothReady(k, fields{})))
		out = append(out, failureCases(k, withID)...)
		placed := bothReady(k, withID.clone())
		placed.set(at(k, contract.V1Beta1, contract.AspectMachineFailureDomain), caseSpecDomain)
		placed.set(at(k, contract.V1Beta2, contract.AspectMachineFailureDomain), caseStatusDomain)
		placed.set(at(k, contract.V1Beta2, contract.AspectAddresses), []any{map[string]any{"type": "InternalIP", "address": "10.0.0.1"}})
		return append(out, newCase("failure-domains", placed))
	},
	coreSpec: func(version, ns string, ls LabelSet, name string) map[string]any {
		f := fields{contract.ObjectSpec: map[string]any{"clusterName": clusterName}}
		f.set(refPath(&contract.InfraMachine, "Machine"), coreRef(version, ns, ls, name))
		f.set(reportPath(&contract.BootstrapConfig, "Machine", contract.AspectDataSecretName), caseSecretName)
		return f.part(contract.ObjectSpec)
	},
}

// BootstrapConfigProbe runs the Machine reconciler against BootstrapConfigs.
// Its Machines point at an InfraMachine that does not exist: core
// reconciles the bootstrap config first and waits for the infrastructure.
var BootstrapConfigProbe = &Probe{
	Kind: &contract.BootstrapConfig, CoreKind: "Machine", Condition: "BootstrapConfigReady",
	cases: func() []Case {
		k := &contract.BootstrapConfig
		withSecret := fields{}.set(at(k, contract.V1Beta2, contract.AspectDataSecretName), caseSecretName)
		out := readinessCases(k, withSecret)
		out = append(out, newCase("ready-no-datasecretname", bothReady(k, fields{})))
		return append(out, failureCases(k, withSecret)...)
	},
	coreSpec: func(version, ns string, ls LabelSet, name string) map[string]any {
		f := fields{contract.ObjectSpec: map[string]any{"clusterName": clusterName}}
		f.set(refPath(&contract.BootstrapConfig, "Machine"), coreRef(version, ns, ls, name))
		f.set(refPath(&contract.InfraMachine, "Machine"), coreRef(version, ns, InfraMachineProbe.LabelSets()[0], "absent"))
		return f.part(contract.ObjectSpec)
	},
}

// InfraClusterProbe runs the Cluster reconciler against InfraClusters:
// the readiness combinations, failures, and failure domains in the
// v1beta1 (map) and v1beta2 (list) shapes.
var InfraClusterProbe = &Probe{
	Kind: &contract.InfraCluster, CoreKind: "Cluster", Condition: "InfrastructureReady",
	cases: func() []Case {
		k := &contract.InfraCluster
		out := readinessCases(k, fields{})
		out = append(out, failureCases(k, fields{})...)
		domains := at(k, contract.V1Beta2, contract.AspectFailureDomains)
		asMap := bothReady(k, fields{}).set(domains, map[string]any{"fd-a": map[string]any{"controlPlane": true}, "fd-b": map[string]any{}})
		asList := bothReady(k, fields{}).set(domains, []any{map[string]any{"name": "fd-a", "controlPlane": true}, map[string]any{"name": "fd-b"}})
		return append(out, newCase("domains-map", asMap), newCase("domains-list", asList))
	},
	coreSpec: func(version, ns string, ls LabelSet, name string) map[string]any {
		return fields{}.set(refPath(&contract.InfraCluster, "Cluster"), coreRef(version, ns, ls, name)).part(contract.ObjectSpec)
	},
}

// ControlPlaneProbe runs the Cluster reconciler against ControlPlanes: the
// initialization combinations, a v1beta1 status.ready beside them (the
// field some releases read in place of status.initialized), and failures.
var ControlPlaneProbe = &Probe{
	Kind: &contract.ControlPlane, CoreKind: "Cluster", Condition: "ControlPlaneInitialized",
	cases: func() []Case {
		k := &contract.ControlPlane
		ready := at(k, contract.V1Beta1, contract.AspectControlPlaneReady)
		out := readinessCases(k, fields{})
		out = append(out,
			newCase("ready-true-only", fields{}.set(ready, true)),
			newCase("ready-true-initialized-false", fields{}.set(ready, true).set(at(k, contract.V1Beta1, contract.AspectReadiness), false)))
		return append(out, failureCases(k, fields{})...)
	},
	coreSpec: func(version, ns string, ls LabelSet, name string) map[string]any {
		return fields{}.set(refPath(&contract.ControlPlane, "Cluster"), coreRef(version, ns, ls, name)).part(contract.ObjectSpec)
	},
}

// InfraMachinePoolProbe runs the MachinePool reconciler against
// InfraMachinePools: the readiness combinations (what Cluster API PR #14030
// changes), failures, and instances: a list of provider IDs and a replica
// count, each alone and together, on a ready pool and (together) on one
// not ready. Core copies them only with a connection to the workload
// cluster: the pools' Cluster has a kubeconfig to the envtest apiserver
// itself, which holds a ready Node per provider ID (caseProviderIDs).
var InfraMachinePoolProbe = &Probe{
	Kind: &contract.InfraMachinePool, CoreKind: contract.MachinePoolKind, Condition: "InfrastructureReady", workload: true,
	cases: func() []Case {
		k := &contract.InfraMachinePool
		out := append(readinessCases(k, fields{}), failureCases(k, fields{})...)
		ids, replicas := at(k, contract.V1Beta2, contract.AspectProviderIDList), at(k, contract.V1Beta2, contract.AspectReplicas)
		both := fields{}.set(ids, slices.Clone(casePoolIDs)).set(replicas, casePoolReplicas)
		return append(out,
			newCase("instances", bothReady(k, both.clone())),
			newCase("instances-ids-only", bothReady(k, fields{}.set(ids, slices.Clone(casePoolIDs)))),
			newCase("instances-count-only", bothReady(k, fields{}.set(replicas, casePoolReplicas))),
			newCase("instances-not-ready", both))
	},
	coreSpec: func(version, ns string, ls LabelSet, name string) map[string]any {
		f := fields{contract.ObjectSpec: map[string]any{"clusterName": workloadCluster}}
		f.set(refPath(&contract.InfraMachinePool, contract.MachinePoolKind), coreRef(version, ns, ls, name))
		f.set(reportPath(&contract.BootstrapConfig, contract.MachinePoolKind, contract.AspectDataSecretName), caseSecretName)
		// The template's Machine spec names the Cluster too.
		if tmpl, ok := f.part(contract.ObjectSpec)["template"].(map[string]any); ok {
			if spec, ok := tmpl[contract.ObjectSpec].(map[string]any); ok {
				spec["clusterName"] = workloadCluster
			}
		}
		// Core's v1beta1 webhook defaults minReadySeconds, which the v1.10
		// reconciler dereferences when it counts a pool's ready Nodes.
		if version == contract.V1Beta1 {
			f.part(contract.ObjectSpec)["minReadySeconds"] = int64(0)
		}
		return f.part(contract.ObjectSpec)
	},
}

// caseProviderIDs are the provider IDs a case lists at the kind's
// provider ID list points (none for kinds without one).
func caseProviderIDs(k *contract.Kind, c Case) []string {
	obj := map[string]any{contract.ObjectSpec: c.Spec, contract.ObjectStatus: c.Status}
	var out []string
	for _, ct := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		if p, ok := k.PointOf(ct, contract.AspectProviderIDList); ok {
			ids, _, _ := unstructured.NestedStringSlice(obj, p.Segments()...)
			for _, id := range ids {
				if id != "" && !slices.Contains(out, id) {
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// Probes are every probe, in run order.
var Probes = []*Probe{InfraMachineProbe, BootstrapConfigProbe, InfraClusterProbe, ControlPlaneProbe, InfraMachinePoolProbe}

// clusterName is the Cluster the Machines belong to; core has no
// connection to its workload cluster. workloadCluster is the Cluster of
// workload probes' objects, connected to the envtest apiserver.
const (
	clusterName     = "oracle"
	workloadCluster = "oracle-workload"
)

// cluster is the Cluster the probe's core objects belong to.
func (p *Probe) cluster() string {
	if p.workload {
		return workloadCluster
	}
	return clusterName
}

// coreRef references a provider object as a core object of API version
// does: by apiGroup from v1beta2, by apiVersion and namespace (which core's
// webhook would default) before.
func coreRef(version, ns string, ls LabelSet, name string) map[string]any {
	ref := map[string]any{"kind": ls.Kind, "name": name}
	if version == contract.V1Beta1 {
		ref["apiVersion"] = ls.Group + "/" + ls.Storage()
		ref["namespace"] = ns
	} else {
		ref["apiGroup"] = ls.Group
	}
	return ref
}
