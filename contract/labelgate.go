package contract

// LabelFlipBlockers are the rules whose findings on a label-driven kind,
// judged under a v1beta2 label, mean core would not find a field it reads
// there or the code does not write it: a field missing (readiness,
// renamed fields, readiness shape), a field of the other contract's shape,
// or a write of the v1beta1 name without its v1beta2 partner; and the CRD
// schema of the version core reads without a readiness or renamed field
// (the API server prunes what the schema lacks, so a Go field alone is not
// enough until the CRDs are regenerated). The failureDomains schema shape
// is not one: the rewrite changes that field's Go shape only together with
// the label, so blocking on it would hold the label for ever; the PR
// checklist asks for the regenerated schema instead. `mpaudit rewrite`
// changes a kind's contract label only when none is left.
var LabelFlipBlockers = []string{
	RuleKindReadyOnly, RuleKindNoReadiness, RuleKindInitializationForm,
	RuleKindShapeForLabel, RuleKindRenamedField, RuleKindV1Beta1WriteAlone,
	RuleKindSchemaReadiness, RuleKindSchemaField,
}
