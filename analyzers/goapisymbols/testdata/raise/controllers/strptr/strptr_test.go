package strptr

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move strptr_test.go to Cluster API's v1beta2 Go API$`
)

// The test registers the types of the objects it builds: they move
// together. A node reference of a name only is v1beta2's value type.
func TestZone(t *testing.T) {
	sb := runtime.NewSchemeBuilder(corev1.AddToScheme, clusterv1.AddToScheme)
	if err := sb.AddToScheme(runtime.NewScheme()); err != nil {
		t.Fatal(err)
	}
	m := &clusterv1.Machine{Status: clusterv1.MachineStatus{NodeRef: &corev1.ObjectReference{Name: "node"}}}
	if zone(m) != "default" {
		t.Fatal(zone(m))
	}
}
