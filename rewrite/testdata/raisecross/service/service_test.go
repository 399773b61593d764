package service

import (
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"example.com/raisecross/scope"
)

func TestPodCIDR(t *testing.T) {
	s := &scope.Cluster{Cluster: &clusterv1.Cluster{Spec: clusterv1.ClusterSpec{ClusterNetwork: &clusterv1.ClusterNetwork{
		Pods: &clusterv1.NetworkRanges{CIDRBlocks: []string{"10.0.0.0/16"}},
	}}}}
	if got := PodCIDR(s); got != "10.0.0.0/16" {
		t.Errorf("PodCIDR = %q", got)
	}
	if got := PodCIDR(&scope.Cluster{Cluster: &clusterv1.Cluster{}}); got != "" {
		t.Errorf("PodCIDR of a cluster without a network = %q", got)
	}
}
