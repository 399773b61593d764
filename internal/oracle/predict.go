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
	reads, err := contract.Reads(p.Kind, r, label)
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
	if provisioned, _ := byAspect[contract.AspectReadiness].(bool); !provisioned {
		return o
	}
	for _, a := range takeover {
		if _, has := p.Kind.PointOf(contract.V1Beta2, a); has {
			if s, _ := byAspect[a].(string); s == "" {
				return o
			}
		}
	}
	// Failure domains of the other contract's shape fail the reconcile
	// before core records the object provisioned.
	if v, ok := byAspect[contract.AspectFailureDomains]; ok && jsonType(v) != contract.OpenAPIType(points[contract.AspectFailureDomains].Type) {
		return o
	}
	o.Provisioned = true
	if mirrors(p, contract.AspectProviderID) {
		o.ProviderID, _ = byAspect[contract.AspectProviderID].(string)
	}
	if mirrors(p, contract.AspectDataSecretName) {
		o.DataSecretName, _ = byAspect[contract.AspectDataSecretName].(string)
	}
	if mirrors(p, contract.AspectFailureDomains) {
		o.FailureDomains = strings.Join(domainNames(byAspect[contract.AspectFailureDomains]), ",")
	}
	if p.Kind == &contract.InfraMachine {
		if a, ok := byAspect[contract.AspectAddresses].([]any); ok {
			o.Addresses = len(a)
		}
		// Each failure domain point lands at the same path on the Machine.
		o.SpecFailureDomain, _ = byPath["spec.failureDomain"].(string)
		o.StatusFailureDomain, _ = byPath["status.failureDomain"].(string)
	}
	return o
}

// mirrors reports whether the probe's core object reports aspect a.
func mirrors(p *Probe, a contract.Aspect) bool {
	return mirror(p, contract.V1Beta2, a) != nil || mirror(p, contract.V1Beta1, a) != nil
}

// jsonType is the OpenAPI type of a decoded JSON value.
func jsonType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	}
	return "number"
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
	field("resolved", want.Resolved, got.Resolved)
	field("provisioned", want.Provisioned, got.Provisioned)
	field("providerID", want.ProviderID, got.ProviderID)
	field("dataSecretName", want.DataSecretName, got.DataSecretName)
	field("failureReason", want.FailureReason, got.FailureReason)
	if (want.FailureMessage == "") != (got.FailureMessage == "") || !strings.Contains(got.FailureMessage, want.FailureMessage) {
		out = append(out, fmt.Sprintf("failureMessage: catalog %q, core %q", want.FailureMessage, got.FailureMessage))
	}
	field("failureDomains", want.FailureDomains, got.FailureDomains)
	field("spec.failureDomain", want.SpecFailureDomain, got.SpecFailureDomain)
	field("status.failureDomain", want.StatusFailureDomain, got.StatusFailureDomain)
	field("addresses", want.Addresses, got.Addresses)
	field("settled", want.Settled, got.Settled)
	return out
}
