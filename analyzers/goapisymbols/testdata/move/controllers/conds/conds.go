// Package conds reads and writes the v1beta1 conditions of core objects:
// the move calls util/conditions/deprecated/v1beta1, which reads and
// writes them on the v1beta2 objects, with the names v1beta2 keeps for
// them.
package conds

import (
	corev1 "k8s.io/api/core/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702: move conds\.go to Cluster API's v1beta2 Go API$` `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1: the import is Cluster API's v1beta1 Go API \(removal planned in v1\.16\): its v1beta2 successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2$`
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions: the import is Cluster API's v1beta1 Go API \(removal planned in v1\.16\): its v1beta2 successor is sigs\.k8s\.io/cluster-api/util/conditions \(move the object's conditions to \[\]metav1\.Condition, by the guide's stages of "How to start using metav1\.conditions"\)$`

	"example.com/move/own"
)

// Initialized reads the cluster's v1beta1 conditions.
func Initialized(cluster *clusterv1.Cluster) (bool, string) { // want Initialized:"moves in goapi-file:example.com/move/controllers/conds/conds.go"
	if conditions.IsTrue(cluster, clusterv1.ControlPlaneInitializedCondition) { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.IsTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.IsTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ControlPlaneInitializedCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ClusterControlPlaneInitializedCondition$`
		return true, ""
	}
	if conditions.IsFalse(cluster, clusterv1.InfrastructureReadyCondition) { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.IsFalse: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.IsFalse, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.InfrastructureReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.InfrastructureReadyCondition$`
		return false, conditions.GetReason(cluster, clusterv1.InfrastructureReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.GetReason: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.GetReason, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.InfrastructureReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.InfrastructureReadyCondition$`
	}
	if c := conditions.Get(cluster, clusterv1.ReadyCondition); c != nil && c.Status == corev1.ConditionFalse { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.Get: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.Get, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ReadyCondition$`
		return false, c.Message
	}
	return conditions.Has(cluster, "Custom"), conditions.GetMessage(cluster, clusterv1.ReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.Has: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.Has, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.GetMessage: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.GetMessage, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ReadyCondition$`
}

// MarkMachine writes a machine's v1beta1 conditions, one of the
// provider's own type.
func MarkMachine(m *clusterv1.Machine, ok bool) { // want MarkMachine:"moves in goapi-file:example.com/move/controllers/conds/conds.go"
	if ok {
		conditions.MarkTrue(m, clusterv1.BootstrapReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`
		return
	}
	conditions.MarkFalse(m, clusterv1.BootstrapReadyCondition, clusterv1.WaitingForDataSecretFallbackReason, clusterv1.ConditionSeverityInfo, "waiting for %s", m.Name) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkFalse: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkFalse, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.WaitingForDataSecretFallbackReason: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.WaitingForDataSecretFallbackV1Beta1Reason \(the deprecated v1beta1 condition, kept until v1beta1 is removed; v1beta2's own conditions are metav1 ones\)$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ConditionSeverityInfo: .*successor: metav1\.Condition has no severity$`
	conditions.Set(m, conditions.TrueCondition(clusterv1.InfrastructureReadyCondition))                                                                                 // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.Set: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.Set, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.TrueCondition: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.TrueCondition, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.InfrastructureReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.InfrastructureReadyCondition$`
	conditions.MarkUnknown(m, own.FooReadyCondition, own.FooFailedReason, "")                                                                                           // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkUnknown: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkUnknown, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$`
}

type scope struct {
	Cluster *clusterv1.Cluster // want Cluster:"moves in goapi-file:example.com/move/controllers/conds/conds.go"
}

// ready reads a condition of the scope's cluster.
func (s *scope) ready() bool {
	return conditions.IsTrue(s.Cluster, clusterv1.ControlPlaneReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.IsTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.IsTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ControlPlaneReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.ClusterControlPlaneAvailableCondition \(the v1beta2 Cluster reports its control plane as Available\)$`
}

// markAll marks every machine of a list and of a slice.
func markAll(machines []*clusterv1.Machine, list *clusterv1.MachineList) {
	for _, m := range machines {
		conditions.MarkTrue(m, clusterv1.BootstrapReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`
	}
	for i := range list.Items {
		conditions.MarkTrue(&list.Items[i], clusterv1.BootstrapReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkTrue: .*; on a Cluster API object the move makes v1beta2, the fix calls sigs\.k8s\.io/cluster-api/util/conditions/deprecated/v1beta1\.MarkTrue, which keeps the same v1beta1 conditions \(status\.deprecated\.v1beta1\.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.BootstrapReadyCondition: .*successor is sigs\.k8s\.io/cluster-api/api/core/v1beta2\.BootstrapConfigReadyCondition$`
	}
}
