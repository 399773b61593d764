// Package conditionowned defines the pass that reports each condition type
// a reconciler sets on an object whose patch helper does not own it
// (MPA705): on a conflicting change of that condition by another writer,
// Cluster API's patch helper fails the patch instead of keeping the
// reconciler's value, and the change is lost.
//
// In each package that imports a patch helper (util/patch, or
// util/deprecated/v1beta1/patch) it finds:
//
//   - the Patch calls of the helper, by the Go type of the object patched,
//     with the options passed to them: composite literals of
//     WithOwnedConditions (metav1 condition types: a []string list) and
//     WithOwnedV1Beta1Conditions (or v1.10's WithOwnedConditions of v1beta1
//     ConditionTypes: the element type of the list decides), and
//     WithForceOverwriteConditions, which owns every type. Options passed as
//     a local slice are followed through its declaration and appends, and
//     options passed as a variadic parameter through the calls of the
//     function in the package;
//   - the calls of the condition utilities on an object of that type: the
//     v1beta1 ones (MarkTrue, MarkFalse, MarkUnknown, the negative-polarity
//     variants, Set of a TrueCondition/FalseCondition/UnknownCondition or a
//     &Condition{Type: ...} literal, SetMirror, SetAggregate, SetSummary,
//     which sets Ready) and the metav1 ones (Set of a metav1.Condition{Type:
//     ...} literal, SetSummaryCondition, SetAggregateCondition,
//     SetMirrorCondition with its TargetConditionType option), with the
//     condition type a compile-time constant (go/types resolves it).
//
// A type set on the object is reported when no Patch call of its Go type
// owns it. The pass stays silent when it cannot read the options (a list
// built at run time, options from a call or a field): they may own the
// type. The patch helper owns nothing by default, the v1beta1 Ready summary
// included (util/patch), so SetSummary's Ready is reported like any type.
//
// The fix adds the type to the Conditions list literal of every Patch call
// of the object's type that lacks it, named through the file's import of
// its package; a Patch call without an option of the condition's family
// gets no fix (a person adds the option). Test files and generated files
// are not reported.
package conditionowned
