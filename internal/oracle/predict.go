package oracle

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
)

// PredictInfraMachine is what the catalog says the Machine reconciler of
// release r concludes about an InfraMachine of case c whose CRD is labelled
// ls: the label resolves as ResolveContractAt says, core reads the points
// Reads lists for that contract, and the Machine mirrors them.
func PredictInfraMachine(r contract.Release, ls LabelSet, c Case) Outcome {
	o := Outcome{Release: r, Kind: contract.KindInfraMachine, Label: ls.Name, Case: c.Name, Settled: true}
	label, _, err := contract.ResolveContractAt(ls.Labels, r)
	if err != nil {
		return o
	}
	o.Resolved = true
	reads, err := contract.Reads(&contract.InfraMachine, r, label)
	if err != nil {
		return o
	}
	obj := map[string]any{"spec": c.Spec, "status": c.Status}
	// The first read point of an aspect that the object sets wins: Reads
	// puts a fallback right after the point it stands in for.
	byAspect := map[contract.Aspect]any{}
	byPath := map[string]any{}
	for _, rp := range reads {
		v, ok, _ := unstructured.NestedFieldNoCopy(obj, rp.Point.Segments()...)
		if !ok || v == nil {
			continue
		}
		byPath[rp.Point.Path] = v
		if _, seen := byAspect[rp.Point.Aspect]; !seen {
			byAspect[rp.Point.Aspect] = v
		}
	}
	provisioned, _ := byAspect[contract.AspectReadiness].(bool)
	o.FailureReason, _ = byAspect[contract.AspectFailureReason].(string)
	o.FailureMessage, _ = byAspect[contract.AspectFailureMessage].(string)
	// The Machine takes the rest only from a provisioned InfraMachine with a
	// providerID (reconcileInfrastructure waits for both). The catalog keeps
	// this only as the providerID point's note; the oracle checks it.
	id, _ := byAspect[contract.AspectProviderID].(string)
	if !provisioned || id == "" {
		return o
	}
	o.Provisioned, o.ProviderID = true, id
	if a, ok := byAspect[contract.AspectAddresses].([]any); ok {
		o.Addresses = len(a)
	}
	// Each failure domain point lands at the same path on the Machine.
	o.SpecFailureDomain, _ = byPath["spec.failureDomain"].(string)
	o.StatusFailureDomain, _ = byPath["status.failureDomain"].(string)
	return o
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
	field("failureReason", want.FailureReason, got.FailureReason)
	if (want.FailureMessage == "") != (got.FailureMessage == "") || !strings.Contains(got.FailureMessage, want.FailureMessage) {
		out = append(out, fmt.Sprintf("failureMessage: catalog %q, core %q", want.FailureMessage, got.FailureMessage))
	}
	field("spec.failureDomain", want.SpecFailureDomain, got.SpecFailureDomain)
	field("status.failureDomain", want.StatusFailureDomain, got.StatusFailureDomain)
	field("addresses", want.Addresses, got.Addresses)
	field("settled", want.Settled, got.Settled)
	return out
}
