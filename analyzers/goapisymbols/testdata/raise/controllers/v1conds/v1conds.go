// Package v1conds reads and writes the v1beta1 conditions of core objects
// through v1.10's util/conditions: raised past v1.11, the move calls
// util/conditions/deprecated/v1beta1, which reads and writes the same
// conditions on the v1beta2 objects.
package v1conds

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move v1conds\.go to Cluster API's v1beta2 Go API$` `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: the import is .*$`
	expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/exp/api/v1beta1: the import is .*$`
	"sigs.k8s.io/cluster-api/util/conditions"       // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: the import is .*$`
)

func initialized(c *clusterv1.Cluster) bool {
	return conditions.IsTrue(c, clusterv1.ControlPlaneInitializedCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.IsTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.IsTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ControlPlaneInitializedCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ClusterControlPlaneInitializedCondition; from v1\.11 it lives on, deprecated until v1beta1's removal, as sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ControlPlaneInitializedCondition$`
}

func markPool(p *expv1.MachinePool, ready bool) {
	if ready {
		conditions.MarkTrue(p, expv1.ReplicasReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/exp/api/v1beta1\.ReplicasReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ReplicasReadyV1Beta1Condition \(the deprecated v1beta1 condition, kept until v1beta1 is removed; v1beta2's own conditions are metav1 ones\); from v1\.11 it lives on, deprecated until v1beta1's removal, as sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReplicasReadyCondition$`
		return
	}
	conditions.MarkFalse(p, expv1.ReplicasReadyCondition, expv1.WaitingForReplicasReadyReason, clusterv1.ConditionSeverityWarning, "") // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkFalse: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkFalse, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/exp/api/v1beta1\.ReplicasReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ReplicasReadyV1Beta1Condition \(the deprecated v1beta1 condition, kept until v1beta1 is removed; v1beta2's own conditions are metav1 ones\); from v1\.11 it lives on, deprecated until v1beta1's removal, as sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReplicasReadyCondition$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/exp/api/v1beta1\.WaitingForReplicasReadyReason: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.WaitingForReplicasReadyV1Beta1Reason \(the deprecated v1beta1 condition, kept until v1beta1 is removed; v1beta2's own conditions are metav1 ones\); from v1\.11 it lives on, deprecated until v1beta1's removal, as sigs\.k8s\.io/cluster-api/api/core/v1beta1\.WaitingForReplicasReadyReason$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionSeverityWarning: .*successor: metav1\.Condition has no severity; from v1\.11 it lives on, deprecated until v1beta1's removal, as sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ConditionSeverityWarning$`
}
