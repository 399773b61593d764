// Package controllers gets the cluster with a utility that returns v1beta2
// objects from Cluster API v1.11.
package controllers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"

	"example.com/raisemoves/scope"
)

// Reconcile makes the scope of the machine and its cluster.
func Reconcile(ctx context.Context, c client.Client, m *clusterv1.Machine) (*scope.Scope, error) {
	cluster, err := util.GetClusterFromMetadata(ctx, c, m.ObjectMeta)
	if err != nil {
		return nil, err
	}
	return scope.New(cluster, m), nil
}
