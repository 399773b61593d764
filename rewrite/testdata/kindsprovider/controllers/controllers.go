// Package controllers reconciles the fixture provider's objects.
package controllers

import (
	bootv1 "example.com/kinds/apis/bootstrap/v1beta1"
	cpv1 "example.com/kinds/apis/controlplane/v1beta1"
	infrav1 "example.com/kinds/apis/infra/v1beta1"
)

// ReconcileCluster marks the cluster provisioned, under both contracts.
func ReconcileCluster(c *infrav1.FooCluster) {
	c.Status.Ready = true
	provisioned := true
	c.Status.Initialization.Provisioned = &provisioned
}

// MachineReady reads the machine's readiness; another component sets it.
func MachineReady(m *infrav1.FooMachine) bool { return m.Status.Ready }

// FailMachine records a terminal failure, once.
func FailMachine(m *infrav1.FooMachine, reason string) {
	if m.Status.FailureReason == nil {
		m.Status.FailureReason = &reason
	}
}

// ReconcilePool marks the pool ready.
func ReconcilePool(p *infrav1.FooMachinePool) {
	p.Status.Replicas = int32(len(p.Spec.ProviderIDList))
	p.Status.Ready = true
}

// ReconcileConfig records the bootstrap data secret and marks the config ready.
func ReconcileConfig(c *bootv1.FooConfig, secret string) {
	c.Status.DataSecretName = &secret
	c.Status.Ready = true
}

// DataSecret is the config's data secret name, if any.
func DataSecret(c *bootv1.FooConfig) string {
	if c.Status.DataSecretName == nil {
		return ""
	}
	return *c.Status.DataSecretName
}

// ReconcileControlPlane marks the control plane initialized.
func ReconcileControlPlane(cp *cpv1.FooControlPlane, updated int32) {
	cp.Status.UpdatedReplicas = updated
	cp.Status.Initialized = true
	cp.Status.Ready = true
}

// ControlPlaneVersion is the version the control plane reports, if any.
func ControlPlaneVersion(cp *cpv1.FooControlPlane) string {
	if cp.Status.Version == nil {
		return ""
	}
	return *cp.Status.Version
}
