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
	// TypeInitializationShape: status.initialization does not have the
	// contract's shape. Its message takes: 1 the point, 2 its problems
	// (joined by "; "), 3 the version note.
	TypeInitializationShape
	// TypeStringShape: a point the v1beta2 contract gives type string is
	// declared with another Go type. Its message takes: 1 the point, 2 the
	// field's type, 3 the version note, 4 why the fix is withheld ("" when
	// it is offered).
	TypeStringShape
	// TypeRequiredMissing: the type lacks a point the contract requires. Its
	// message takes: 1 the kind, 2 the point's first segment (spec or
	// status), 3 its last, 4 the version note.
	TypeRequiredMissing
	// TypeRequiredShape: a point the contract requires has another JSON
	// type. Its message takes: 1 the point, 2 the field's type, 3 the
	// point's type, 4 the version note.
	TypeRequiredShape
	// TypeReadInPlace, TypeV1Beta1Shape, TypeShapeForLabel,
	// TypeRenamedField and TypeRequiredWith are the checks of the kinds
	// core reads by label (kindtypes words their messages): a readiness
	// point read in place of another, a field kept in its v1beta1 Go shape,
	// a field of the other contract's shape under the label, a renamed
	// field under its other name, and a point another point requires (by
	// the aspect of that trigger).
	TypeReadInPlace
	TypeV1Beta1Shape
	TypeShapeForLabel
	TypeRenamedField
	TypeRequiredWith
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
	// Shape words TypeInitializationShape's problems and how a field
	// conforms to TypeRequiredShape's point.
	Shape ShapeWords
}

// ShapeWords are a kind's wording of the initialization shape check and
// its leniency. A zero value is the terse wording: each problem states the
// shape found and the one wanted.
type ShapeWords struct {
	// PointerWhy ends the problem of a pointer initialization struct.
	PointerWhy string
	// TypeWhy ends the problem of a readiness field of another Go type.
	TypeWhy string
	// TagOptions: a tag conforms when it has the point's name and options,
	// whatever others it adds.
	TagOptions bool
	// CoreName: when the struct lacks the readiness field but has the core
	// object's name for it (a Link's mirror), the message says so.
	CoreName bool
	// Summary: the text report summarises the findings (several problems, a
	// missing readiness field) in a short sentence.
	Summary bool
	// OrPointer: a pointer to the point's type conforms too (core decodes
	// both alike).
	OrPointer bool
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

// typeRuleTable is k's table: the generic rules (MPA120–MPA132), or the
// InfraMachinePool's own (MPA101–MPA111), which judge its readiness by what
// released cores read whatever the label, give each failure field its own
// rule, and check the fields core's MachinePool reads of it.
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
			{TypeInitializationShape, ""}: {Rule: RuleInitializationShape,
				Format: "not the contract's shape: %[2]s%[3]s",
				Shape: ShapeWords{PointerWhy: " with omitzero", TypeWhy: ` (a plain bool cannot say "not reported yet")`,
					TagOptions: true, CoreName: true, Summary: true}},
			{TypeStringShape, AspectProviderID}: {Rule: RuleProviderIDPointer,
				Format: "%[1]s is %[2]s; the v1beta2 contract recommends string%[3]s%[4]s"},
			{TypeRequiredMissing, AspectProviderIDList}: {Rule: RuleProviderIDList, At: AtContainer,
				Format: "%[1]s %[2]s has no %[3]s, which the contract requires%[4]s"},
			{TypeRequiredShape, AspectProviderIDList}: {Rule: RuleProviderIDList, At: AtPoint,
				Format: "%[1]s is %[2]s, want %[3]s%[4]s"},
			{TypeRequiredMissing, AspectReplicas}: {Rule: RuleReplicas, At: AtContainer,
				Format: "%[1]s %[2]s has no %[3]s, which the contract requires%[4]s"},
			{TypeRequiredShape, AspectReplicas}: {Rule: RuleReplicas, At: AtPoint,
				Format: "%[1]s is %[2]s, want %[3]s%[4]s", Shape: ShapeWords{OrPointer: true}},
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
		{TypeInitializationShape, ""}: {Rule: RuleKindInitializationForm,
			Format: "%[1]s does not have the contract's shape: %[2]s"},
		{TypeReadInPlace, ""}:             {Rule: RuleKindReadInPlace},
		{TypeV1Beta1Shape, ""}:            {Rule: RuleKindV1Beta1Shape},
		{TypeShapeForLabel, ""}:           {Rule: RuleKindShapeForLabel},
		{TypeRenamedField, ""}:            {Rule: RuleKindRenamedField},
		{TypeRequiredWith, ""}:            {Rule: RuleControlPlaneReplicas},
		{TypeRequiredWith, AspectVersion}: {Rule: RuleControlPlaneVersion},
	}
}

// typeRules is k's table; nil for a kind whose Go types are not judged
// (templates, which core reads only the metadata of).
func (k *Kind) typeRules() map[typeCheckKey]TypeRule {
	switch {
	case k == &InfraMachinePool:
		return poolTypeRules
	case k.LabelExclusiveSince != "":
		return genericTypeRules
	}
	return nil
}

// TypeJudged reports whether kindtypes judges k's Go types: k has type rules.
func (k *Kind) TypeJudged() bool { return k.typeRules() != nil }

// TypeRuleOf returns the rule that reports check on a Go type of k; aspect
// picks among a kind's rules for the check (a failure field's, a required
// point's), else the check's rule for every aspect. Rule is empty when k
// has none: the check does not judge k.
func (k *Kind) TypeRuleOf(check TypeCheck, aspect Aspect) TypeRule {
	table := k.typeRules()
	if r, ok := table[typeCheckKey{check, aspect}]; ok {
		return r
	}
	return table[typeCheckKey{check, ""}]
}
