package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	bootstrapv1beta1 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1: the import is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2; controllers.go keeps its v1beta1 imports, as its move is not mechanical: .*controllers.go:59: .*ControlPlaneComponent: it has no v1beta2 successor.*$`
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"                // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is Cluster API's v1beta1 Go API \(removal planned in v1.16\): its v1beta2 successor is sigs.k8s.io/cluster-api/api/core/v1beta2; controllers.go keeps its v1beta1 imports, as its move is not mechanical: controllers.go:51: .*ConditionType: .*$`
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
	"sigs.k8s.io/cluster-api/controllers/external"
	"sigs.k8s.io/cluster-api/util/conditions"
	v1beta1conditions "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions: the import is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/util/conditions \(move the object's conditions to \[\]metav1.Condition, by the guide's stages`
	"sigs.k8s.io/cluster-api/util/patch"
)

// The v1beta1 condition utilities and constants, through an alias.
func markReady(c *clusterv1beta1.Cluster) {
	v1beta1conditions.MarkTrue(c, clusterv1beta1.ReadyCondition)                                                         // want `^MPA703 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions.MarkTrue: v1beta1conditions.MarkTrue is Cluster API's v1beta1 Go API \(removal planned in v1.16\): its v1beta2 successor is sigs.k8s.io/cluster-api/util/conditions.Set \(set a metav1.Condition with Status True and a Reason; not a rename: it writes the v1beta1 conditions \(a v1beta2 object's status.deprecated.v1beta1.conditions\), the successor status.conditions: set the v1beta2 condition beside it, by the guide's stages of "How to start using metav1.conditions"\); on a Cluster API object the move makes v1beta2, the fix calls sigs.k8s.io/cluster-api/util/conditions/deprecated/v1beta1.MarkTrue, which keeps the same v1beta1 conditions \(status.deprecated.v1beta1.conditions\) and is deprecated too: moving to the object's v1beta2 conditions is the next step, for a person$` `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.ReadyCondition: clusterv1beta1.ReadyCondition is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/api/core/v1beta2.ReadyCondition$`
	v1beta1conditions.MarkFalse(c, clusterv1beta1.ReadyCondition, "Failed", clusterv1beta1.ConditionSeverityWarning, "") // want `^MPA703 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions.MarkFalse: v1beta1conditions.MarkFalse is .*successor is sigs.k8s.io/cluster-api/util/conditions.Set \(set a metav1.Condition with Status False; it has no severity; not a rename: it writes the v1beta1 conditions .*\); on a Cluster API object the move makes v1beta2, the fix calls sigs.k8s.io/cluster-api/util/conditions/deprecated/v1beta1.MarkFalse, .*$` `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.ReadyCondition: ` `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.ConditionSeverityWarning: clusterv1beta1.ConditionSeverityWarning is .*: it has no v1beta2 successor: metav1.Condition has no severity$`
	_ = clusterv1beta1.PausedV1Beta2Condition                                                                            // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.PausedV1Beta2Condition: clusterv1beta1.PausedV1Beta2Condition is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2.PausedCondition$`
}

// The v1beta2 utilities and types are the successors: nothing to report.
func ready(c *clusterv1.Cluster) bool {
	return conditions.IsTrue(c, clusterv1.ReadyCondition)
}

// external.Get on a reference a v1beta1 object holds: v1beta2 objects
// hold a ContractVersionedObjectReference.
func infra(ctx context.Context, r client.Reader, c *clusterv1beta1.Cluster) error {
	_, err := external.Get(ctx, r, (c.Spec.InfrastructureRef)) // want `^MPA703 warning: sigs.k8s.io/cluster-api/controllers/external.Get: external.Get is .*successor is sigs.k8s.io/cluster-api/controllers/external.GetObjectFromContractVersionedRef \(for the references v1beta2 objects hold: a ContractVersionedObjectReference and the namespace\)$`
	return err
}

// external.Get on a reference the provider builds is not deprecated.
func template(ctx context.Context, r client.Reader, ref *corev1.ObjectReference) error {
	if _, err := external.Get(ctx, r, ref); err != nil {
		return err
	}
	get := external.Get
	_, err := get(ctx, r, ref)
	return err
}

// The patch helper option of v1beta1 condition types.
var owned = patch.WithOwnedV1Beta1Conditions{Conditions: []clusterv1.ConditionType{clusterv1.ReadyCondition}} // want `^MPA703 warning: sigs.k8s.io/cluster-api/util/patch.WithOwnedV1Beta1Conditions: patch.WithOwnedV1Beta1Conditions is .*successor is sigs.k8s.io/cluster-api/util/patch.WithOwnedConditions \(list the metav1 condition types the controller sets\)$`

// A v1beta1 condition type value.
var conditionType clusterv1beta1.ConditionType // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.ConditionType: clusterv1beta1.ConditionType is .*: it has no v1beta2 successor: metav1 condition types are plain strings$`

// A v1beta2 option: nothing to report.
var ownedV1Beta2 = patch.WithOwnedConditions{Conditions: []string{clusterv1.ReadyCondition}}

// A kubeadm type v1beta2 drops, a renamed condition and a renamed method;
// a namesake of the same shape (KubeadmConfig) is the import's finding.
func kubeadm(cfg *bootstrapv1beta1.KubeadmConfig, c *clusterv1beta1.Cluster) bool {
	var apiServer bootstrapv1beta1.ControlPlaneComponent // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1.ControlPlaneComponent: bootstrapv1beta1.ControlPlaneComponent is .*: it has no v1beta2 successor: v1beta2's APIServer, ControllerManager and Scheduler hold extraArgs \(\[\]Arg\), extraVolumes and extraEnvs themselves$`
	_ = apiServer
	_ = bootstrapv1beta1.DataSecretAvailableCondition     // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1.DataSecretAvailableCondition: .*successor is sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2.DataSecretAvailableV1Beta1Condition \(the deprecated v1beta1 condition`
	_ = clusterv1beta1.BootstrapReadyCondition            // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.BootstrapReadyCondition: clusterv1beta1.BootstrapReadyCondition is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/api/core/v1beta2.BootstrapConfigReadyCondition$`
	return len(c.GetConditions()) > 0 && cfg.Status.Ready // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.Cluster.GetConditions: v1beta1.Cluster.GetConditions is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/api/core/v1beta2.Cluster.GetV1Beta1Conditions \(v1beta2's GetConditions returns the \[\]metav1.Condition`
}
