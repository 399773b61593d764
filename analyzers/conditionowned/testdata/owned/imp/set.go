package imp

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/owned/api"
	"sigs.k8s.io/cluster-api/util/conditions"
)

type machine = api.FooMachine

// The owned list is in a file that does not import api: the fix adds the
// import to it.
func reconcile(m *machine) {
	conditions.Set(m, metav1.Condition{Type: api.NetworkReadyCondition, Status: metav1.ConditionTrue, Reason: "Ready"}) // want `^MPA705 warning: FooMachine NetworkReady: conditions.Set sets the condition type "NetworkReady" on a FooMachine, which the patch helper's Patch \(patch.go:\d+\) does not own: .*; add it to the Conditions of its WithOwnedConditions option$`
}
