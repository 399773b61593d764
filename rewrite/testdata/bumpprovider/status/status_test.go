package status

import (
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1"
)

func TestReady(t *testing.T) {
	c := &clusterv1.Cluster{}
	if Ready(c) {
		t.Fatal("a new cluster is not ready")
	}
	MarkReady(c)
	if !Ready(c) {
		t.Fatal("MarkReady did not make the cluster ready")
	}
	if PoolReady(&expv1.MachinePool{}) {
		t.Fatal("a new pool is not ready")
	}
}
