package contract

// UseCheck is one of the use-site checks of a kind's renamed fields that
// every kind runs; UseRuleOf says which rule reports it for a kind. Its
// messages take, by index: 1 the function, 2 the write's text, 3 the
// partner field's path, 4 the type's API version, 5 the kind, 6 why the
// type is judged under its label ("" for a kind read whatever the label).
type UseCheck int

const (
	// UseV1Beta1WriteAlone: a function writes the v1beta1 name of a pair
	// (status.ready) on an object whose type has both, and not the other.
	UseV1Beta1WriteAlone UseCheck = iota
	// UseV1Beta2WriteAlone: the same for the v1beta2 name.
	UseV1Beta2WriteAlone
)

// UseRule is the rule a use check reports for a kind, with its message and
// the text report's sentence (Short; "" for the message).
type UseRule struct {
	Rule   string
	Format string
	Short  string
}

var (
	poolUseRules    = useRuleTable(&InfraMachinePool)
	genericUseRules = useRuleTable(nil)
)

// useRuleTable is k's table: the InfraMachinePool's own rules (MPA203,
// MPA204: released cores read only status.ready), else the label-driven
// kinds' (MPA220, MPA221).
func useRuleTable(k *Kind) map[UseCheck]UseRule {
	if k == &InfraMachinePool {
		return map[UseCheck]UseRule{
			UseV1Beta1WriteAlone: {Rule: RuleReadyWriteAlone, Format: "%[1]s sets `%[2]s` but not %[3]s: set both"},
			UseV1Beta2WriteAlone: {Rule: RuleProvisionedWriteAlone,
				Format: "%[1]s sets `%[2]s` but not %[3]s, which the target core reads: set both",
				Short:  "%[1]s sets it but not %[3]s, which the target core reads: set both"},
		}
	}
	const never = "%[1]s sets `%[2]s` but never %[3]s, which %[4]s.%[5]s also has (%[6]s)"
	return map[UseCheck]UseRule{
		UseV1Beta1WriteAlone: {Rule: RuleKindV1Beta1WriteAlone, Format: never},
		UseV1Beta2WriteAlone: {Rule: RuleKindV1Beta2WriteAlone, Format: never},
	}
}

// UseRuleOf returns the rule that reports check on a use of k's fields.
func (k *Kind) UseRuleOf(check UseCheck) UseRule {
	if k == &InfraMachinePool {
		return poolUseRules[check]
	}
	return genericUseRules[check]
}
