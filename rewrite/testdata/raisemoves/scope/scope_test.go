package scope

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

func int32Ptr(v int32) *int32 { return &v }

func TestScope(t *testing.T) {
	sb := runtime.NewSchemeBuilder(corev1.AddToScheme, clusterv1.AddToScheme)
	if err := sb.AddToScheme(runtime.NewScheme()); err != nil {
		t.Fatal(err)
	}
	c := &clusterv1.Cluster{
		Spec:   clusterv1.ClusterSpec{ClusterNetwork: &clusterv1.ClusterNetwork{APIServerPort: int32Ptr(443)}},
		Status: clusterv1.ClusterStatus{InfrastructureReady: true},
	}
	m := &clusterv1.Machine{
		Spec:   clusterv1.MachineSpec{FailureDomain: ptr.To("fd1"), Version: ptr.To("v1.33.0")},
		Status: clusterv1.MachineStatus{NodeRef: &corev1.ObjectReference{Name: "node"}},
	}
	s := New(c, m)
	if got := s.Zone(); got != "fd1" {
		t.Errorf("Zone() = %q", got)
	}
	if got := s.Version(); got == nil || *got != "1.33.0" {
		t.Errorf("Version() = %v", got)
	}
	if !s.Joined() {
		t.Error("not joined")
	}
	if got := New(c, &clusterv1.Machine{}).Zone(); got != "default" {
		t.Errorf("Zone() of a machine without one = %q", got)
	}
	if got := New(c, &clusterv1.Machine{}).Version(); got != nil {
		t.Errorf("Version() of a machine without one = %q", *got)
	}
}
