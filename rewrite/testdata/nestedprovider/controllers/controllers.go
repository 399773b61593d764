// Package controllers reconciles the fixture provider's objects.
package controllers

import infrav1 "example.com/crds/api/v1beta1"

// ReconcileCluster marks the cluster provisioned.
func ReconcileCluster(c *infrav1.FooCluster) {
	c.Status.Ready = true
}

// ReconcileMachine records the machine's ID and marks it provisioned.
func ReconcileMachine(m *infrav1.FooMachine, id string) {
	m.Spec.ProviderID = &id
	m.Status.Ready = true
}

// FailMachine records a terminal failure, once.
func FailMachine(m *infrav1.FooMachine, reason string) {
	if m.Status.FailureReason == nil {
		m.Status.FailureReason = &reason
	}
}
