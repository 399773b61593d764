// Package condscope holds the cluster a reconcile works on: the file
// moves, and its Cluster field with it.
package condscope

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2$` `^MPA702: move scope.go to Cluster API's v1beta2 Go API$`
)

// Scope is a reconcile's view of its cluster.
type Scope struct {
	Cluster *clusterv1.Cluster // want Cluster:"moves in goapi-file:example.com/move/controllers/condscope/scope.go"
}
