// Package controllers reconciles control planes.
package controllers

import (
	"k8s.io/utils/ptr"

	cpv1 "example.com/cpprovider/apis/controlplane/v1beta2"
)

// UpdateStatus records what the machines report.
func UpdateStatus(cp *cpv1.FooControlPlane, machines, ready, updated int32, external bool) {
	cp.Status.Replicas = machines
	cp.Status.ReadyReplicas = ready
	cp.Status.UpdatedReplicas = updated
	cp.Status.ExternalManagedControlPlane = external
	if ready > 0 {
		cp.Status.Initialized = true
	}
}

// Reset starts the status over with the machines found.
func Reset(cp *cpv1.FooControlPlane, machines int32) {
	cp.Status = cpv1.FooControlPlaneStatus{Replicas: machines, UpdatedReplicas: machines}
}

// Scaling reports whether fewer machines are ready than desired.
func Scaling(cp *cpv1.FooControlPlane) bool {
	return cp.Status.ReadyReplicas < ptr.Deref(cp.Spec.Replicas, 0) && !cp.Status.ExternalManagedControlPlane
}
