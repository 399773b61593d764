package controllers

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

func TestReconcile(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := infrav1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c := &infrav1.FooCluster{}
	ReconcileCluster(c, "10.0.0.1", 6443, []string{"a", "b"})
	if got := Endpoint(c); got != "10.0.0.1:6443" {
		t.Errorf("endpoint %q", got)
	}
	if len(c.Status.FailureDomains) != 2 || !c.Status.Ready {
		t.Errorf("status %+v", c.Status)
	}
	m := &infrav1.FooMachine{}
	ReconcileMachine(m, "foo://1", []string{"10.0.0.2"})
	if len(m.Status.Addresses) != 1 || m.Status.Addresses[0].Address != "10.0.0.2" || *m.Spec.ProviderID != "foo://1" {
		t.Errorf("machine %+v", m)
	}
}
