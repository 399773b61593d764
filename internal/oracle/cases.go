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
	// Kind is the provider kind the oracle defines for the label set: the
	// label is per CRD, so each label set is its own CRD.
	Kind string
	// Labels are the CRD's contract labels.
	Labels map[string]string
	// Served are the API versions the CRD serves; the last is the storage version.
	Served []string
}

// Plural is the CRD's plural: the lower-case kind plus "s", which is what
// core's CalculateCRDName (flect.Pluralize) gives for these kind names.
func (l LabelSet) Plural() string { return strings.ToLower(l.Kind) + "s" }

// OracleGroup is the API group of the provider kinds the oracle defines.
const OracleGroup = contract.InfrastructureGroupPrefix + "oracle.mpaudit.invalid"

// LabelSets are the CRD labellings the catalog distinguishes for a kind
// named base: v1beta1 only, v1beta2 only, and both (each naming its own
// served version, as a provider mid-migration serves them).
func LabelSets(base string) []LabelSet {
	return []LabelSet{
		{Name: contract.V1Beta1, Kind: "LabelOne" + base, Labels: map[string]string{contract.LabelKey(contract.V1Beta1): "v1alpha1"}, Served: []string{"v1alpha1"}},
		{Name: contract.V1Beta2, Kind: "LabelTwo" + base, Labels: map[string]string{contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha2"}},
		{Name: "both", Kind: "LabelBoth" + base, Labels: map[string]string{
			contract.LabelKey(contract.V1Beta1): "v1alpha1", contract.LabelKey(contract.V1Beta2): "v1alpha2"}, Served: []string{"v1alpha1", "v1alpha2"}},
	}
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

// InfraMachineCases are the InfraMachine objects the oracle runs the
// Machine reconciler against: every combination of the v1beta1 and v1beta2
// readiness fields with a providerID, readiness without one, top-level and
// deprecated failures, and both failure domains with addresses.
func InfraMachineCases() []Case {
	var out []Case
	for _, ready := range []tri{unset, yes, no} {
		for _, prov := range []tri{unset, yes, no} {
			status := map[string]any{}
			if ready != unset {
				status["ready"] = ready == yes
			}
			if prov != unset {
				status["initialization"] = map[string]any{"provisioned": prov == yes}
			}
			out = append(out, Case{
				Name:   fmt.Sprintf("ready-%s-provisioned-%s", ready, prov),
				Spec:   map[string]any{"providerID": caseProviderID},
				Status: status,
			})
		}
	}
	bothReady := func() map[string]any {
		return map[string]any{"ready": true, "initialization": map[string]any{"provisioned": true}}
	}
	noID := bothReady()
	out = append(out, Case{Name: "ready-no-providerid", Spec: map[string]any{}, Status: noID})
	failed := bothReady()
	failed["failureReason"], failed["failureMessage"] = caseFailureReason, caseFailureMessage
	out = append(out, Case{Name: "failure-top-level", Spec: map[string]any{"providerID": caseProviderID}, Status: failed})
	deprecated := bothReady()
	deprecated["deprecated"] = map[string]any{"v1beta1": map[string]any{"failureReason": caseFailureReason, "failureMessage": caseFailureMessage}}
	out = append(out, Case{Name: "failure-deprecated", Spec: map[string]any{"providerID": caseProviderID}, Status: deprecated})
	placed := bothReady()
	placed["failureDomain"] = caseStatusDomain
	placed["addresses"] = []any{map[string]any{"type": "InternalIP", "address": "10.0.0.1"}}
	out = append(out, Case{Name: "failure-domains", Spec: map[string]any{"providerID": caseProviderID, "failureDomain": caseSpecDomain}, Status: placed})
	return out
}
