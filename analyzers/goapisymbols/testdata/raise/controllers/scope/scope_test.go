package scope

import (
	"reflect"
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move scope_test.go to Cluster API's v1beta2 Go API$`

	"example.com/raise/api/v1alpha1"
)

// The expected value compared with a field that keeps v1beta1's type
// keeps it too: equal only while the types are.
func TestAddresses(t *testing.T) {
	s := &Scope{Cluster: &clusterv1.Cluster{}, FooMachine: &v1alpha1.FooMachine{}}
	s.FooMachine.Status.Addresses = []clusterv1.MachineAddress{{Type: clusterv1.MachineHostName, Address: "m"}}
	expectEqual(t, s.FooMachine.Status.Addresses, []clusterv1.MachineAddress{{Type: clusterv1.MachineHostName, Address: "m"}})
	expectEqual(t, s.Cluster.Spec.Paused, false)
}

// The same in an if's condition.
func TestAddressesIf(t *testing.T) {
	s := &Scope{FooMachine: &v1alpha1.FooMachine{}}
	if !reflect.DeepEqual(s.FooMachine.Status.Addresses, []clusterv1.MachineAddress{}) {
		t.Skip()
	}
}

func expectEqual(t *testing.T, got, want any) {
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
