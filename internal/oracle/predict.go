package oracle

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
)

// takeover are the aspects core takes a ready object over by: it reports
// the object provisioned only once they are non-empty (reconcileInfrastructure
// waits for the providerID, reconcileBootstrap for the dataSecretName). The
// catalog keeps this only as the points' notes and MPA423; the oracle checks it.
var takeover = []contract.Aspect{contract.AspectProviderID, contract.AspectDataSecretName}

// Predict is what the catalog says core's reconciler of release r
// concludes about a provider object of case c whose CRD is labelled ls: the
// label resolves as ResolveContractAt says, core reads the points Reads
// lists for that contract, and its object mirrors them as the kind's links say.
func Predict(p *Probe, r contract.Release, ls LabelSet, c Case) Outcome {
	o := Outcome{Release: r, Kind: p.Kind.Name, Label: ls.Name, Case: c.Name, Settled: true}
	label, _, err := contract.ResolveContractAt(ls.Labels, r)
	if err != nil {
		return o
	}
	o.Resolved = true
	reads, err := contract.Reads(p.Kind, r, p.Kind.ObjectReadLabel(r, label))
	if err != nil {
		return o
	}
	obj := map[string]any{"spec": c.Spec, "status": c.Status}
	// The first read point of an aspect that the object sets wins: Reads
	// puts a fallback right after the point it stands in for.
	byAspect := map[contract.Aspect]any{}
	byPath := map[string]any{}
	points := map[contract.Aspect]contract.Point{}
	for _, rp := range reads {
		v, ok, _ := unstructured.NestedFieldNoCopy(obj, rp.Point.Segments()...)
		if !ok || v == nil {
			continue
		}
		if s, isStr := v.(string); rp.Read.FailsReconcile && (!isStr || s != "") {
			return o // core's reconcile fails here: nothing else is concluded
		}
		byPath[rp.Point.Path] = v
		aspect := rp.Point.Aspect
		if stands, ok := p.Kind.Point(rp.Point.Contract, rp.Read.InPlaceOf); ok && rp.Read.InPlaceOf != "" {
			aspect = stands.Aspect // core reads this point as that one
		}
		if _, seen := byAspect[aspect]; !seen {
			byAspect[aspect], points[aspect] = v, rp.Point
		}
	}
	// Failures are copied whatever the object's readiness.
	o.FailureReason, _ = byAspect[contract.AspectFailureReason].(string)
	o.FailureMessage, _ = byAspect[contract.AspectFailureMessage].(string)
	// The core object is of the newest API version the release serves,
	// which is named as the newest contract it knows.
	version := string(contract.ContractsKnownBy(r)[0])
	mirrors := func(a contract.Aspect) bool { return mirror(p, r, version, a) != nil }
	if mirrors(contract.AspectControlPlaneReady) {
		o.ControlPlaneReady, _ = byAspect[contract.AspectControlPlaneReady].(bool)
	}
	if provisioned, _ := byAspect[contract.AspectReadiness].(bool); !provisioned || !mirrors(contract.AspectReadiness) {
		return o
	}
	for _, a := range takeover {
		if _, has := p.Kind.PointOf(contract.V1Beta2, a); has && mirrors(a) {
			if s, _ := byAspect[a].(string); s == "" {
				return o
			}
		}
	}
	// Failure domains of the other contract's shape fail the reconcile
	// before core records the object provisioned.
	if v, ok := byAspect[contract.AspectFailureDomains]; ok && contract.ValueOpenAPIType(v) != contract.OpenAPIType(points[contract.AspectFailureDomains].Type) {
		return o
	}
	o.Provisioned = true
	if mirrors(contract.AspectProviderID) {
		o.ProviderID, _ = byAspect[contract.AspectProviderID].(string)
	}
	if mirrors(contract.AspectDataSecretName) {
		o.DataSecretName, _ = byAspect[contract.AspectDataSecretName].(string)
	}
	if mirrors(contract.AspectFailureDomains) {
		o.FailureDomains = strings.Join(domainNames(byAspect[contract.AspectFailureDomains]), ",")
	}
	// A pool's instances: core copies its provider ID list and replica
	// count, whatever the label, from the points it reads.
	if mirrors(contract.AspectProviderIDList) {
		ids, _ := byAspect[contract.AspectProviderIDList].([]any)
		o.ProviderIDs = joinStrings(ids)
	}
	if mirrors(contract.AspectReplicas) {
		n, _ := byAspect[contract.AspectReplicas].(int64)
		o.Replicas = int(n)
	}
	if p.Kind == &contract.InfraMachine {
		if a, ok := byAspect[contract.AspectAddresses].([]any); ok {
			o.Addresses = len(a)
		}
		// Each failure domain point lands at the same path on the Machine.
		o.SpecFailureDomain, _ = byPath[at(p.Kind, contract.V1Beta1, contract.AspectMachineFailureDomain)].(string)
		o.StatusFailureDomain, _ = byPath[at(p.Kind, contract.V1Beta2, contract.AspectMachineFailureDomain)].(string)
	}
	return o
}

// joinStrings joins a JSON list's strings with commas.
func joinStrings(list []any) string {
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return strings.Join(out, ",")
}

// Diff lists where a measured outcome disagrees with the prediction. Core
// wraps a failure message in its own words, so the measured message need
// only contain the predicted one.
func Diff(want, got Outcome) []string {
	var out []string
	field := func(name string, w, g any) {
		if w != g {
			out = append(out, fmt.Sprintf("%s: catalog %v, core %v", name, w, g))
		}
	}
	aspect := func(a contract.Aspect) string { return string(a) }
	field("resolved", want.Resolved, got.Resolved)
	field(aspect(contract.AspectReadiness), want.Provisioned, got.Provisioned)
	field(aspect(contract.AspectProviderID), want.ProviderID, got.ProviderID)
	field(aspect(contract.AspectDataSecretName), want.DataSecretName, got.DataSecretName)
	field(aspect(contract.AspectFailureReason), want.FailureReason, got.FailureReason)
	if (want.FailureMessage == "") != (got.FailureMessage == "") || !strings.Contains(got.FailureMessage, want.FailureMessage) {
		out = append(out, fmt.Sprintf("%s: catalog %q, core %q", aspect(contract.AspectFailureMessage), want.FailureMessage, got.FailureMessage))
	}
	field(aspect(contract.AspectFailureDomains), want.FailureDomains, got.FailureDomains)
	field(aspect(contract.AspectControlPlaneReady), want.ControlPlaneReady, got.ControlPlaneReady)
	field(aspect(contract.AspectMachineFailureDomain)+" (spec)", want.SpecFailureDomain, got.SpecFailureDomain)
	field(aspect(contract.AspectMachineFailureDomain)+" (status)", want.StatusFailureDomain, got.StatusFailureDomain)
	field(aspect(contract.AspectAddresses), want.Addresses, got.Addresses)
	field(aspect(contract.AspectProviderIDList), want.ProviderIDs, got.ProviderIDs)
	field(aspect(contract.AspectReplicas), want.Replicas, got.Replicas)
	field("settled", want.Settled, got.Settled)
	return out
}
