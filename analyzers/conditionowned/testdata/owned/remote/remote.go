// want package:"patches 1 object types"
// Package remote sets conditions on an object its scope package patches:
// judged by the scope's Patch call, without a fix (the list is in another
// package).
package remote

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/scope"
	"sigs.k8s.io/cluster-api/util/conditions"
)

func reconcile(s *scope.MachineScope) {
	conditions.Set(s.Machine, metav1.Condition{Type: "DiskReady", Status: metav1.ConditionTrue, Reason: "Ready"})
	conditions.Set(s.Machine, metav1.Condition{Type: "NetworkReady", Status: metav1.ConditionTrue, Reason: "Ready"}) // want `^MPA705 warning: FooMachine NetworkReady: conditions.Set sets the condition type "NetworkReady" on a FooMachine, which the patch helper's Patch \(example.com/owned/scope scope.go:19\) does not own: .*; add it to the Conditions of its WithOwnedConditions option$`
}
