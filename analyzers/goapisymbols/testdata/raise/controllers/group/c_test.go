package group

import (
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move c_test.go to Cluster API's v1beta2 Go API$`
)

func TestT(t *testing.T) {
	_ = T{M: &clusterv1.Machine{}}
}
