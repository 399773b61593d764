package contract

// TypeCheck is one of kindtypes' checks of a contract kind's Go types that
// every kind runs; TypeRuleOf says which rule reports it for a kind. The
// readiness checks' messages take, by index: 1 the kind, 2 the v1beta1
// readiness point, 3 the v1beta2 one, 4 ReleaseV1Beta2, 5 the readiness
// fields the target core reads (joined by ", then "), 6 the version note
// (" (a conversion spoke: info)" on a spoke version, else empty).
type TypeCheck int

const (
	// TypeDualReadiness: both points of the readiness pair are declared.
	TypeDualReadiness TypeCheck = iota
	// TypeV1Beta1ReadinessOnly: only the v1beta1 readiness point is declared.
	TypeV1Beta1ReadinessOnly
	// TypeV1Beta2ReadinessOnly: only the v1beta2 readiness point is declared.
	TypeV1Beta2ReadinessOnly
	// TypeNoReadiness: neither point is declared.
	TypeNoReadiness
	// TypeFailureField: a v1beta1 top-level failure field is declared. Its
	// message takes: 1 the field, 2 the path it moves to, 3 the version
	// note, 4 why the fix is withheld or kept ("" when it is offered).
	TypeFailureField
	// TypeConditions: status.conditions is not the v1beta2 shape. Its
	// message takes: 1 the point, 2 the field's type, 3 the point's type, 4
	// where v1beta1 conditions go, 5 the version note, 6 the stage-1 point
	// core reads first (Alt, when that field has the v1beta2 shape).
	TypeConditions
)

// TypeWhen is the condition under which a type rule's Alt message applies.
type TypeWhen int

const (
	// WhenNever: Alt is unused.
	WhenNever TypeWhen = iota
	// WhenLabelV1Beta2: the version's CRD label is v1beta2.
	WhenLabelV1Beta2
	// WhenJudgedV1Beta1: the type is judged against the v1beta1 contract.
	WhenJudgedV1Beta1
	// WhenReadyUnread: the target core no longer reads status.ready.
	WhenReadyUnread
	// WhenReadFirst: core reads the point's stage-1 field first, which has
	// the v1beta2 shape (the finding is then advisory).
	WhenReadFirst
)

// TypeAt is where a type finding is reported.
type TypeAt int

const (
	// AtPoint: the field of the point the check is about.
	AtPoint TypeAt = iota
	// AtParent: the field holding that point's field (status.initialization).
	AtParent
	// AtContainer: the declaration of the type holding the first segment
	// (the status struct).
	AtContainer
	// AtRoot: the kind's root type.
	AtRoot
)

// TypeRule is the rule a type check reports for a kind: the point its
// finding names, where it is reported, and its message (a format with
// indexed verbs, see TypeCheck), Alt replacing it When the condition holds.
type TypeRule struct {
	Rule string
	// Field is the contract of the readiness pair member the finding names;
	// empty names the first segment of the v1beta2 point (status).
	Field  Contract
	At     TypeAt
	Format string
	When   TypeWhen
	Alt    string
}

type typeCheckKey struct {
	check TypeCheck
	// aspect tells apart the failure fields where a kind has a rule for
	// each; empty for every aspect.
	aspect Aspect
}

var (
	poolTypeRules    = typeRuleTable(&InfraMachinePool)
	genericTypeRules = typeRuleTable(nil)
)

// typeRuleTable is k's table: the generic rules (MPA120–MPA127), or the
// InfraMachinePool's own (MPA101–MPA106, MPA110, MPA111), which judge its
// readiness by what released cores read whatever the label and give each
// failure field its own rule.
func typeRuleTable(k *Kind) map[typeCheckKey]TypeRule {
	if k == &InfraMachinePool {
		return map[typeCheckKey]TypeRule{
			{TypeDualReadiness, ""}: {Rule: RuleDualReadiness, Field: V1Beta1, At: AtPoint,
				Format: "%[2]s and %[3]s are both set: set them together%[6]s",
				When:   WhenReadyUnread,
				Alt:    "%[2]s is no longer read by the target core and can be dropped; %[3]s is present%[6]s"},
			{TypeV1Beta1ReadinessOnly, ""}: {Rule: RuleReadyOnly, Field: V1Beta1, At: AtPoint,
				Format: "no %[3]s beside it: add it and set both (v1.16 reads only it)%[6]s"},
			{TypeV1Beta2ReadinessOnly, ""}: {Rule: RuleProvisionedOnly, Field: V1Beta2, At: AtParent,
				Format: "no %[2]s beside it, which the target core reads (%[5]s): add it and set both%[6]s"},
			{TypeNoReadiness, ""}: {Rule: RuleNoReadiness, At: AtRoot,
				Format: "%[1]s status has neither %[2]s nor %[3]s: add both%[6]s"},
			{TypeFailureField, AspectFailureReason}: {Rule: RuleFailureReason,
				Format: "top-level %[1]s is no v1beta2 field: move it to %[2]s%[3]s%[4]s"},
			{TypeFailureField, AspectFailureMessage}: {Rule: RuleFailureMessage,
				Format: "top-level %[1]s is no v1beta2 field: move it to %[2]s%[3]s%[4]s"},
			{TypeConditions, ""}: {Rule: RuleConditionsV1Beta1,
				Format: "%[1]s is %[2]s, not %[3]s; move these to %[4]s%[5]s"},
		}
	}
	return map[typeCheckKey]TypeRule{
		{TypeDualReadiness, ""}: {Rule: RuleKindDualReadiness, Field: V1Beta1, At: AtPoint,
			Format: "%[2]s and %[3]s are both set: keep both while cores before %[4]s are supported"},
		{TypeV1Beta1ReadinessOnly, ""}: {Rule: RuleKindReadyOnly, Field: V1Beta2, At: AtPoint,
			Format: "missing beside %[2]s: add it and set both",
			When:   WhenLabelV1Beta2,
			Alt:    "missing beside %[2]s, and core reads only it under this label: add it and set both"},
		{TypeV1Beta2ReadinessOnly, ""}: {Rule: RuleKindInitializationOnly, Field: V1Beta1, At: AtPoint,
			Format: "missing beside %[3]s: add it and set both while cores before %[4]s are supported",
			When:   WhenJudgedV1Beta1,
			Alt:    "missing beside %[3]s, and core reads only it here: add it and set both"},
		{TypeNoReadiness, ""}: {Rule: RuleKindNoReadiness, Field: V1Beta2, At: AtContainer,
			Format: "%[1]s has neither %[2]s nor %[3]s: add %[3]s"},
		{TypeFailureField, ""}: {Rule: RuleKindFailureFields,
			Format: "top-level %[1]s is no v1beta2 field: move it to %[2]s%[4]s"},
		{TypeConditions, ""}: {Rule: RuleKindConditionsV1Beta1,
			Format: "%[1]s is %[2]s, not %[3]s; keep these under %[4]s",
			When:   WhenReadFirst,
			Alt:    "%[1]s is %[2]s, not %[3]s; keep these under %[4]s; core reads %[6]s first, which has that shape, until it is removed"},
	}
}

// TypeRuleOf returns the rule that reports check on a Go type of k; aspect
// picks among a kind's failure field rules (empty for other checks).
func (k *Kind) TypeRuleOf(check TypeCheck, aspect Aspect) TypeRule {
	table := genericTypeRules
	if k == &InfraMachinePool {
		table = poolTypeRules
	}
	if r, ok := table[typeCheckKey{check, aspect}]; ok {
		return r
	}
	return table[typeCheckKey{check, ""}]
}
