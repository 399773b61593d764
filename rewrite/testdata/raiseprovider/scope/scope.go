// Package scope holds the cluster a reconcile works on.
package scope

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

// Scope holds the cluster.
type Scope struct {
	Cluster *clusterv1.Cluster
}

// New makes a scope of c.
func New(c *clusterv1.Cluster) *Scope {
	return &Scope{Cluster: c}
}
