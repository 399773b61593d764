// Package multi uses a machine type of another package: the use-site fixes
// rewrite it for the type fixes (readiness, providerID, failure fields).
package multi

import (
	"k8s.io/utils/ptr"

	multi "example.com/kinds/apis/multi/v1beta1"
)

func first(ms []*multi.MultiMachine) *multi.MultiMachine { return ms[0] }

// Reconcile records the machine's ID and readiness.
func Reconcile(m *multi.MultiMachine, id string, ready func() bool) {
	m.Spec.ProviderID = ptr.To(id) // want `MPA126: rewrite for spec.providerID as a string \(the MPA126 type fix\)`
	m.Status.Ready = ready()       // want `MPA220: also set status.initialization.provisioned \(one-way: only ever set to true\)`
}

// ReconcileFirst marks the first machine provisioned: first(ms) is
// evaluated once.
func ReconcileFirst(ms []*multi.MultiMachine) {
	first(ms).Status.Ready = true // want `MPA220: also set status.initialization.provisioned`
}

// Fail records a terminal failure.
func Fail(m *multi.MultiMachine, reason, message string) {
	m.Status.FailureReason = &reason    // want `MPA125: use the status.deprecated.v1beta1 accessors \(the MPA125 type fix\)`
	if m.Status.FailureMessage == nil { // want `MPA125: use the status.deprecated.v1beta1 accessors`
		m.Status.FailureMessage = &message // want `MPA125: use the status.deprecated.v1beta1 accessors`
	}
}

// ID is the machine's provider ID, if any.
func ID(m *multi.MultiMachine) string {
	return ptr.Deref(m.Spec.ProviderID, "") // want `MPA126: rewrite for spec.providerID`
}

// Mirror copies a machine's readiness into a new object: the copy takes
// the source's one-way successor too.
func Mirror(src *multi.MultiMachine) *multi.MultiMachine {
	return &multi.MultiMachine{
		Status: multi.MultiMachineStatus{
			Ready: src.Status.Ready, // want `MPA220: also set status.initialization.provisioned`
		},
	}
}

// MirrorFirst copies the readiness of a call's result, which a second read
// would call again: the successor is left to a person.
func MirrorFirst(ms []*multi.MultiMachine) multi.MultiMachineStatus {
	return multi.MultiMachineStatus{Ready: first(ms).Status.Ready} // want `MPA220 warning: MultiMachine status.ready: .*the migration fix cannot rewrite it \(needs a person\)`
}
