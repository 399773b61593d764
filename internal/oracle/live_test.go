package oracle

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/live"
)

// checkLive runs `mpaudit live` against the objects core just reconciled
// and fails where its verdicts contradict what core concluded: a live
// finding that says core does not see an object provisioned must be about
// an object core did not provision, and so on.
func checkLive(t *testing.T, r contract.Release, m measurement) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	src, err := live.NewClusterSource("oracle", m.env.Config, 500)
	if err != nil {
		t.Fatal(err)
	}
	res, err := live.Audit(ctx, src, live.Options{Namespace: m.run.Namespace, CAPIVersion: string(r)})
	if err != nil {
		t.Fatal(err)
	}
	// The provider object and its Machine share a name.
	rules := map[string][]string{}
	for _, f := range res.Findings {
		if f.Object != nil {
			rules[f.Object.Name] = append(rules[f.Object.Name], f.Rule)
		}
	}
	outcomes := map[string]Outcome{}
	for _, o := range m.run.Outcomes {
		outcomes[o.Kind+"/"+o.Label+"/"+o.Case] = o
	}
	for _, p := range Probes {
		v1p, v2p, _ := p.Kind.ReadinessPair()
		for _, ls := range p.LabelSets() {
			for i, c := range p.Cases() {
				name := p.ObjectName(ls, i)
				o, ok := outcomes[p.Kind.Name+"/"+ls.Name+"/"+c.Name]
				if !ok {
					t.Errorf("%s: no outcome", name)
					continue
				}
				checkVerdicts(t, p, o, c, rules[name], v1p, v2p)
			}
		}
	}
}

// checkVerdicts compares live's findings on one object (and its core
// object) with what core concluded about it.
func checkVerdicts(t *testing.T, p *Probe, o Outcome, c Case, got []string, v1p, v2p contract.Point) {
	t.Helper()
	has := func(rule string) bool { return slices.Contains(got, rule) }
	obj := map[string]any{"spec": c.Spec, "status": c.Status}
	isTrue := func(pt contract.Point) bool {
		v, _, _ := unstructured.NestedFieldNoCopy(obj, pt.Segments()...)
		return v == true
	}
	setsTrue := isTrue(v1p) || isTrue(v2p)
	version := string(contract.ContractsKnownBy(o.Release)[0])
	claimed := true
	for _, a := range takeover {
		if pt, ok := p.Kind.PointOf(contract.V1Beta2, a); ok && mirror(p, o.Release, version, a) != nil {
			if s, _, _ := unstructured.NestedString(obj, pt.Segments()...); s == "" {
				claimed = false
			}
		}
	}
	unread := has(p.Kind.ObjectRuleOf(contract.CheckUnread, contract.V1Beta1).Rule) || has(p.Kind.ObjectRuleOf(contract.CheckUnread, contract.V1Beta2).Rule)
	disagree := has(p.Kind.ObjectRuleOf(contract.CheckDisagree, contract.V1Beta1).Rule) || has(p.Kind.ObjectRuleOf(contract.CheckDisagree, contract.V1Beta2).Rule)
	failure := p.Kind.ObjectRuleOf(contract.CheckFailure, "").Rule
	if unread && o.Provisioned {
		t.Errorf("%s: live reports the readiness core reads unset (rules %v) but core provisioned it", o.Key(), got)
	}
	// Core passed over a readiness field set true: live must say so.
	reports := mirror(p, o.Release, version, contract.AspectReadiness) != nil
	if reports && o.Resolved && !o.Provisioned && setsTrue && claimed && !unread && !disagree && !has(contract.RuleKindObjectDomains) && o.FailureReason == "" && !setsFailure(p, c) {
		t.Errorf("%s: core did not provision it although it sets a readiness field true, and live reports neither an unread nor a disagreeing readiness field (rules %v)", o.Key(), got)
	}
	if o.Resolved && has(failure) != setsFailure(p, c) { // live judges objects core can resolve
		t.Errorf("%s: live %s reported %v, the object sets a top-level failure: %v", o.Key(), failure, has(failure), setsFailure(p, c))
	}
	if o.FailureReason != "" && !has(failure) {
		t.Errorf("%s: core propagated failure %q but live reports no %s", o.Key(), o.FailureReason, failure)
	}
	if has(contract.RuleKindObjectFieldMissing) && o.Provisioned {
		t.Errorf("%s: live reports %s (core cannot take it over) but core provisioned it", o.Key(), contract.RuleKindObjectFieldMissing)
	}
	// A pool's instances: live warns where a set replica count and the
	// provider ID list disagree, both of which core copies once it
	// provisioned the pool.
	if p.Kind == &contract.InfraMachinePool && o.Provisioned {
		ids := 0
		if o.ProviderIDs != "" {
			ids = len(strings.Split(o.ProviderIDs, ","))
		}
		_, set, _ := unstructured.NestedFieldNoCopy(obj, strings.Split(at(p.Kind, contract.V1Beta2, contract.AspectReplicas), ".")...)
		if mismatch := set && o.Replicas != ids; has(contract.RuleObjectReplicas) != mismatch {
			t.Errorf("%s: live %s reported %v, core copied %d replicas and %d provider IDs", o.Key(), contract.RuleObjectReplicas, has(contract.RuleObjectReplicas), o.Replicas, ids)
		}
	}
	if has(contract.RuleCoreObjectDisagree) {
		t.Errorf("%s: live reports %s on a %s core itself just reconciled (rules %v)", o.Key(), contract.RuleCoreObjectDisagree, p.CoreKind, got)
	}
}

// setsFailure reports whether the case sets a v1beta1 top-level failure field.
func setsFailure(p *Probe, c Case) bool {
	obj := map[string]any{"spec": c.Spec, "status": c.Status}
	for _, a := range []contract.Aspect{contract.AspectFailureReason, contract.AspectFailureMessage} {
		if s, _, _ := unstructured.NestedString(obj, strings.Split(at(p.Kind, contract.V1Beta1, a), ".")...); s != "" {
			return true
		}
	}
	return false
}
