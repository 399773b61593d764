package contract

// ObjectCheck is one of the live audit's checks of a contract object that
// every kind runs; ObjectRuleOf says which rule reports it for a kind.
type ObjectCheck int

const (
	// CheckUnread: core reads a readiness point the object leaves unset while
	// the object sets the pair's other point true. Its message takes, by
	// index: 1 the target core, 2 the point read, 3 the CRD label key, 4 the
	// point's value, 5 the other point.
	CheckUnread ObjectCheck = iota
	// CheckDisagree: both points of the readiness pair are set and differ.
	// Its message takes: 1 the point read, 2 its value, 3 the other point, 4
	// its value.
	CheckDisagree
	// CheckFailure: a v1beta1 top-level failure field is set. Its message
	// takes: 1 the field, 2 its value, 3 the CRD label key.
	CheckFailure
)

// ObjectRule is the rule an object check reports for a kind, the field it
// names and its message (a format with indexed verbs, see ObjectCheck).
type ObjectRule struct {
	Rule string
	// Field is the contract of the readiness pair member the finding names;
	// empty names the point checked.
	Field  Contract
	Format string
}

var (
	poolObjectRules    = objectRuleTable(&InfraMachinePool)
	genericObjectRules = objectRuleTable(nil)
)

type objectCheckKey struct {
	check ObjectCheck
	// read is the contract of the readiness point core reads; empty for
	// every point.
	read Contract
}

// objectRuleTable is k's table: the generic rules (MPA420–MPA422), or the
// InfraMachinePool's own (MPA401–MPA404), which name its v1beta1 and
// v1beta2 readiness fields by what core makes of them rather than by
// label: an unread status.ready is a provisioned-only pool (MPA401), an
// unread status.initialization.provisioned a ready-only one (MPA403).
func objectRuleTable(k *Kind) map[objectCheckKey]ObjectRule {
	if k == &InfraMachinePool {
		return map[objectCheckKey]ObjectRule{
			{CheckUnread, V1Beta1}: {Rule: RuleObjectProvisionedOnly, Field: V1Beta2,
				Format: "%[5]s is true but %[2]s is not set: on %[1]s this MachinePool will never see its infrastructure as provisioned"},
			{CheckUnread, V1Beta2}: {Rule: RuleObjectReadyOnly, Field: V1Beta1,
				Format: "only %[5]s is set, and the target core reads %[2]s"},
			{CheckDisagree, V1Beta1}: {Rule: RuleObjectDisagree, Field: V1Beta1, Format: "%[1]s=%[2]v but %[3]s=%[4]v"},
			{CheckDisagree, V1Beta2}: {Rule: RuleObjectDisagree, Field: V1Beta1, Format: "%[3]s=%[4]v but %[1]s=%[2]v"},
			{CheckFailure, ""}:       {Rule: RuleObjectFailure, Format: "top-level %[1]s is set (%[2]v)"},
		}
	}
	return map[objectCheckKey]ObjectRule{
		{CheckUnread, ""}: {Rule: RuleKindObjectUnread,
			Format: "%[1]s reads %[2]s (CRD label %[3]s), which is %[4]s; the object sets only %[5]s=true: it is never seen as provisioned"},
		{CheckDisagree, ""}: {Rule: RuleKindObjectDisagree, Format: "%[1]s=%[2]v but %[3]s=%[4]v"},
		{CheckFailure, ""}:  {Rule: RuleKindObjectFailure, Format: "top-level %[1]s is set (%[2]v) under CRD label %[3]s"},
	}
}

// ObjectRuleOf returns the rule that reports check on an object of k when
// core reads the readiness point of contract read (empty for checks not
// about readiness).
func (k *Kind) ObjectRuleOf(check ObjectCheck, read Contract) ObjectRule {
	table := genericObjectRules
	if k == &InfraMachinePool {
		table = poolObjectRules
	}
	if r, ok := table[objectCheckKey{check, read}]; ok {
		return r
	}
	return table[objectCheckKey{check, ""}]
}

