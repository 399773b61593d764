package refs

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move refs_test.go to Cluster API's v1beta2 Go API$`
)

var infraGroupVersion = schema.GroupVersion{Group: "infrastructure.example.com", Version: "v1"}

type key struct{ Name, Namespace string }

var cpKey = key{Name: "cp", Namespace: "ns"}

// References set in literals as the conversion moves them: the
// apiVersion's group kept, the referring object's namespace implied.
func TestControlPlane(t *testing.T) {
	c := &clusterv1.Cluster{Spec: clusterv1.ClusterSpec{
		ControlPlaneRef: &corev1.ObjectReference{
			APIVersion: "controlplane.example.com/v1",
			Kind:       "CP",
			Name:       cpKey.Name,
			Namespace:  cpKey.Namespace,
		},
		InfrastructureRef: &corev1.ObjectReference{
			Name:       "infra",
			Namespace:  cpKey.Namespace,
			APIVersion: infraGroupVersion.String(),
		},
	}}
	if controlPlane(c) != "cp" {
		t.Fatal(controlPlane(c))
	}
	m := &clusterv1.Machine{Spec: clusterv1.MachineSpec{InfrastructureRef: corev1.ObjectReference{Name: "m", Namespace: cpKey.Namespace}}}
	_ = m
	gvk := infraGroupVersion.WithKind("InfraMachine")
	m2 := &clusterv1.Machine{Spec: clusterv1.MachineSpec{InfrastructureRef: corev1.ObjectReference{Kind: gvk.Kind, Name: "m2", APIVersion: gvk.GroupVersion().String()}}}
	_ = m2
}

// The same set by assignment, a pointer and a value field.
func TestAssigned(t *testing.T) {
	c := &clusterv1.Cluster{}
	c.Spec.InfrastructureRef = &corev1.ObjectReference{
		Name:       "infra",
		Namespace:  cpKey.Namespace,
		Kind:       "InfraCluster",
		APIVersion: infraGroupVersion.String(),
	}
	m := &clusterv1.Machine{}
	m.Spec.InfrastructureRef = corev1.ObjectReference{Name: "m", Kind: "InfraMachine", APIVersion: c.GroupVersionKind().GroupVersion().String()}
	if c.Spec.InfrastructureRef.Name != "infra" || m.Spec.InfrastructureRef.Name != "m" {
		t.Fatal(c, m)
	}
}

// A reference cleared with nil takes v1beta2's zero value, and its kind
// and group are read as the fields v1beta2 has.
func TestCleared(t *testing.T) {
	c := &clusterv1.Cluster{}
	c.Spec.InfrastructureRef = nil
	m := &clusterv1.Machine{Spec: clusterv1.MachineSpec{Bootstrap: clusterv1.Bootstrap{ConfigRef: nil}}}
	if m.Spec.InfrastructureRef.GroupVersionKind().Kind != "" || m.Spec.InfrastructureRef.GroupVersionKind().Group != "" {
		t.Fatal(c, m)
	}
}
