// Package controllers reconciles pools.
package controllers

import (
	v1beta2 "example.com/convprovider/apis/pool/v1beta2"
)

// MarkReady records that the pool's infrastructure is up.
func MarkReady(pool *v1beta2.FooMachinePool, id string) {
	pool.Spec.ProviderID = &id
	pool.Status.Ready = true
}

// Fail records a terminal problem.
func Fail(pool *v1beta2.FooMachinePool, reason, message string) {
	pool.Status.FailureReason = &reason
	pool.Status.FailureMessage = &message
}
