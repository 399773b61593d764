package controllers

import (
	"k8s.io/utils/ptr"

	cabpk "example.com/kinds/apis/cabpk/v1beta1"
	capd "example.com/kinds/apis/capd/v1beta1"
	dualcp "example.com/kinds/apis/dualcp/v1beta2"
)

// KubeadmConfig is dual and labelled v1beta1 (core v1.14.2 reads status.ready).

func readyOnly(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true // want `MPA220 warning: KubeadmConfig status.ready: this function writes status.ready of KubeadmConfig but never status.initialization.dataSecretCreated, which the type also has \(core v1.14.2 reads v1beta1 of KubeadmConfig under its cluster.x-k8s.io/v1beta1 label\)`
}

func initializationOnly(c *cabpk.KubeadmConfig) {
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true} // want `MPA221 error: KubeadmConfig status.initialization.dataSecretCreated: this function writes status.initialization.dataSecretCreated of KubeadmConfig but never status.ready, which the type also has`
}

func both(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true}
}

// Resetting ready needs no companion: initialization is one-way.
func reset(c *cabpk.KubeadmConfig) {
	c.Status.Ready = false
}

// A literal of the status writes its keys.
func literal() cabpk.KubeadmConfigStatus {
	return cabpk.KubeadmConfigStatus{Ready: true} // want `MPA220 warning: KubeadmConfig status.ready`
}

// DualControlPlane is labelled v1beta2: core reads the v1beta2 names.

func counters(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n // want `MPA220 error: DualControlPlane status.updatedReplicas: this function writes status.updatedReplicas of DualControlPlane but never status.upToDateReplicas`
	cp.Status.Initialized = true  // want `MPA220 error: DualControlPlane status.initialized`
}

func countersBoth(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n
	cp.Status.UpToDateReplicas = ptr.To(n)
	cp.Status.Initialized = true
	cp.Status.Initialization.ControlPlaneInitialized = ptr.To(true)
}

// Only the v1beta2 names under a v1beta2 label: fine.
func v1beta2Only(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpToDateReplicas = ptr.To(n)
	cp.Status.Initialization = dualcp.DualControlPlaneInitializationStatus{ControlPlaneInitialized: ptr.To(true)}
}

// DockerMachine has no v1beta2 field: nothing to pair.
func machine(m *capd.DockerMachine) {
	m.Status.Ready = true
}
