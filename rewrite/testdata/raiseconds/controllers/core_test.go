package controllers

import (
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

// The conditions MarkMachine writes are those Waiting reads.
func TestMarkMachine(t *testing.T) {
	m := &clusterv1.Machine{}
	MarkMachine(m, false)
	if !Waiting(m) {
		t.Fatal("the machine's conditions are not those written")
	}
	MarkMachine(m, true)
	if Waiting(m) {
		t.Fatal("the machine's conditions did not change")
	}
	s := &Scope{Cluster: &clusterv1.Cluster{}}
	if ok, _ := s.Initialized(); ok {
		t.Fatal("a new cluster is initialized")
	}
}
