package contract

// The names of the v1beta1 API packages (api/core, api/bootstrap/kubeadm,
// api/controlplane/kubeadm, api/addons, api/ipam) that no rule of
// GoSymbolRules maps: renames and removals, written by hand from Cluster
// API's sources (the pinned release's api/<group>/v1beta2/*_types.go and
// v1beta1_condition_consts.go) and its provider migration guide
// (docs/book/src/developer/providers/migrations/v1.10-to-v1.11.md). The
// pre-v1.11 entries of the same names in the old packages are built from
// these (goAPIPre111).

type apiSymbol struct {
	path, name string
	kind       GoSymbolKind
	successor  string // "path.Name", "" for none
	instead    string
	class      ChangeClass
}

var goAPIHandAPI = []apiSymbol{
	// The v1beta1 conditions (condition_types.go): v1beta2 objects carry
	// []metav1.Condition; the v1beta1 ones live on under
	// status.deprecated.v1beta1 until v1beta1 goes.
	{coreV1Beta1, "Condition", SymType, joinSymbol(metaV1, "Condition"), "it has no severity; Reason is required", ChangeRetyped},
	{coreV1Beta1, "Conditions", SymType, "", "use []metav1.Condition", ChangeRetyped},
	{coreV1Beta1, "ConditionType", SymType, "", "metav1 condition types are plain strings", ChangeRetyped},
	{coreV1Beta1, "ConditionSeverity", SymType, "", "metav1.Condition has no severity", ChangeRemoved},
	{coreV1Beta1, "ConditionSeverityError", SymConst, "", "metav1.Condition has no severity", ChangeRemoved},
	{coreV1Beta1, "ConditionSeverityWarning", SymConst, "", "metav1.Condition has no severity", ChangeRemoved},
	{coreV1Beta1, "ConditionSeverityInfo", SymConst, "", "metav1.Condition has no severity", ChangeRemoved},
	{coreV1Beta1, "ConditionSeverityNone", SymConst, "", "metav1.Condition has no severity", ChangeRemoved},
	{coreV1Beta1, "ReadyCondition", SymConst, joinSymbol(coreV1Beta2, "ReadyCondition"), "", ChangeSame},
	{coreV1Beta1, "InfrastructureReadyCondition", SymConst, joinSymbol(coreV1Beta2, "InfrastructureReadyCondition"), "", ChangeSame},
	{coreV1Beta1, "BootstrapReadyCondition", SymConst, joinSymbol(coreV1Beta2, "BootstrapConfigReadyCondition"), "", ChangeRenamed},
	{coreV1Beta1, "ControlPlaneInitializedCondition", SymConst, joinSymbol(coreV1Beta2, "ClusterControlPlaneInitializedCondition"), "", ChangeSame},
	{coreV1Beta1, "ControlPlaneReadyCondition", SymConst, joinSymbol(coreV1Beta2, "ClusterControlPlaneAvailableCondition"), "the v1beta2 Cluster reports its control plane as Available", ChangeRenamed},
	{coreV1Beta1, "MachineNodeHealthyCondition", SymConst, joinSymbol(coreV1Beta2, "MachineNodeHealthyCondition"), "", ChangeSame},
	{coreV1Beta1, "DeletingReason", SymConst, joinSymbol(coreV1Beta2, "DeletingReason"), "", ChangeSame},
	{coreV1Beta1, "DeletedReason", SymConst, "", "a v1beta2 Deleting condition says why with its own reasons", ChangeRemoved},
	{coreV1Beta1, "DeletionFailedReason", SymConst, "", "a v1beta2 Deleting condition says why with its own reasons", ChangeRemoved},
	{coreV1Beta1, "WaitingForControlPlaneAvailableReason", SymConst, "", "v1beta2 conditions name their own reasons", ChangeRemoved},
	{coreV1Beta1, "WaitingForInfrastructureFallbackReason", SymConst, "", "v1beta2 conditions name their own reasons", ChangeRemoved},
	{coreV1Beta1, "DrainingSucceededCondition", SymConst, joinSymbol(coreV1Beta2, "MachineDeletingCondition"), "drain progress is reported by the Machine's Deleting condition", ChangeRenamed},
	// Renamed and removed types of the core API (api/core/v1beta2/*_types.go;
	// where their fields went is the field map's, contract/goapi_fields.go).
	// "guide:N" is a line of the v1.11.0 migration guide named above.
	// guide:496: GetIPFamily removed.
	{coreV1Beta1, "Cluster.GetIPFamily", SymMethod, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "ClusterIPFamily", SymType, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "ClusterIPFamily.String", SymMethod, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "DualStackIPFamily", SymConst, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "IPv4IPFamily", SymConst, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "IPv6IPFamily", SymConst, "", noIPFamily, ChangeRemoved},
	{coreV1Beta1, "InvalidIPFamily", SymConst, "", noIPFamily, ChangeRemoved},
	// guide:1541-1545 (ClusterClass), 645 and 802 (MachineDeployment, MachineSet).
	{coreV1Beta1, "ControlPlaneClassNamingStrategy", SymType, joinSymbol(coreV1Beta2, "ControlPlaneClassNamingSpec"), "", ChangeRenamed},
	{coreV1Beta1, "InfrastructureNamingStrategy", SymType, joinSymbol(coreV1Beta2, "InfrastructureClassNamingSpec"), "", ChangeRenamed},
	{coreV1Beta1, "MachineDeploymentClassNamingStrategy", SymType, joinSymbol(coreV1Beta2, "MachineDeploymentClassNamingSpec"), "", ChangeRenamed},
	{coreV1Beta1, "MachinePoolClassNamingStrategy", SymType, joinSymbol(coreV1Beta2, "MachinePoolClassNamingSpec"), "", ChangeRenamed},
	{coreV1Beta1, "MachineNamingStrategy", SymType, joinSymbol(coreV1Beta2, "MachineNamingSpec"), "", ChangeRenamed},
	// guide:1189: nodeStartupTimeout is nodeStartupTimeoutSeconds.
	{coreV1Beta1, "DefaultNodeStartupTimeout", SymVar, joinSymbol(coreV1Beta2, "DefaultNodeStartupTimeoutSeconds"), "a constant of int32 seconds", ChangeDurationToSeconds},
	{coreV1Beta1, "ZeroDuration", SymVar, "", "v1beta2 durations are *int32 seconds: use 0", ChangeRemoved},
	// guide:489: status.failureDomains is a list.
	{coreV1Beta1, "FailureDomainSpec", SymType, joinSymbol(coreV1Beta2, "FailureDomain"), "an element of the []FailureDomain list, with the name the map key was", ChangeMapToList},
	{coreV1Beta1, "FailureDomains", SymType, "", "v1beta2 failure domains are a []FailureDomain list, each with its name", ChangeMapToList},
	{coreV1Beta1, "FailureDomains.FilterControlPlane", SymMethod, "", "v1beta2 has no failure domain helpers: keep the []FailureDomain elements whose ControlPlane is true", ChangeRemoved},
	{coreV1Beta1, "FailureDomains.GetIDs", SymMethod, "", "v1beta2 has no failure domain helpers: collect the []FailureDomain elements' names", ChangeRemoved},
	// guide:1514-1520: a class's ref is templateRef, template.bootstrap.ref bootstrap.templateRef.
	{coreV1Beta1, "LocalObjectTemplate", SymType, joinSymbol(coreV1Beta2, "ClusterClassTemplateReference"), "a v1beta2 class holds the template reference itself (templateRef)", ChangeRetyped},
	{coreV1Beta1, "MachineDeploymentClassTemplate", SymType, "", "its fields are v1beta2 MachineDeploymentClass's own (metadata, bootstrap, infrastructure)", ChangeRemoved},
	{coreV1Beta1, "MachinePoolClassTemplate", SymType, "", "its fields are v1beta2 MachinePoolClass's own (metadata, bootstrap, infrastructure)", ChangeRemoved},
	// guide:657-661: spec.rollout combines rolloutAfter and strategy; remediation and deletion.order move out.
	{coreV1Beta1, "MachineDeploymentStrategy", SymType, joinSymbol(coreV1Beta2, "MachineDeploymentRolloutStrategy"), "spec.strategy is spec.rollout.strategy; its remediation is spec.remediation", ChangeRenamed},
	{coreV1Beta1, "MachineDeploymentStrategyType", SymType, joinSymbol(coreV1Beta2, "MachineDeploymentRolloutStrategyType"), "", ChangeRenamed},
	{coreV1Beta1, "MachineRollingUpdateDeployment", SymType, joinSymbol(coreV1Beta2, "MachineDeploymentRolloutStrategyRollingUpdate"), "", ChangeRenamed},
	{coreV1Beta1, "RemediationStrategy", SymType, joinSymbol(coreV1Beta2, "MachineDeploymentRemediationSpec"), "", ChangeRenamed},
	// guide:465-468: machineHealthCheck is healthCheck, restructured.
	{coreV1Beta1, "MachineHealthCheckClass", SymType, joinSymbol(coreV1Beta2, "ControlPlaneClassHealthCheck"), "and MachineDeploymentClassHealthCheck: v1beta2 splits checks and remediation", ChangeRetyped},
	{coreV1Beta1, "MachineHealthCheckClass.IsZero", SymMethod, "", "v1beta2's health check types have no IsZero", ChangeRemoved},
	{coreV1Beta1, "MachineHealthCheckTopology", SymType, joinSymbol(coreV1Beta2, "ControlPlaneTopologyHealthCheck"), "and MachineDeploymentTopologyHealthCheck: v1beta2 splits checks and remediation", ChangeRetyped},
	// guide:661 and 807: deletePolicy is deletion.order, a MachineSetDeletionOrder.
	{coreV1Beta1, "MachineSetDeletePolicy", SymType, joinSymbol(coreV1Beta2, "MachineSetDeletionOrder"), "spec.deletePolicy is spec.deletion.order", ChangeRenamed},
	{coreV1Beta1, "NewestMachineSetDeletePolicy", SymConst, joinSymbol(coreV1Beta2, "NewestMachineSetDeletionOrder"), "", ChangeRenamed},
	{coreV1Beta1, "OldestMachineSetDeletePolicy", SymConst, joinSymbol(coreV1Beta2, "OldestMachineSetDeletionOrder"), "", ChangeRenamed},
	{coreV1Beta1, "RandomMachineSetDeletePolicy", SymConst, joinSymbol(coreV1Beta2, "RandomMachineSetDeletionOrder"), "", ChangeRenamed},
	// guide:662-663: revisionHistoryLimit and its annotation removed.
	{coreV1Beta1, "RevisionHistoryAnnotation", SymConst, "", "v1beta2 MachineDeployments keep no revision history: the machinedeployment.clusters.x-k8s.io/revision-history annotation is gone", ChangeRemoved},
	// guide:1191-1192: unhealthyConditions is checks.unhealthyNodeConditions.
	{coreV1Beta1, "UnhealthyCondition", SymType, joinSymbol(coreV1Beta2, "UnhealthyNodeCondition"), "its timeout is timeoutSeconds", ChangeRenamed},

	// The kubeadm bootstrap API (api/bootstrap/kubeadm/v1beta2/kubeadm_types.go;
	// guide:99 ClusterStatus, 1863-1866 ControlPlaneComponent, 1888-1893
	// networking).
	{cabpkV1Beta1, "ClusterStatus", SymType, "", "the unused kubeadm ClusterStatus was removed", ChangeRemoved},
	{cabpkV1Beta1, "ControlPlaneComponent", SymType, "", "v1beta2's APIServer, ControllerManager and Scheduler hold extraArgs ([]Arg), extraVolumes and extraEnvs themselves", ChangeRemoved},
	{cabpkV1Beta1, "ImageMeta", SymType, "", "its imageRepository and imageTag are v1beta2 DNS's and LocalEtcd's own fields", ChangeRemoved},
	{cabpkV1Beta1, "Networking", SymType, "", "v1beta2's ClusterConfiguration has no networking: set the Cluster's clusterNetwork (services and pods cidrBlocks, serviceDomain)", ChangeRemoved},
	{cabpkV1Beta1, "NodeRegistrationOptions.MarshalJSON", SymMethod, "", "v1beta2's NodeRegistrationOptions marshals by its struct tags", ChangeRemoved},

	// The kubeadm control plane API (api/controlplane/kubeadm/v1beta2/kubeadm_control_plane_types.go;
	// the field map has where each spec field went).
	{kcpV1Beta1, "DefaultMinHealthyPeriod", SymConst, joinSymbol(kcpV1Beta2, "DefaultMinHealthyPeriodSeconds"), "int32 seconds", ChangeDurationToSeconds},
	{kcpV1Beta1, "KubeadmClusterConfigurationAnnotation", SymConst, "", "KCP of v1.12 and later no longer sets it on Machines and removes it (controlplane/kubeadm/pkg/desiredstate/desired_state.go)", ChangeRemoved},
	{kcpV1Beta1, "MachineNamingStrategy", SymType, joinSymbol(kcpV1Beta2, "MachineNamingSpec"), "spec.machineNamingStrategy is spec.machineNaming", ChangeRenamed},
	{kcpV1Beta1, "RemediationStrategy", SymType, joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRemediationSpec"), "spec.remediationStrategy is spec.remediation", ChangeRenamed},
	{kcpV1Beta1, "RollingUpdate", SymType, joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutStrategyRollingUpdate"), "", ChangeRenamed},
	{kcpV1Beta1, "RolloutBefore", SymType, joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutBeforeSpec"), "spec.rolloutBefore is spec.rollout.before", ChangeRenamed},
	{kcpV1Beta1, "RolloutStrategy", SymType, joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutStrategy"), "spec.rolloutStrategy is spec.rollout.strategy", ChangeRenamed},
	{kcpV1Beta1, "RolloutStrategyType", SymType, joinSymbol(kcpV1Beta2, "KubeadmControlPlaneRolloutStrategyType"), "", ChangeRenamed},

	// ClusterResourceSet (api/addons/v1beta2/clusterresourceset_types.go):
	// its v1beta2 conditions took the ClusterResourceSet prefix; guide:2450
	// DeleteBinding removed (RemoveBinding does the same).
	{addonsV1B1, "ClusterResourceSetBinding.DeleteBinding", SymMethod, joinSymbol(addonsV1B2, "ClusterResourceSetBinding.RemoveBinding"), "", ChangeRenamed},
	{addonsV1B1, "ClusterResourceSetDeletingV1Beta2Condition", SymConst, "", "v1beta2's ClusterResourceSet has no Deleting condition", ChangeRemoved},
	{addonsV1B1, "ClusterResourceSetResourceSetAppliedV1Beta2Condition", SymConst, "", "v1beta2 has no ResourceSetApplied condition", ChangeRemoved},
	{addonsV1B1, "ResourcesAppliedV1Beta2Condition", SymConst, joinSymbol(addonsV1B2, "ClusterResourceSetResourcesAppliedCondition"), "", ChangeSame},
	{addonsV1B1, "ResourcesAppliedV1beta2Reason", SymConst, joinSymbol(addonsV1B2, "ClusterResourceSetResourcesAppliedReason"), "", ChangeSame},
	{addonsV1B1, "ResourcesNotAppliedV1Beta2Reason", SymConst, joinSymbol(addonsV1B2, "ClusterResourceSetResourcesNotAppliedReason"), "", ChangeSame},
	{addonsV1B1, "ResourcesAppliedWrongSecretTypeV1Beta2Reason", SymConst, joinSymbol(addonsV1B2, "ClusterResourceSetResourcesAppliedWrongSecretTypeReason"), "", ChangeSame},
	{addonsV1B1, "ResourcesAppliedInternalErrorV1Beta2Reason", SymConst, joinSymbol(addonsV1B2, "ClusterResourceSetResourcesAppliedInternalErrorReason"), "", ChangeSame},
}

const noIPFamily = "v1beta2 has no Cluster IP family helper: read the Cluster's clusterNetwork pod and service CIDRs"
