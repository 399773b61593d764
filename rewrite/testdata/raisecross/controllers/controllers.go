// Package controllers gets the cluster with a utility that returns v1beta2
// objects from Cluster API v1.11.
package controllers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"

	"example.com/raisecross/scope"
	"example.com/raisecross/service"
)

// PodCIDR is the pod CIDR of the machine's cluster.
func PodCIDR(ctx context.Context, c client.Client, m *clusterv1.Machine) (string, error) {
	cluster, err := util.GetOwnerCluster(ctx, c, m.ObjectMeta)
	if err != nil || cluster == nil {
		return "", err
	}
	return service.PodCIDR(&scope.Cluster{Cluster: cluster}), nil
}
