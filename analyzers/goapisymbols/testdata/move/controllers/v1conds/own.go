// Package v1conds mirrors a machine's v1beta1 condition on an object of
// the provider's own API, whose v1beta1 conditions move with that API:
// the file keeps its imports.
package v1conds

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1: the import is .*keeps its v1beta1 imports, as its move is not mechanical: own\.go:16: conditions\.MarkTrue on o, which the move does not make a v1beta2 object of Cluster API \(util/conditions/deprecated/v1beta1 reads and writes the v1beta1 conditions only there\): move the file's conditions first, by the guide's stages of "How to start using metav1\.conditions"; then run the rewrite again; own\.go:15: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: its v1beta2 successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions: the import is .*keeps its v1beta1 imports, as its move is not mechanical: own\.go:16: conditions\.MarkTrue on o, which the move does not make a v1beta2 object of Cluster API \(util/conditions/deprecated/v1beta1 reads and writes the v1beta1 conditions only there\): move the file's conditions first, by the guide's stages of "How to start using metav1\.conditions"; then run the rewrite again; own\.go:15: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: its v1beta2 successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`

	"example.com/move/own"
)

// Mirror marks o ready when the machine's bootstrap is.
func Mirror(o *own.Own, m *clusterv1.Machine) {
	if conditions.IsTrue(m, clusterv1.BootstrapReadyCondition) { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.IsTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.IsTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`
		conditions.MarkTrue(o, own.FooReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$`
	}
}
