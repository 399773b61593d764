// Package scope holds the objects a reconcile works on.
package scope

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

// Cluster holds the cluster.
type Cluster struct {
	Cluster *clusterv1.Cluster
}

// Name is the cluster's name.
func (c *Cluster) Name() string { return c.Cluster.Name }
