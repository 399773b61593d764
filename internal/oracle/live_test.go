package oracle

import (
	"context"
	"slices"
	"testing"
	"time"

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
		outcomes[o.Label+"/"+o.Case] = o
	}
	for _, ls := range LabelSets("Machine") {
		for i, c := range InfraMachineCases() {
			name := ObjectName(ls, i)
			o, ok := outcomes[ls.Name+"/"+c.Name]
			if !ok {
				t.Errorf("%s: no outcome", name)
				continue
			}
			got := rules[name]
			has := func(rule string) bool { return slices.Contains(got, rule) }
			init, _ := c.Status["initialization"].(map[string]any)
			setsTrue := c.Status["ready"] == true || init["provisioned"] == true
			_, hasID := c.Spec["providerID"]
			if has(contract.RuleKindObjectUnread) && o.Provisioned {
				t.Errorf("%s: live reports %s (never seen as provisioned) but core provisioned it", o.Key(), contract.RuleKindObjectUnread)
			}
			// Core passed over a readiness field set true: live must say so.
			if o.Resolved && !o.Provisioned && setsTrue && hasID && !has(contract.RuleKindObjectUnread) && !has(contract.RuleKindObjectDisagree) {
				t.Errorf("%s: core did not provision it although it sets a readiness field true, and live reports neither %s nor %s (rules %v)",
					o.Key(), contract.RuleKindObjectUnread, contract.RuleKindObjectDisagree, got)
			}
			if has(contract.RuleKindObjectFailure) != (o.FailureReason != "") {
				t.Errorf("%s: live %s reported %v, core propagated failure %q", o.Key(), contract.RuleKindObjectFailure, has(contract.RuleKindObjectFailure), o.FailureReason)
			}
			if has(contract.RuleKindObjectFieldMissing) && o.Provisioned {
				t.Errorf("%s: live reports %s (core cannot take it over) but core provisioned it", o.Key(), contract.RuleKindObjectFieldMissing)
			}
			if has(contract.RuleCoreObjectDisagree) {
				t.Errorf("%s: live reports %s on a Machine core itself just reconciled (rules %v)", o.Key(), contract.RuleCoreObjectDisagree, got)
			}
		}
	}
}
