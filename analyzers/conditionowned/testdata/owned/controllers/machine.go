package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/api"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
	"sigs.k8s.io/cluster-api/util/conditions"
	v1beta1conditions "sigs.k8s.io/cluster-api/util/conditions/deprecated/v1beta1"
	"sigs.k8s.io/cluster-api/util/patch"
)

const diskFullReason = "DiskFull"

// The deferred patch of a reconciler: options built in a local slice.
func patchMachine(ctx context.Context, h *patch.Helper, m *api.FooMachine) error {
	v1beta1conditions.SetSummary(m) // want `^MPA705 warning: FooMachine Ready: v1beta1conditions.SetSummary sets the condition type "Ready" on a FooMachine, which the patch helper's Patch \(machine.go:\d+\) does not own: on a conflicting change by another writer the patch fails and the change is lost; add it to the Conditions of its WithOwnedV1Beta1Conditions option$`
	options := []patch.Option{}
	options = append(options,
		patch.WithOwnedV1Beta1Conditions{Conditions: []clusterv1.ConditionType{
			api.NetworkReadyV1Beta1Condition,
		}},
		patch.WithOwnedConditions{Conditions: []string{
			api.ReadyCondition,
		}},
	)
	return h.Patch(ctx, m, options...)
}

// A phase of the reconcile, in another function: the types it sets are
// judged against the Patch call above by the object's Go type.
func reconcileNormal(m *api.FooMachine, err error) {
	conditions.Set(m, metav1.Condition{Type: api.ReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"})
	v1beta1conditions.MarkTrue(m, api.NetworkReadyV1Beta1Condition)
	conditions.Set(m, metav1.Condition{Type: api.NetworkReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"}) // want `^MPA705 warning: FooMachine NetworkReady: conditions.Set sets the condition type "NetworkReady" on a FooMachine, which .*; add it to the Conditions of its WithOwnedConditions option$`
	conditions.Set(m, metav1.Condition{Type: api.NetworkReadyCondition, Status: metav1.ConditionFalse, Reason: "Down"}) // want `^MPA705 warning: FooMachine NetworkReady: `
	if err != nil {
		v1beta1conditions.MarkFalse(m, "DiskReady", diskFullReason, clusterv1.ConditionSeverityError, "%v", err)           // want `^MPA705 warning: FooMachine DiskReady: v1beta1conditions.MarkFalse sets the condition type "DiskReady" .*WithOwnedV1Beta1Conditions option$`
		conditions.Set(m, metav1.Condition{Type: string(diskType), Status: metav1.ConditionFalse, Reason: diskFullReason}) // want `^MPA705 warning: FooMachine DiskReady: conditions.Set sets the condition type "DiskReady" `
	}
	// A type only known at run time: not judged.
	t := pick(err)
	conditions.Set(m, metav1.Condition{Type: t, Status: metav1.ConditionTrue, Reason: "Ready"})
}

type conditionType string

const diskType conditionType = api.DiskReadyCondition

func pick(err error) string {
	if err != nil {
		return api.DiskReadyCondition
	}
	return api.ReadyCondition
}
