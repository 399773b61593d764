package group

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: .*b.go keeps its v1beta1 imports, as its move is not mechanical: it shares v1beta1-typed declarations with a.go`
)

// New sets a.go's field: it moves with a.go.
func New(c *clusterv1.Cluster) S {
	return S{C: c}
}
