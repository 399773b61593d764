// Package controllers reconciles the fixture provider's objects.
package controllers

import (
	infrav1 "example.com/capi110failures/api/v1alpha1"
	capierrors "sigs.k8s.io/cluster-api/errors"
)

// ReconcileMachine records the machine's ID and marks it provisioned.
func ReconcileMachine(m *infrav1.FooMachine, id string) {
	m.Spec.ProviderID = &id
	m.Status.Ready = true
}

// FailMachine records a terminal failure, which a v1.10 core reads.
func FailMachine(m *infrav1.FooMachine, msg string) {
	reason := capierrors.CreateMachineError
	m.Status.FailureReason = &reason
	m.Status.FailureMessage = &msg
}

// FailPool records a terminal failure of a pool, which a v1.10 core reads.
func FailPool(p *infrav1.FooMachinePool, msg string) {
	reason := capierrors.InvalidConfigurationMachinePoolError
	p.Status.FailureReason = &reason
	p.Status.FailureMessage = &msg
}
