package contract

// UseCheck is one of the use-site checks that every kind runs; UseRuleOf
// says which rule reports it for a kind (none: the check does not judge
// the kind). The write-alone checks' messages take, by index: 1 the
// function, 2 the write's text, 3 the partner field's path, 4 the type's
// API version, 5 the kind, 6 why the type is judged under its label (""
// for a kind read whatever the label).
type UseCheck int

const (
	// UseV1Beta1WriteAlone: a function writes the v1beta1 name of a pair
	// (status.ready) on an object whose type has both, and not the other.
	UseV1Beta1WriteAlone UseCheck = iota
	// UseV1Beta2WriteAlone: the same for the v1beta2 name.
	UseV1Beta2WriteAlone
	// UseDeprecatedField, UseInventoryField: a read or write of one of the
	// kind's Fields that is Deprecated, or else Inventory (the use-site
	// inventory of a pool's contract fields). Their messages take: 1 the
	// field's path, 2 read or write, 3 the type's API version, 4 the kind,
	// 5 the access's text.
	UseDeprecatedField
	UseInventoryField
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
// MPA204: released cores read only status.ready; MPA201, MPA202: the
// inventory of its fields' uses), else the label-driven kinds' (MPA220,
// MPA221).
func useRuleTable(k *Kind) map[UseCheck]UseRule {
	const inventory = "%[1]s %[2]s of %[3]s.%[4]s `%[5]s`"
	if k == &InfraMachinePool {
		return map[UseCheck]UseRule{
			UseV1Beta1WriteAlone: {Rule: RuleReadyWriteAlone, Format: "%[1]s sets `%[2]s` but not %[3]s: set both"},
			UseV1Beta2WriteAlone: {Rule: RuleProvisionedWriteAlone,
				Format: "%[1]s sets `%[2]s` but not %[3]s, which the target core reads: set both",
				Short:  "%[1]s sets it but not %[3]s, which the target core reads: set both"},
			UseDeprecatedField: {Rule: RuleDeprecatedFieldUse, Format: inventory},
			UseInventoryField:  {Rule: RuleContractFieldUse, Format: inventory},
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

// UseFieldCheck is the check that reports a read or write of k's field at
// path: UseDeprecatedField, UseInventoryField; ok is false when neither
// applies (the field is not one of k's Fields, or k has no rule for it).
func (k *Kind) UseFieldCheck(path string) (check UseCheck, ok bool) {
	f, found := k.Field(path)
	switch {
	case !found:
		return 0, false
	case f.Deprecated:
		check = UseDeprecatedField
	case f.Inventory:
		check = UseInventoryField
	default:
		return 0, false
	}
	return check, k.UseRuleOf(check).Rule != ""
}
