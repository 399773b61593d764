// Package hybrid reconciles the provider's own stage-1 object beside a
// core Cluster: raised past v1.11, the core object moves to v1beta2 while
// the utilities called on the provider's object go to their deprecated
// copies, which serve stage-1 objects with the same code.
package hybrid

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/raise/api/stage1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"                     // want `^MPA702: move hybrid\.go to Cluster API's v1beta2 Go API$` `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: the import is `
	"sigs.k8s.io/cluster-api/util/conditions"                           // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: the import is `
	v1beta2conditions "sigs.k8s.io/cluster-api/util/conditions/v1beta2" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions/v1beta2: the import is `
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/cluster-api/util/paused"
)

func reconcile(ctx context.Context, c client.Client, cluster *clusterv1.Cluster, m *stage1.BarMachine) error {
	helper, err := patch.NewHelper(m, c)
	if err != nil {
		return err
	}
	if isPaused, _, err := paused.EnsurePausedCondition(ctx, c, cluster, m); err != nil || isPaused {
		return err
	}
	if !conditions.IsTrue(cluster, clusterv1.ControlPlaneInitializedCondition) { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.IsTrue: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ControlPlaneInitializedCondition: `
		conditions.MarkFalse(m, stage1.BarReadyCondition, clusterv1.WaitingForControlPlaneAvailableReason, clusterv1.ConditionSeverityInfo, "") // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkFalse: .*; on the provider's own object still at the guide's stage 1 \(v1beta1 conditions beside status\.v1beta2\), the fix calls sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkFalse, which serves it unchanged; ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.WaitingForControlPlaneAvailableReason: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionSeverityInfo: `
	} else {
		conditions.MarkTrue(m, clusterv1.ReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkTrue: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ReadyCondition: `
	}
	if ready := conditions.Get(m, stage1.BarReadyCondition); ready != nil && ready.Status == "True" { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.Get: `
		conditions.SetSummary(m, conditions.WithConditions(stage1.BarReadyCondition)) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.SetSummary: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.WithConditions: `
	}
	v1beta2conditions.Set(m, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if err := v1beta2conditions.SetSummaryCondition(m, m, "Summary", v1beta2conditions.ForConditionTypes{"Ready"}); err != nil {
		return err
	}
	return helper.Patch(ctx, m, patch.WithOwnedConditions{Conditions: []clusterv1.ConditionType{clusterv1.ReadyCondition, stage1.BarReadyCondition}}, patch.WithOwnedV1Beta2Conditions{Conditions: []string{"Ready", "Summary"}}) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/patch\.WithOwnedConditions: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionType: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ReadyCondition: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/patch\.WithOwnedV1Beta2Conditions: `
}
