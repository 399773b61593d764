// Package beside imports v1beta1 beside its v1beta2 successor.
package beside

import (
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*moving.go:\d+: sigs.k8s.io/cluster-api/api/core/v1beta1 is imported beside its successor .* and used for values that move: spell those through the successor's import by hand, then run the rewrite again$`
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

// Ready uses the v1beta1 import for a value that is no provider field's.
func Ready(c *clusterv1.Cluster) *clusterv1beta1.Cluster {
	return &clusterv1beta1.Cluster{ObjectMeta: c.ObjectMeta}
}
