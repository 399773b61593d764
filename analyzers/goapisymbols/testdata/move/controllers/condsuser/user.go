// Package condsuser reads the v1beta1 conditions of the cluster of
// another package's scope, whose move makes it v1beta2: the calls move
// with it.
package condsuser

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2$` `^MPA702: move user.go to Cluster API's v1beta2 Go API$`
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions: the import is .*`

	"example.com/move/controllers/condscope"
)

func initialized(s *condscope.Scope) bool {
	return conditions.IsTrue(s.Cluster, clusterv1.ControlPlaneInitializedCondition) // want `^MPA703 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions.IsTrue: .*` `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.ControlPlaneInitializedCondition: .*`
}
