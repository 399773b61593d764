package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

var ruleIDAtLineStart = regexp.MustCompile(`(?m)^(MPA\d+)\s`)

func TestRulesByKind(t *testing.T) {
	for _, arg := range []string{"InfraMachinePool", "inframachinepool", "InfraCluster", "ControlPlaneTemplate"} {
		code, out, errOut := run(t, "rules", "--kind", arg)
		if code != report.ExitOK {
			t.Fatalf("--kind %s: exit %d: %s", arg, code, errOut)
		}
		kind, ok := contract.KindByName(arg)
		if !ok {
			kind, _ = contract.KindByName("InfraMachinePool")
		}
		listed := map[string]bool{}
		for _, m := range ruleIDAtLineStart.FindAllStringSubmatch(out, -1) {
			listed[m[1]] = true
		}
		for _, r := range contract.Rules() {
			if r.AppliesTo(kind) != listed[r.ID] {
				t.Errorf("--kind %s: %s listed=%v, but it applies=%v", arg, r.ID, listed[r.ID], r.AppliesTo(kind))
			}
		}
		if len(listed) == 0 && !strings.Contains(out, "no rule of the catalog judges "+kind.Name) {
			t.Errorf("--kind %s: empty list without saying so:\n%s", arg, out)
		}
	}
	if _, out, _ := run(t, "rules", "--kind", "InfraMachinePool"); !strings.Contains(out, contract.RuleReadyOnly) {
		t.Errorf("--kind InfraMachinePool lacks %s:\n%s", contract.RuleReadyOnly, out)
	}
	if _, out, _ := run(t, "rules", "--kind", "InfraCluster"); strings.Contains(out, contract.RuleReadyOnly) {
		t.Errorf("--kind InfraCluster lists the pool rule %s:\n%s", contract.RuleReadyOnly, out)
	}

	code, _, errOut := run(t, "rules", "--kind", "Pool")
	if code != report.ExitError || !strings.Contains(errOut, `unknown kind "Pool"`) || !strings.Contains(errOut, "InfraMachinePool, ControlPlane") {
		t.Errorf("unknown kind: exit %d, stderr %q; want 2 naming the valid kinds", code, errOut)
	}
	if code, _, errOut = run(t, "rules", "--kind", "ControlPlane", "MPA101"); code != report.ExitError || errOut == "" {
		t.Errorf("--kind with a rule ID: exit %d, stderr %q; want 2", code, errOut)
	}
}
