package contract

import (
	"slices"
	"testing"
)

// policyContexts are every combination of what a severity depends on: the
// target release and its core, the CRD's label (or none), a spoke, the
// kind, both labels, and the finding's own aspects (Style, Advisory).
func policyContexts() []Context {
	var out []Context
	kinds := append([]*Kind{nil}, Kinds...)
	for _, rel := range []Release{"", "v1.10.0", ReleaseV1Beta2, "v1.12.0", LatestVerifiedCore, ReleasePoolFallback, ReleaseV1Beta1Dropped} {
		core := releasedBehaviour
		if rel != "" {
			core, _ = BehaviourFor(string(rel))
		}
		for _, label := range []Contract{"", V1Beta1, V1Beta2} {
			for flags := range 1 << 5 {
				for _, k := range kinds {
					out = append(out, Context{Core: core, Release: rel, Label: label, Kind: k,
						Spoke: flags&1 != 0, BothLabels: flags&2 != 0, Style: flags&4 != 0, Advisory: flags&8 != 0, OutsideCore: flags&16 != 0})
				}
			}
		}
	}
	return out
}

// TestSeverityPolicy: every severity a rule reports, in every context, is
// the severity of a consequence the rule declares for it (type findings on
// spokes may drop to info); every declared severity is reported somewhere.
func TestSeverityPolicy(t *testing.T) {
	for _, r := range Rules() {
		declared := reasons[r.ID]
		if len(declared) == 0 {
			t.Errorf("%s declares no consequence for its severities (contract/policy.go)", r.ID)
			continue
		}
		for sev, cs := range declared {
			if len(cs) == 0 {
				t.Errorf("%s declares %s with no consequence", r.ID, sev)
			}
			for _, c := range cs {
				if c.Severity() != sev {
					t.Errorf("%s: %s is declared %s, but the policy makes %q a %s", r.ID, sev, c, c, c.Severity())
				}
			}
		}
		reached := map[Severity]bool{}
		for _, c := range policyContexts() {
			s := r.Severity(c)
			if s == Off {
				continue
			}
			if c.Spoke && s == Info && r.Scope == ScopeType {
				continue // StyleOrSpoke
			}
			reached[s] = true
			if _, ok := declared[s]; !ok {
				t.Errorf("%s reports %s for %+v, which it declares no consequence for", r.ID, s, describeContext(c))
				break
			}
		}
		for sev := range declared {
			if !reached[sev] && !(sev == Info && slices.Contains(declared[sev], StyleOrSpoke) && r.Scope == ScopeType) {
				t.Errorf("%s declares %s, but reports it in no context", r.ID, sev)
			}
		}
	}
}

func describeContext(c Context) map[string]any {
	k := ""
	if c.Kind != nil {
		k = c.Kind.Name
	}
	return map[string]any{"release": c.Release, "label": c.Label, "kind": k, "spoke": c.Spoke, "both": c.BothLabels, "style": c.Style, "advisory": c.Advisory}
}

// The Go style of the contract's snippets is info, and so is the same
// situation on every kind: top-level failure fields and v1beta1 conditions
// under the same target and label. A pool's failure fields are the same
// situation only where core reads them as it reads every kind's: where
// its read fails the MachinePool reconcile (v1.11+), they are an error.
func TestSeverityPolicySameForEveryKind(t *testing.T) {
	for _, pair := range [][2]string{
		{RuleFailureReason, RuleKindFailureFields},
		{RuleConditionsV1Beta1, RuleKindConditionsV1Beta1},
		{RuleObjectFailure, RuleKindObjectFailure},
	} {
		pool, kind := MustRule(pair[0]), MustRule(pair[1])
		failures := pair[0] != RuleConditionsV1Beta1
		for _, rel := range []Release{"v1.10.0", ReleaseV1Beta2, LatestVerifiedCore} {
			core, _ := BehaviourFor(string(rel))
			for _, label := range []Contract{V1Beta1, V1Beta2} {
				c := Context{Core: core, Release: rel, Label: label}
				p, k := pool.Severity(c), kind.Severity(c)
				switch {
				case failures && InfraMachinePool.FailureFieldsFailReconcile(rel, label):
					if p != Error {
						t.Errorf("%s on %s: %s, but the MachinePool reconcile fails on the field", pair[0], rel, p)
					}
				case p != k:
					t.Errorf("%s on %s under a %s label: %s %s, %s %s", pair, rel, label, pair[0], p, pair[1], k)
				}
			}
		}
	}
	for _, id := range []string{RuleProviderIDPointer, RuleKindV1Beta1Shape} {
		for _, c := range policyContexts() {
			if s := MustRule(id).Severity(c); s > Info {
				t.Errorf("%s (the Go style of a contract field) is %s in %v", id, s, describeContext(c))
				break
			}
		}
	}
	for _, id := range []string{RuleInitializationShape, RuleKindInitializationForm} {
		for _, c := range policyContexts() {
			if s := MustRule(id).Severity(c); c.Style && s > Info {
				t.Errorf("%s on style alone is %s in %v", id, s, describeContext(c))
				break
			}
		}
	}
}
