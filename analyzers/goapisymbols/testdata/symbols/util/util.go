// Package util imports no package of the map: nothing to report.
package util

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

func Name(c *clusterv1.Cluster) string { return c.Name }