// LabelFreeObjectReads reports whether the live audit judges k's objects
// without asking their CRD's label: core reads an InfraMachinePool's
// readiness whatever its label says (released code reads status.ready), so
// the pool is judged as CoreBehaviour reads it, even when the labels do
// not resolve, and never as listed under two labels.
func (k *Kind) LabelFreeObjectReads() bool { return k == &InfraMachinePool }

// ObjectReadLabel is the label under which the live audit takes k's reads
// for an object whose CRD resolves to label at core: the newest label the
// release honours for a kind read label-free (CoreBehaviour's reading).
func (k *Kind) ObjectReadLabel(core Release, label Contract) Contract {
	if k.LabelFreeObjectReads() {
		return ContractsKnownBy(core)[0]
	}
	return label
}

// RefCheck is one of the live audit's checks of a core object's reference
// to a contract object, resolved as Cluster API resolves it; RefRuleOf says
// which rule reports it for the referenced kind.
type RefCheck int

// Each check's message takes, by index: 1 the reference's path, 2 the
// referenced kind, 3 its name, 4 the CRD name, 5 the target core, 6 the
// label resolution's error, 7 the API version read, 8 the namespace.
const (
	// RefNoCRD: no CRD has the name CalculateCRDName gives.
	RefNoCRD RefCheck = iota
	// RefNoLabel: the CRD's labels do not resolve for the target core.
	RefNoLabel
	// RefUnserved: the label selects a version the CRD does not serve.
	RefUnserved
	// RefNotFound: the referenced object does not exist.
	RefNotFound
)

// RefRule is the rule a reference check reports, and its message.
type RefRule struct {
	Rule string
	// AtRef names the reference's path as the finding's field.
	AtRef  bool
	Format string
}

// refRuleTable is k's table: the generic rule (MPA426), or the
// InfraMachinePool's own (MPA501), whose messages name the MachinePool's
// infrastructureRef.
func refRuleTable(k *Kind) map[RefCheck]RefRule {
	if k == &InfraMachinePool {
		return map[RefCheck]RefRule{
			RefNoCRD:    {Rule: RuleMachinePoolRef, Format: "infrastructureRef %[2]s %[3]s: Cluster API looks up CRD %[4]s, which does not exist"},
			RefNoLabel:  {Rule: RuleMachinePoolRef, Format: "infrastructureRef %[2]s %[3]s: CRD %[4]s: %[6]v"},
			RefUnserved: {Rule: RuleMachinePoolRef, Format: "infrastructureRef %[2]s %[3]s: CRD %[4]s's contract label selects version %[7]s, which it does not serve"},
			RefNotFound: {Rule: RuleMachinePoolRef, Format: "infrastructureRef %[2]s %[8]s/%[3]s not found"},
		}
	}
	return map[RefCheck]RefRule{
		RefNoCRD:    {Rule: RuleCoreObjectRef, AtRef: true, Format: "%[1]s %[2]s %[3]s: Cluster API looks up CRD %[4]s, which does not exist"},
		RefNoLabel:  {Rule: RuleCoreObjectRef, AtRef: true, Format: "%[1]s %[2]s %[3]s: CRD %[4]s has no contract label %[5]s honours"},
		RefUnserved: {Rule: RuleCoreObjectRef, AtRef: true, Format: "%[1]s %[2]s %[3]s: CRD %[4]s's contract label selects version %[7]s, which it does not serve"},
		RefNotFound: {Rule: RuleCoreObjectRef, AtRef: true, Format: "%[1]s %[2]s %[3]s: %[8]s/%[3]s not found"},
	}
}

var (
	poolRefRules    = refRuleTable(&InfraMachinePool)
	genericRefRules = refRuleTable(nil)
)

// RefRuleOf returns the rule that reports check on a reference to a k.
func (k *Kind) RefRuleOf(check RefCheck) RefRule {
	if k == &InfraMachinePool {
		return poolRefRules[check]
	}
	return genericRefRules[check]
}
