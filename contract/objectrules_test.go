package contract

import (
	"fmt"
	"testing"
)

// The pool's object checks keep their own rules and messages whichever
// readiness point core reads; other kinds get the generic rules.
func TestObjectRuleOf(t *testing.T) {
	cases := []struct {
		k     *Kind
		check ObjectCheck
		read  Contract
		args  []any
		rule  string
		msg   string
	}{
		{&InfraMachinePool, CheckUnread, V1Beta1, []any{"Cluster API v1.14.2 (flag --capi-version)", PathReady, "cluster.x-k8s.io/v1beta2", "unset", PathProvisioned},
			RuleObjectProvisionedOnly, "status.initialization.provisioned is true but status.ready is not set: on Cluster API v1.14.2 (flag --capi-version) this MachinePool will never see its infrastructure as provisioned"},
		{&InfraMachinePool, CheckUnread, V1Beta2, []any{"t", PathProvisioned, "l", "unset", PathReady},
			RuleObjectReadyOnly, "only status.ready is set, and the target core reads status.initialization.provisioned"},
		{&InfraMachinePool, CheckDisagree, V1Beta1, []any{PathReady, false, PathProvisioned, true},
			RuleObjectDisagree, "status.ready=false but status.initialization.provisioned=true"},
		{&InfraMachinePool, CheckDisagree, V1Beta2, []any{PathProvisioned, true, PathReady, false},
			RuleObjectDisagree, "status.ready=false but status.initialization.provisioned=true"},
		{&InfraMachinePool, CheckFailure, "", []any{"status.failureReason", "x", "l"}, RuleObjectFailure, "top-level status.failureReason is set (x)"},
		{&InfraMachine, CheckFailure, "", []any{"status.failureReason", "x", "l"}, RuleKindObjectFailure, "top-level status.failureReason is set (x) under CRD label l"},
		{&InfraMachine, CheckDisagree, V1Beta2, []any{"a", true, "b", false}, RuleKindObjectDisagree, "a=true but b=false"},
	}
	for _, c := range cases {
		r := c.k.ObjectRuleOf(c.check, c.read)
		if got := fmt.Sprintf(r.Format, c.args...); r.Rule != c.rule || got != c.msg {
			t.Errorf("%s %d %s: %s %q, want %s %q", c.k.Name, c.check, c.read, r.Rule, got, c.rule, c.msg)
		}
	}
}

// A reference to a pool keeps MPA501 and its messages, which name the
// MachinePool's infrastructureRef; other kinds get MPA426 at the ref.
func TestRefRuleOf(t *testing.T) {
	args := func(err error, version string) []any {
		return []any{"spec.template.spec.infrastructureRef", "FooMachinePool", "p", "foomachinepools.x", "Cluster API v1.10.0", err, version, "ns"}
	}
	cases := []struct {
		k     *Kind
		check RefCheck
		args  []any
		rule  string
		atRef bool
		msg   string
	}{
		{&InfraMachinePool, RefNoCRD, args(nil, ""), RuleMachinePoolRef, false, "infrastructureRef FooMachinePool p: Cluster API looks up CRD foomachinepools.x, which does not exist"},
		{&InfraMachinePool, RefNoLabel, args(fmt.Errorf("no label"), ""), RuleMachinePoolRef, false, "infrastructureRef FooMachinePool p: CRD foomachinepools.x: no label"},
		{&InfraMachinePool, RefUnserved, args(nil, "v2"), RuleMachinePoolRef, false, "infrastructureRef FooMachinePool p: CRD foomachinepools.x's contract label selects version v2, which it does not serve"},
		{&InfraMachinePool, RefNotFound, args(nil, "v2"), RuleMachinePoolRef, false, "infrastructureRef FooMachinePool ns/p not found"},
		{&InfraMachine, RefNoLabel, args(fmt.Errorf("no label"), ""), RuleCoreObjectRef, true,
			"spec.template.spec.infrastructureRef FooMachinePool p: CRD foomachinepools.x has no contract label Cluster API v1.10.0 honours"},
		{&InfraMachine, RefNotFound, args(nil, "v2"), RuleCoreObjectRef, true, "spec.template.spec.infrastructureRef FooMachinePool p: ns/p not found"},
	}
	for _, c := range cases {
		r := c.k.RefRuleOf(c.check)
		if got := fmt.Sprintf(r.Format, c.args...); r.Rule != c.rule || r.AtRef != c.atRef || got != c.msg {
			t.Errorf("%s %d: %s %v %q, want %s %v %q", c.k.Name, c.check, r.Rule, r.AtRef, got, c.rule, c.atRef, c.msg)
		}
	}
}
