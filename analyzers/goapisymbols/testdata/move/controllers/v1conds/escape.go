package v1conds

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1: the import is .*keeps its v1beta1 imports, as its move is not mechanical: escape\.go:11: conditions\.Get: its v1beta1 condition is used as more than a value to read: move the file's conditions first, by the guide's stages of "How to start using metav1\.conditions"; then run the rewrite again$`
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions: the import is .*keeps its v1beta1 imports, as its move is not mechanical: escape\.go:11: conditions\.Get: its v1beta1 condition is used as more than a value to read: move the file's conditions first, by the guide's stages of "How to start using metav1\.conditions"; then run the rewrite again$`
)

// Ready hands the cluster's Ready condition on: a value whose type the
// move would change leaves the file, which keeps its imports.
func Ready(c *clusterv1.Cluster) any {
	return conditions.Get(c, clusterv1.ReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.Get: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.Get, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ReadyCondition$`
}
