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
	// found are the findings on each object and its core object; onObject
	// those on the provider object alone, by kind and name.
	found, onObject := map[string]findings{}, map[string]findings{}
	for _, f := range res.Findings {
		if f.Object != nil {
			rules[f.Object.Name] = append(rules[f.Object.Name], f.Rule)
			found[f.Object.Name] = append(found[f.Object.Name], finding{f.Rule, f.Severity, f.Field})
			onObject[f.Object.Kind+"/"+f.Object.Name] = append(onObject[f.Object.Kind+"/"+f.Object.Name], finding{f.Rule, f.Severity, f.Field})
		}
	}
	compared := map[string]int{}
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
				// ref is the outcome of the same object without the aspects' fields.
				ref := func(aspects ...contract.Aspect) (Outcome, Case, bool) {
					rc, ok := without(p, c, aspects...)
					if !ok {
						return Outcome{}, Case{}, false
					}
					ro, ok := outcomes[p.Kind.Name+"/"+ls.Name+"/"+rc.Name]
					return ro, rc, ok
				}
				checkSeverities(t, p, o, c, found[name], ref, compared)
				// Every finding on a ready object (one that sets a readiness
				// field true: live cannot tell one that sets none from one
				// not ready yet) is an error exactly when core misread it.
				// A core object of this release that shows no readiness (a
				// v1.10 Cluster's control plane initialization) cannot say
				// whether core misread it, as in TestRecordMatchesCheck.
				shows := mirror(p, o.Release, string(contract.ContractsKnownBy(o.Release)[0]), contract.AspectReadiness) != nil
				if _, ready := readyFields(p, c); ready && shows && claimsReady(c, v1p, v2p) && o.Resolved && o.Settled {
					compared["every rule"]++
					if miss, got := misreads(p, o, c), onObject[ls.Kind+"/"+name]; (len(miss) > 0) != (got.worst(nil) == contract.Error) {
						t.Errorf("%s: core misread it: %v, but live reports on it: %s", o.Key(), miss, got)
					}
				}
			}
		}
	}
	for _, aspect := range []string{"every rule", "failure, top-level", string(contract.AspectProviderID), string(contract.AspectDataSecretName), string(contract.AspectFailureDomains)} {
		if compared[aspect] == 0 {
			t.Errorf("no object compared with live's verdicts for %s", aspect)
		}
	}
	t.Logf("ready objects compared with live's severities, by aspect: %v", compared)
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
	// provisioned the pool, and where provider IDs come without a count
	// (core skips it: the MachinePool keeps the one it had).
	if p.Kind == &contract.InfraMachinePool && o.Provisioned {
		ids := 0
		if o.ProviderIDs != "" {
			ids = len(strings.Split(o.ProviderIDs, ","))
		}
		_, set, _ := unstructured.NestedFieldNoCopy(obj, strings.Split(at(p.Kind, contract.V1Beta2, contract.AspectReplicas), ".")...)
		if mismatch := set && o.Replicas != ids || !set && ids > 0; has(contract.RuleObjectReplicas) != mismatch {
			t.Errorf("%s: live %s reported %v, core copied %d replicas and %d provider IDs", o.Key(), contract.RuleObjectReplicas, has(contract.RuleObjectReplicas), o.Replicas, ids)
		}
	}
	// Core itself just reconciled the core object: it cannot disagree
	// with what core computes.
	for _, rule := range []string{contract.RuleCoreObjectDisagree, contract.RuleCoreObjectDomains, contract.RuleMachinePoolDisagree} {
		if has(rule) {
			t.Errorf("%s: live reports %s on a %s core itself just reconciled (rules %v)", o.Key(), rule, p.CoreKind, got)
		}
	}
}

// checkSeverities compares the severities of live's findings on one
// ready object with core's outcome, by aspect, as TestRecordMatchesCheck
// does for the static check: the failure rule is an error where setting
// the top-level failure fields made core misread the object, else a
// warning (info before v1.11); the rule on an empty providerID or
// dataSecretName an error exactly when core waits for it; the rule on the
// failure domains' shape an error exactly when core did not copy them.
func checkSeverities(t *testing.T, p *Probe, o Outcome, c Case, got findings, ref func(...contract.Aspect) (Outcome, Case, bool), compared map[string]int) {
	t.Helper()
	if _, ready := readyFields(p, c); !ready || !o.Resolved || !o.Settled {
		return
	}
	version := string(contract.ContractsKnownBy(o.Release)[0])
	miss := misreads(p, o, c)
	failure := []string{p.Kind.ObjectRuleOf(contract.CheckFailure, "").Rule}
	if setsFailure(p, c) {
		ro, rc, ok := ref(contract.AspectFailureReason, contract.AspectFailureMessage)
		if !ok {
			t.Errorf("%s: no outcome of the object without its failure fields", o.Key())
			return
		}
		want := contract.Error
		if o.FailureReason != "" && slices.Equal(miss, misreads(p, ro, rc)) {
			want = deprecatedSeverity(o.Release)
		}
		compared["failure, top-level"]++
		if fs := got.of(failure); len(fs) == 0 || slices.ContainsFunc(fs, func(f finding) bool { return f.sev != want }) {
			t.Errorf("%s: core propagated the failure %q and misread the object %v (without the failure: %v), so live's %s should be %s; live reports: %s",
				o.Key(), o.FailureReason, miss, misreads(p, ro, rc), failure[0], want, got)
		}
	}
	for _, a := range takeover {
		pt, ok := p.Kind.PointOf(contract.V1Beta2, a)
		if !ok || mirror(p, o.Release, version, a) == nil {
			continue
		}
		empty := stringAt(c, pt.Path) == ""
		compared[string(a)]++
		if !got.judges(pt.Path, empty && !o.Provisioned) {
			t.Errorf("%s: %s empty: %v, core provisioned the object: %v; live reports: %s", o.Key(), pt.Path, empty, o.Provisioned, got)
		}
	}
	if pt, ok := p.Kind.PointOf(contract.V1Beta2, contract.AspectFailureDomains); ok && mirror(p, o.Release, version, contract.AspectFailureDomains) != nil {
		if v, set := valueAt(c, pt.Path); set {
			ro, rc, ok := ref(contract.AspectFailureDomains)
			if !ok {
				t.Errorf("%s: no outcome of the object without its failure domains", o.Key())
				return
			}
			copied := o.FailureDomains == strings.Join(domainNames(v), ",") && slices.Equal(miss, misreads(p, ro, rc))
			compared[string(contract.AspectFailureDomains)]++
			if !got.judges(pt.Path, !copied) {
				t.Errorf("%s: core copied the failure domains: %v; live reports: %s", o.Key(), copied, got)
			}
		}
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

// claimsReady reports whether case c sets a point of the readiness pair true.
func claimsReady(c Case, pair ...contract.Point) bool {
	for _, pt := range pair {
		if v, _ := valueAt(c, pt.Path); v == true {
			return true
		}
	}
	return false
}
