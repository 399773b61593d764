// Package hybrid reconciles the provider's own stage-1 object beside a
// core Cluster on Cluster API v1.11 or later: the core object moves to
// v1beta2 while the deprecated utilities called on the provider's object
// stay, as they serve stage-1 objects.
package hybrid

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/move/stage1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702: move hybrid\.go to Cluster API's v1beta2 Go API$` `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1: `
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions: `
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch"      // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/patch: `
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/paused"     // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/paused: `
)

func reconcile(ctx context.Context, c client.Client, cluster *clusterv1.Cluster, m *stage1.BarMachine) error {
	helper, err := patch.NewHelper(m, c)
	if err != nil {
		return err
	}
	// The copy takes a v1beta2 Cluster; this file has only the v1beta1 one.
	if isPaused, _, err := paused.EnsurePausedCondition(ctx, c, nil, m); err != nil || isPaused { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/paused\.EnsurePausedCondition: `
		return err
	}
	if cluster.Spec.Paused {
		conditions.MarkFalse(m, stage1.BarReadyCondition, clusterv1.WaitingForControlPlaneAvailableReason, clusterv1.ConditionSeverityInfo, "") // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkFalse: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.WaitingForControlPlaneAvailableReason: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ConditionSeverityInfo: `
	} else {
		conditions.MarkTrue(m, clusterv1.ReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/conditions\.MarkTrue: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReadyCondition: `
	}
	return helper.Patch(ctx, m, patch.WithOwnedConditions{Conditions: []clusterv1.ConditionType{clusterv1.ReadyCondition, stage1.BarReadyCondition}}) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/deprecated/v1beta1/patch\.WithOwnedConditions: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ConditionType: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/core/v1beta1\.ReadyCondition: `
}
