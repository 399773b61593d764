package contract

import "testing"

// TestTypeRuleOf checks the per-kind table kindtypes' one loop reads: the
// pool's own rules for its checks, the label-driven kinds' generic ones,
// none for a check a kind does not run, and no table for templates.
func TestTypeRuleOf(t *testing.T) {
	for _, c := range []struct {
		k      *Kind
		check  TypeCheck
		aspect Aspect
		want   string
	}{
		{&InfraMachinePool, TypeInitializationShape, "", RuleInitializationShape},
		{&InfraMachinePool, TypeStringShape, AspectProviderID, RuleProviderIDPointer},
		{&InfraMachinePool, TypeRequiredMissing, AspectProviderIDList, RuleProviderIDList},
		{&InfraMachinePool, TypeRequiredShape, AspectReplicas, RuleReplicas},
		{&InfraMachinePool, TypeRequiredMissing, AspectProviderID, ""},
		{&InfraMachinePool, TypeV1Beta1Shape, "", ""},
		{&InfraMachinePool, TypeRequiredWith, AspectVersion, ""},
		{&InfraMachine, TypeInitializationShape, "", RuleKindInitializationForm},
		{&InfraMachine, TypeStringShape, AspectProviderID, ""},
		{&InfraMachine, TypeRequiredMissing, AspectProviderIDList, ""},
		{&ControlPlane, TypeRequiredWith, AspectVersion, RuleControlPlaneVersion},
		{&ControlPlane, TypeRequiredWith, AspectReplicas, RuleControlPlaneReplicas},
		{&InfraMachineTemplate, TypeDualReadiness, "", ""},
	} {
		if got := c.k.TypeRuleOf(c.check, c.aspect).Rule; got != c.want {
			t.Errorf("%s.TypeRuleOf(%d, %q) = %q, want %q", c.k.Name, c.check, c.aspect, got, c.want)
		}
	}
	for k, want := range map[*Kind]bool{&InfraMachinePool: true, &BootstrapConfig: true, &InfraMachinePoolTemplate: false} {
		if got := k.TypeJudged(); got != want {
			t.Errorf("%s.TypeJudged() = %v, want %v", k.Name, got, want)
		}
	}
}

// TestUseRuleOf checks the write-alone rules poolusage reads per kind.
func TestUseRuleOf(t *testing.T) {
	for _, c := range []struct {
		k     *Kind
		check UseCheck
		want  string
	}{
		{&InfraMachinePool, UseV1Beta1WriteAlone, RuleReadyWriteAlone},
		{&InfraMachinePool, UseV1Beta2WriteAlone, RuleProvisionedWriteAlone},
		{&ControlPlane, UseV1Beta1WriteAlone, RuleKindV1Beta1WriteAlone},
		{&InfraMachine, UseV1Beta2WriteAlone, RuleKindV1Beta2WriteAlone},
	} {
		if got := c.k.UseRuleOf(c.check).Rule; got != c.want {
			t.Errorf("%s.UseRuleOf(%d) = %q, want %q", c.k.Name, c.check, got, c.want)
		}
	}
}

// TestUseFieldCheck checks which kinds' field uses are findings: a pool's
// deprecated and inventoried fields, no other kind's.
func TestUseFieldCheck(t *testing.T) {
	for _, c := range []struct {
		k    *Kind
		path string
		want string
	}{
		{&InfraMachinePool, PathReady, RuleDeprecatedFieldUse},
		{&InfraMachinePool, PathFailureReason, RuleDeprecatedFieldUse},
		{&InfraMachinePool, PathProviderID, RuleContractFieldUse},
		{&InfraMachinePool, PathReplicas, ""},
		{&InfraMachine, PathReady, ""},
		{&InfraMachine, PathProviderID, ""},
	} {
		got := ""
		if check, ok := c.k.UseFieldCheck(c.path); ok {
			got = c.k.UseRuleOf(check).Rule
		}
		if got != c.want {
			t.Errorf("%s.UseFieldCheck(%q) rule = %q, want %q", c.k.Name, c.path, got, c.want)
		}
	}
}
