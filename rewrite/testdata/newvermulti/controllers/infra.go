// Package controllers reconciles the infrastructure.
package controllers

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	"sigs.k8s.io/cluster-api/util/annotations"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

// ReconcileCluster records the cluster's endpoint and zones.
func ReconcileCluster(c *infrav1.FooCluster, host string, port int32, zones []string) {
	c.Spec.ControlPlaneEndpoint = clusterv1beta1.APIEndpoint{Host: host, Port: port}
	c.Status.FailureDomains = clusterv1beta1.FailureDomains{}
	for i, z := range zones {
		c.Status.FailureDomains[z] = clusterv1beta1.FailureDomainSpec{ControlPlane: i == 0}
	}
	c.Status.Ready = true
	c.Status.Conditions = append(c.Status.Conditions, clusterv1beta1.Condition{
		Type: clusterv1beta1.ReadyCondition, Status: corev1.ConditionTrue, LastTransitionTime: metav1.Now(),
	})
}

// ReconcileMachine records the machine's addresses.
func ReconcileMachine(m *infrav1.FooMachine, id string, ips []string) {
	m.Spec.ProviderID = &id
	m.Status.Addresses = nil
	for _, ip := range ips {
		m.Status.Addresses = append(m.Status.Addresses, clusterv1beta1.MachineAddress{Type: clusterv1beta1.MachineInternalIP, Address: ip})
	}
	m.Status.Ready = true
}

// Endpoint is the cluster's endpoint as host:port.
func Endpoint(c *infrav1.FooCluster) string {
	return c.Spec.ControlPlaneEndpoint.String()
}

// Paused reports whether the cluster's reconciliation is paused.
func Paused(c *infrav1.FooCluster) bool { return annotations.HasPaused(c) }
