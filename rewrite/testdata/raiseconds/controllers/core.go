// Package controllers reads and writes the v1beta1 conditions of core
// objects, and of the provider's own.
package controllers

import (
	corev1 "k8s.io/api/core/v1"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util/conditions"

	"example.com/raiseconds/own"
)

// Scope holds the cluster being reconciled.
type Scope struct {
	Cluster *clusterv1.Cluster
}

// Initialized reads the scope's cluster's v1beta1 conditions.
func (s *Scope) Initialized() (bool, string) {
	if conditions.IsTrue(s.Cluster, clusterv1.ControlPlaneInitializedCondition) {
		return true, ""
	}
	if c := conditions.Get(s.Cluster, clusterv1.ReadyCondition); c != nil && c.Status == corev1.ConditionFalse {
		return false, c.Message
	}
	return false, conditions.GetReason(s.Cluster, clusterv1.InfrastructureReadyCondition)
}

// MarkMachine writes a machine's v1beta1 conditions, one of them of the
// provider's own type.
func MarkMachine(m *clusterv1.Machine, ok bool) {
	if ok {
		conditions.MarkTrue(m, clusterv1.BootstrapReadyCondition)
		conditions.MarkTrue(m, own.AgentHealthyCondition)
		return
	}
	conditions.MarkFalse(m, clusterv1.BootstrapReadyCondition, clusterv1.WaitingForDataSecretFallbackReason, clusterv1.ConditionSeverityInfo, "waiting for %s", m.Name)
	conditions.MarkFalse(m, own.AgentHealthyCondition, own.AgentFailedReason, clusterv1.ConditionSeverityError, "")
	conditions.Set(m, conditions.FalseCondition(clusterv1.InfrastructureReadyCondition, clusterv1.WaitingForInfrastructureFallbackReason, clusterv1.ConditionSeverityInfo, ""))
}

// Waiting reads them back.
func Waiting(m *clusterv1.Machine) bool {
	return conditions.IsFalse(m, clusterv1.BootstrapReadyCondition) &&
		conditions.GetReason(m, clusterv1.BootstrapReadyCondition) == clusterv1.WaitingForDataSecretFallbackReason &&
		conditions.IsFalse(m, own.AgentHealthyCondition) &&
		conditions.Has(m, clusterv1.InfrastructureReadyCondition)
}
