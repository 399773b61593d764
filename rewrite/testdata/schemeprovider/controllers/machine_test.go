package controllers

import (
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

func TestMachine(t *testing.T) {
	id := "foo:///i-1"
	m := &clusterv1.Machine{Spec: clusterv1.MachineSpec{ClusterName: "c", ProviderID: &id}}
	if got := ProviderID(m); got != id {
		t.Errorf("ProviderID = %q", got)
	}
	if InfraReady(m) {
		t.Error("ready before the infrastructure is provisioned")
	}
	m.Status.InfrastructureReady = true
	if !InfraReady(m) {
		t.Error("not ready once the infrastructure is provisioned")
	}
	SetVersion(m, "v1.34.0")
	if *m.Spec.Version != "v1.34.0" {
		t.Errorf("Version = %q", *m.Spec.Version)
	}
}
