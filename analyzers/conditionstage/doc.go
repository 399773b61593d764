// Package conditionstage defines the pass that says, for each kind a
// provider ships (kindfinder's classified types with a status, templates
// aside), which stage of Cluster API's guide "How to start using
// metav1.conditions" its status conditions are at, and what is missing for
// the next one (MPA704):
//
//   - stage 0: v1beta1 Conditions at status.conditions, with GetConditions
//     and SetConditions on them;
//   - stage 1: []metav1.Condition added at status.v1beta2.conditions, with
//     GetV1Beta2Conditions and SetV1Beta2Conditions;
//   - stage 2: []metav1.Condition at status.conditions with GetConditions
//     and SetConditions on them, the v1beta1 ones under
//     status.deprecated.v1beta1.conditions with GetV1Beta1Conditions and
//     SetV1Beta1Conditions; stage 3 drops those.
//
// A kind at stage 2 or 3 with every method right is not reported; neither
// is a kind without conditions. The type of status.conditions itself is
// the type passes' finding (MPA127, MPA110); this pass reports the stage
// and the accessor methods the condition utilities and the patch helper
// find the conditions through. The severity follows the target
// (contract.goAPISeverity); on a conversion spoke it is informational.
package conditionstage
