package contract

import "strings"

// The symbol half of the Go API map: the packages, types, functions and
// constants of Cluster API's v1beta1 Go API that providers use, with the
// v1beta2 successor of each (Cluster API's v1.10 → v1.11 provider
// migration guide, its "annex of imports", and the sources). A test reads
// every entry in the pinned modules and in v1.10.4 (goapi_symbols_test.go).

// GoSymbolKind is what a GoSymbol names.
type GoSymbolKind string

const (
	SymPackage GoSymbolKind = "package"
	SymType    GoSymbolKind = "type"
	SymFunc    GoSymbolKind = "func"
	SymConst   GoSymbolKind = "const"
)

// GoSymbol is one package or package-level symbol of the v1beta1 Go API.
type GoSymbol struct {
	// Path is the old symbol's import path, Name its name ("" for the
	// package itself).
	Path, Name string
	Kind       GoSymbolKind
	// Since and Until bound the Cluster API releases (the one the provider
	// builds against) where Path.Name is this symbol: [Since, Until), ""
	// open. util/conditions means the v1beta1 utilities before v1.11 and
	// the v1beta2 ones from it.
	Since, Until Release
	// Keep is where the old API lives on, deprecated until v1beta1 is
	// removed (GoAPIRemoval), for code not yet moved ("" when Path.Name
	// itself stays, or nothing keeps it).
	Keep string
	// Successor is the v1beta2 symbol ("path" or "path.Name"); "" for none,
	// then Instead says what to do. Instead may add a note to a successor.
	Successor, Instead string
	Class              ChangeClass
	// RefArg, when set, limits the entry to calls whose RefArg-th argument
	// (1-based) is a reference field of an object of a v1beta1 API package
	// (external.Get is not deprecated; only its use on the references
	// v1beta2 retyped is).
	RefArg int
}

// Old is the symbol as the docs spell it: "path" or "path.Name".
func (s GoSymbol) Old() string { return joinSymbol(s.Path, s.Name) }

// LivesIn reports whether Path.Name is this symbol in release built.
func (s GoSymbol) LivesIn(built Release) bool {
	return (s.Since == "" || built.AtLeast(s.Since)) && (s.Until == "" || built.Less(s.Until))
}

func joinSymbol(path, name string) string {
	if name == "" {
		return path
	}
	return path + "." + name
}

// GoAPISymbols is the symbol half of the Go API map.
func GoAPISymbols() []GoSymbol { return goAPISymbols }

// GoAPIPackage is the entry of the package at path for a provider built
// against release built.
func GoAPIPackage(path string, built Release) (GoSymbol, bool) {
	return GoAPISymbol(path, "", built)
}

// GoAPISymbol is the entry of path.name for a provider built against
// release built ("" name: the package).
func GoAPISymbol(path, name string, built Release) (GoSymbol, bool) {
	for _, s := range goAPISymbolIndex[joinSymbol(path, name)] {
		if s.LivesIn(built) {
			return s, true
		}
	}
	return GoSymbol{}, false
}

// IsV1Beta1APIPackage reports whether path is a v1beta1 API package (types
// with a v1beta2 namesake in the sigs.k8s.io/cluster-api/api module) for
// a provider built against release built.
func IsV1Beta1APIPackage(path string, built Release) bool {
	s, ok := GoAPIPackage(path, built)
	return ok && s.Class == ChangeSame && strings.HasPrefix(s.Successor, capiAPI+"/")
}

// GoAPIPackagePaths are the import paths of the packages the map has
// entries in (a pass that imports none of them has nothing to report).
func GoAPIPackagePaths() map[string]bool { return goAPIPackagePaths }

var goAPISymbolIndex, goAPIPackagePaths = indexGoSymbols(goAPISymbols)

func indexGoSymbols(list []GoSymbol) (map[string][]GoSymbol, map[string]bool) {
	idx, paths := map[string][]GoSymbol{}, map[string]bool{}
	for _, s := range list {
		idx[s.Old()] = append(idx[s.Old()], s)
		paths[s.Path] = true
	}
	return idx, paths
}

const (
	capi    = "sigs.k8s.io/cluster-api"
	capiAPI = capi + "/api"
	// The v1beta1 API packages of the sigs.k8s.io/cluster-api module
	// before v1.11 moved it to the sigs.k8s.io/cluster-api/api module.
	oldCoreV1Beta1 = capi + "/api/v1beta1"
	oldExpV1Beta1  = capi + "/exp/api/v1beta1"
	oldCABPKV1B1   = capi + "/bootstrap/kubeadm/api/v1beta1"
	oldKCPV1Beta1  = capi + "/controlplane/kubeadm/api/v1beta1"
	oldIPAMV1Beta1 = capi + "/exp/ipam/api/v1beta1"
	// Their homes from v1.11.
	coreV1Beta1  = capiAPI + "/core/v1beta1"
	coreV1Beta2  = capiAPI + "/core/v1beta2"
	cabpkV1Beta1 = capiAPI + "/bootstrap/kubeadm/v1beta1"
	cabpkV1Beta2 = capiAPI + "/bootstrap/kubeadm/v1beta2"
	kcpV1Beta1   = capiAPI + "/controlplane/kubeadm/v1beta1"
	kcpV1Beta2   = capiAPI + "/controlplane/kubeadm/v1beta2"
	addonsV1B1   = capiAPI + "/addons/v1beta1"
	addonsV1B2   = capiAPI + "/addons/v1beta2"
	ipamV1Beta1  = capiAPI + "/ipam/v1beta1"
	ipamV1Beta2  = capiAPI + "/ipam/v1beta2"
	// The condition and patch utilities.
	conditionsPkg         = capi + "/util/conditions"
	conditionsV1Beta2Pkg  = capi + "/util/conditions/v1beta2"
	deprecatedPkg         = capi + "/util/deprecated/v1beta1"
	deprecatedConditions  = deprecatedPkg + "/conditions"
	deprecatedConditions2 = deprecatedPkg + "/conditions/v1beta2"
	deprecatedPatch       = deprecatedPkg + "/patch"
	deprecatedPaused      = deprecatedPkg + "/paused"
	conditionsDeprecated  = capi + "/util/conditions/deprecated/v1beta1"
	patchPkg              = capi + "/util/patch"
	pausedPkg             = capi + "/util/paused"
	externalPkg           = capi + "/controllers/external"
	errorsPkg             = capi + "/errors"
	deprecatedErrors      = capiAPI + "/deprecated/errors"
	metaV1                = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const (
	keepV1Beta1Conditions = "to keep v1beta1 conditions until v1beta1 is removed, use the util/deprecated/v1beta1 utilities (the guide's annex of imports)"
	toMetav1Conditions    = "move the object's conditions to []metav1.Condition, by the guide's stages of \"How to start using metav1.conditions\""
)

var goAPISymbols = buildGoAPISymbols()

func buildGoAPISymbols() []GoSymbol {
	pre, v111 := Release(""), ReleaseV1Beta2
	pkg := func(path string, since, until Release, keep, succ, instead string, class ChangeClass) GoSymbol {
		return GoSymbol{Path: path, Kind: SymPackage, Since: since, Until: until, Keep: keep, Successor: succ, Instead: instead, Class: class}
	}
	out := []GoSymbol{
		// The API packages: moved to the sigs.k8s.io/cluster-api/api module
		// in v1.11 (v1beta1 deprecated there), v1beta2 beside them.
		pkg(oldCoreV1Beta1, pre, v111, coreV1Beta1, coreV1Beta2, "", ChangeSame),
		pkg(oldExpV1Beta1, pre, v111, coreV1Beta1, coreV1Beta2, "MachinePool moved into the core API group's package", ChangeSame),
		pkg(oldCABPKV1B1, pre, v111, cabpkV1Beta1, cabpkV1Beta2, "", ChangeSame),
		pkg(oldKCPV1Beta1, pre, v111, kcpV1Beta1, kcpV1Beta2, "", ChangeSame),
		pkg(oldIPAMV1Beta1, pre, v111, ipamV1Beta1, ipamV1Beta2, "", ChangeSame),
		pkg(addonsV1B1, pre, v111, "", addonsV1B2, "", ChangeSame), // the same path in the api module from v1.11
		pkg(coreV1Beta1, v111, "", "", coreV1Beta2, "", ChangeSame),
		pkg(cabpkV1Beta1, v111, "", "", cabpkV1Beta2, "", ChangeSame),
		pkg(kcpV1Beta1, v111, "", "", kcpV1Beta2, "", ChangeSame),
		pkg(addonsV1B1, v111, "", "", addonsV1B2, "", ChangeSame),
		pkg(ipamV1Beta1, v111, "", "", ipamV1Beta2, "", ChangeSame),
		// The condition utilities: util/conditions worked on v1beta1
		// conditions before v1.11; the v1beta2 (metav1) ones, previewed in
		// util/conditions/v1beta2, took its path in v1.11.
		pkg(conditionsPkg, pre, v111, deprecatedConditions, conditionsPkg, toMetav1Conditions, ChangeRetyped),
		pkg(conditionsV1Beta2Pkg, pre, v111, deprecatedConditions2, conditionsPkg, "", ChangeSame),
		pkg(deprecatedConditions, v111, "", "", conditionsPkg, toMetav1Conditions, ChangeRetyped),
		pkg(deprecatedConditions2, v111, "", "", conditionsPkg, "", ChangeSame),
		pkg(conditionsDeprecated, v111, "", "", conditionsPkg, "it reads status.deprecated.v1beta1.conditions, which goes with v1beta1; read the object's v1beta2 conditions instead", ChangeRetyped),
		pkg(deprecatedPatch, v111, "", "", patchPkg, "use patch.WithOwnedConditions with the metav1 condition types the controller sets", ChangeSame),
		pkg(deprecatedPaused, v111, "", "", pausedPkg, "", ChangeSame),
		pkg(errorsPkg, pre, v111, deprecatedErrors, "", "the v1beta2 contract has no terminal failures: report them as a condition", ChangeRemoved),
		pkg(deprecatedErrors, v111, "", "", "", "the v1beta2 contract has no terminal failures: report them as a condition", ChangeRemoved),
	}
	// The v1beta1 condition functions, before v1.11 in util/conditions and
	// from v1.11 in util/deprecated/v1beta1/conditions.
	for _, c := range v1beta1ConditionFuncs {
		succ, class := "", ChangeRemoved
		if c.successor != "" {
			succ, class = joinSymbol(conditionsPkg, c.successor), ChangeRetyped
		}
		out = append(out,
			GoSymbol{Path: conditionsPkg, Name: c.name, Kind: c.kind, Until: v111, Keep: joinSymbol(deprecatedConditions, c.name), Successor: succ, Instead: c.instead, Class: class},
			GoSymbol{Path: deprecatedConditions, Name: c.name, Kind: c.kind, Since: v111, Successor: succ, Instead: c.instead, Class: class})
	}
	// The v1beta2 condition types and reasons previewed in the v1beta1
	// API as <Name>V1Beta2<Condition|Reason>: their v1beta2 namesakes drop
	// the infix.
	for _, name := range coreV1Beta2Named {
		succ := joinSymbol(coreV1Beta2, strings.Replace(name, "V1Beta2", "", 1))
		out = append(out,
			GoSymbol{Path: oldCoreV1Beta1, Name: name, Kind: SymConst, Until: v111, Keep: joinSymbol(coreV1Beta1, name), Successor: succ, Class: ChangeSame},
			GoSymbol{Path: coreV1Beta1, Name: name, Kind: SymConst, Since: v111, Successor: succ, Class: ChangeSame})
	}
	// The v1beta1 condition types, severities and their containers.
	for _, c := range v1beta1ConditionAPI {
		out = append(out,
			GoSymbol{Path: oldCoreV1Beta1, Name: c.name, Kind: c.kind, Until: v111, Keep: joinSymbol(coreV1Beta1, c.name), Successor: c.successor, Instead: c.instead, Class: c.class},
			GoSymbol{Path: coreV1Beta1, Name: c.name, Kind: c.kind, Since: v111, Successor: c.successor, Instead: c.instead, Class: c.class})
	}
	return append(out,
		// References: ContractVersionedObjectReference replaces
		// corev1.ObjectReference on the core objects (v1.11).
		GoSymbol{Path: externalPkg, Name: "Get", Kind: SymFunc, Successor: joinSymbol(externalPkg, "GetObjectFromContractVersionedRef"),
			Instead: "for the references v1beta2 objects hold: a ContractVersionedObjectReference and the namespace", Class: ChangeReference, RefArg: 3},
		// The patch helper's owned conditions: the option of the v1beta1
		// condition types was renamed when the v1beta2 one took its name.
		GoSymbol{Path: patchPkg, Name: "WithOwnedConditions", Kind: SymType, Until: v111, Keep: joinSymbol(patchPkg, "WithOwnedV1Beta1Conditions"),
			Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Instead: "list the metav1 condition types the controller sets", Class: ChangeRetyped},
		GoSymbol{Path: patchPkg, Name: "WithOwnedV1Beta2Conditions", Kind: SymType, Until: v111, Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Class: ChangeSame},
		GoSymbol{Path: patchPkg, Name: "WithOwnedV1Beta1Conditions", Kind: SymType, Since: v111,
			Successor: joinSymbol(patchPkg, "WithOwnedConditions"), Instead: "list the metav1 condition types the controller sets", Class: ChangeRetyped},
	)
}

type conditionFunc struct {
	name      string
	kind      GoSymbolKind
	successor string // name in util/conditions of v1.11+, "" for none
	instead   string
}

// v1beta1ConditionFuncs are the v1beta1 condition utilities providers
// call; the successor takes a metav1.Condition (or its parts) instead.
var v1beta1ConditionFuncs = []conditionFunc{
	{name: "Set", kind: SymFunc, successor: "Set", instead: "it takes a metav1.Condition"},
	{name: "MarkTrue", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status True and a Reason"},
	{name: "MarkFalse", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status False; it has no severity"},
	{name: "MarkUnknown", kind: SymFunc, successor: "Set", instead: "set a metav1.Condition with Status Unknown"},
	{name: "TrueCondition", kind: SymFunc, instead: "build a metav1.Condition with Status True"},
	{name: "FalseCondition", kind: SymFunc, instead: "build a metav1.Condition with Status False"},
	{name: "UnknownCondition", kind: SymFunc, instead: "build a metav1.Condition with Status Unknown"},
	{name: "Get", kind: SymFunc, successor: "Get"},
	{name: "Has", kind: SymFunc, successor: "Has"},
	{name: "Delete", kind: SymFunc, successor: "Delete"},
	{name: "IsTrue", kind: SymFunc, successor: "IsTrue"},
	{name: "IsFalse", kind: SymFunc, successor: "IsFalse"},
	{name: "IsUnknown", kind: SymFunc, successor: "IsUnknown"},
	{name: "GetReason", kind: SymFunc, successor: "GetReason"},
	{name: "GetMessage", kind: SymFunc, successor: "GetMessage"},
	{name: "GetLastTransitionTime", kind: SymFunc, successor: "GetLastTransitionTime"},
	{name: "GetSeverity", kind: SymFunc, instead: "metav1.Condition has no severity"},
	{name: "SetSummary", kind: SymFunc, successor: "SetSummaryCondition", instead: "it takes the condition type to set and the types to summarize"},
	{name: "SetMirror", kind: SymFunc, successor: "SetMirrorCondition"},
	{name: "SetAggregate", kind: SymFunc, successor: "SetAggregateCondition"},
	{name: "WithConditions", kind: SymFunc, successor: "ForConditionTypes", instead: "a summary option"},
	{name: "NewPatch", kind: SymFunc, successor: "NewPatch"},
	{name: "MatchConditions", kind: SymFunc, successor: "MatchConditions"},
	{name: "Getter", kind: SymType, successor: "Getter", instead: "GetConditions returns []metav1.Condition"},
	{name: "Setter", kind: SymType, successor: "Setter", instead: "SetConditions takes []metav1.Condition"},
}

type conditionSymbol struct {
	name      string
	kind      GoSymbolKind
	successor string
	instead   string
	class     ChangeClass
}

// v1beta1ConditionAPI are the v1beta1 condition types and constants of the
// core API that providers use most.
var v1beta1ConditionAPI = []conditionSymbol{
	{name: "Condition", kind: SymType, successor: joinSymbol(metaV1, "Condition"), instead: "it has no severity; Reason is required", class: ChangeRetyped},
	{name: "Conditions", kind: SymType, instead: "use []metav1.Condition", class: ChangeRetyped},
	{name: "ConditionType", kind: SymType, instead: "metav1 condition types are plain strings", class: ChangeRetyped},
	{name: "ConditionSeverity", kind: SymType, instead: "metav1.Condition has no severity", class: ChangeRemoved},
	{name: "ConditionSeverityError", kind: SymConst, instead: "metav1.Condition has no severity", class: ChangeRemoved},
	{name: "ConditionSeverityWarning", kind: SymConst, instead: "metav1.Condition has no severity", class: ChangeRemoved},
	{name: "ConditionSeverityInfo", kind: SymConst, instead: "metav1.Condition has no severity", class: ChangeRemoved},
	{name: "ConditionSeverityNone", kind: SymConst, instead: "metav1.Condition has no severity", class: ChangeRemoved},
	{name: "ReadyCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "ReadyCondition"), class: ChangeSame},
	{name: "InfrastructureReadyCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "InfrastructureReadyCondition"), class: ChangeSame},
	{name: "BootstrapReadyCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "BootstrapConfigReadyCondition"), class: ChangeSame},
	{name: "ControlPlaneInitializedCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "ClusterControlPlaneInitializedCondition"), class: ChangeSame},
	{name: "ControlPlaneReadyCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "ClusterControlPlaneAvailableCondition"), instead: "the v1beta2 Cluster reports its control plane as Available", class: ChangeSame},
	{name: "MachineNodeHealthyCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "MachineNodeHealthyCondition"), class: ChangeSame},
	{name: "DeletingReason", kind: SymConst, successor: joinSymbol(coreV1Beta2, "DeletingReason"), class: ChangeSame},
	{name: "DeletedReason", kind: SymConst, instead: "a v1beta2 Deleting condition says why with its own reasons", class: ChangeRemoved},
	{name: "DeletionFailedReason", kind: SymConst, instead: "a v1beta2 Deleting condition says why with its own reasons", class: ChangeRemoved},
	{name: "WaitingForControlPlaneAvailableReason", kind: SymConst, instead: "v1beta2 conditions name their own reasons", class: ChangeRemoved},
	{name: "WaitingForInfrastructureFallbackReason", kind: SymConst, instead: "v1beta2 conditions name their own reasons", class: ChangeRemoved},
	{name: "DrainingSucceededCondition", kind: SymConst, successor: joinSymbol(coreV1Beta2, "MachineDeletingCondition"), instead: "drain progress is reported by the Machine's Deleting condition", class: ChangeSame},
}
var coreV1Beta2Named = []string{
	"AvailableUnknownV1Beta2Reason",
	"AvailableV1Beta2Condition",
	"AvailableV1Beta2Reason",
	"BootstrapConfigReadyV1Beta2Condition",
	"ClusterAvailableInternalErrorV1Beta2Reason",
	"ClusterAvailableUnknownV1Beta2Reason",
	"ClusterAvailableV1Beta2Condition",
	"ClusterAvailableV1Beta2Reason",
	"ClusterClassRefVersionsNotUpToDateV1Beta2Reason",
	"ClusterClassRefVersionsUpToDateInternalErrorV1Beta2Reason",
	"ClusterClassRefVersionsUpToDateV1Beta2Condition",
	"ClusterClassRefVersionsUpToDateV1Beta2Reason",
	"ClusterClassVariablesReadyV1Beta2Condition",
	"ClusterClassVariablesReadyV1Beta2Reason",
	"ClusterClassVariablesReadyVariableDiscoveryFailedV1Beta2Reason",
	"ClusterControlPlaneAvailableV1Beta2Condition",
	"ClusterControlPlaneAvailableV1Beta2Reason",
	"ClusterControlPlaneDeletedV1Beta2Reason",
	"ClusterControlPlaneDoesNotExistV1Beta2Reason",
	"ClusterControlPlaneInitializedInternalErrorV1Beta2Reason",
	"ClusterControlPlaneInitializedV1Beta2Condition",
	"ClusterControlPlaneInitializedV1Beta2Reason",
	"ClusterControlPlaneInternalErrorV1Beta2Reason",
	"ClusterControlPlaneInvalidConditionReportedV1Beta2Reason",
	"ClusterControlPlaneMachinesNotReadyV1Beta2Reason",
	"ClusterControlPlaneMachinesNotUpToDateV1Beta2Reason",
	"ClusterControlPlaneMachinesReadyInternalErrorV1Beta2Reason",
	"ClusterControlPlaneMachinesReadyNoReplicasV1Beta2Reason",
	"ClusterControlPlaneMachinesReadyUnknownV1Beta2Reason",
	"ClusterControlPlaneMachinesReadyV1Beta2Condition",
	"ClusterControlPlaneMachinesReadyV1Beta2Reason",
	"ClusterControlPlaneMachinesUpToDateInternalErrorV1Beta2Reason",
	"ClusterControlPlaneMachinesUpToDateNoReplicasV1Beta2Reason",
	"ClusterControlPlaneMachinesUpToDateUnknownV1Beta2Reason",
	"ClusterControlPlaneMachinesUpToDateV1Beta2Condition",
	"ClusterControlPlaneMachinesUpToDateV1Beta2Reason",
	"ClusterControlPlaneNotAvailableV1Beta2Reason",
	"ClusterControlPlaneNotInitializedV1Beta2Reason",
	"ClusterDeletingDeletionCompletedV1Beta2Reason",
	"ClusterDeletingInternalErrorV1Beta2Reason",
	"ClusterDeletingV1Beta2Condition",
	"ClusterDeletingWaitingForBeforeDeleteHookV1Beta2Reason",
	"ClusterDeletingWaitingForControlPlaneDeletionV1Beta2Reason",
	"ClusterDeletingWaitingForInfrastructureDeletionV1Beta2Reason",
	"ClusterDeletingWaitingForWorkersDeletionV1Beta2Reason",
	"ClusterInfrastructureDeletedV1Beta2Reason",
	"ClusterInfrastructureDoesNotExistV1Beta2Reason",
	"ClusterInfrastructureInternalErrorV1Beta2Reason",
	"ClusterInfrastructureInvalidConditionReportedV1Beta2Reason",
	"ClusterInfrastructureNotReadyV1Beta2Reason",
	"ClusterInfrastructureReadyV1Beta2Condition",
	"ClusterInfrastructureReadyV1Beta2Reason",
	"ClusterNotAvailableV1Beta2Reason",
	"ClusterNotDeletingV1Beta2Reason",
	"ClusterNotRemediatingV1Beta2Reason",
	"ClusterNotRollingOutV1Beta2Reason",
	"ClusterNotScalingDownV1Beta2Reason",
	"ClusterNotScalingUpV1Beta2Reason",
	"ClusterRemediatingInternalErrorV1Beta2Reason",
	"ClusterRemediatingV1Beta2Condition",
	"ClusterRemediatingV1Beta2Reason",
	"ClusterRemoteConnectionProbeFailedV1Beta2Reason",
	"ClusterRemoteConnectionProbeSucceededV1Beta2Reason",
	"ClusterRemoteConnectionProbeV1Beta2Condition",
	"ClusterRollingOutInternalErrorV1Beta2Reason",
	"ClusterRollingOutUnknownV1Beta2Reason",
	"ClusterRollingOutV1Beta2Condition",
	"ClusterRollingOutV1Beta2Reason",
	"ClusterScalingDownInternalErrorV1Beta2Reason",
	"ClusterScalingDownUnknownV1Beta2Reason",
	"ClusterScalingDownV1Beta2Condition",
	"ClusterScalingDownV1Beta2Reason",
	"ClusterScalingUpInternalErrorV1Beta2Reason",
	"ClusterScalingUpUnknownV1Beta2Reason",
	"ClusterScalingUpV1Beta2Condition",
	"ClusterScalingUpV1Beta2Reason",
	"ClusterTopologyReconcilePausedV1Beta2Reason",
	"ClusterTopologyReconcileSucceededV1Beta2Reason",
	"ClusterTopologyReconciledClusterClassNotReconciledV1Beta2Reason",
	"ClusterTopologyReconciledControlPlaneUpgradePendingV1Beta2Reason",
	"ClusterTopologyReconciledDeletingV1Beta2Reason",
	"ClusterTopologyReconciledFailedV1Beta2Reason",
	"ClusterTopologyReconciledHookBlockingV1Beta2Reason",
	"ClusterTopologyReconciledMachineDeploymentsCreatePendingV1Beta2Reason",
	"ClusterTopologyReconciledMachineDeploymentsUpgradeDeferredV1Beta2Reason",
	"ClusterTopologyReconciledMachineDeploymentsUpgradePendingV1Beta2Reason",
	"ClusterTopologyReconciledMachinePoolsCreatePendingV1Beta2Reason",
	"ClusterTopologyReconciledMachinePoolsUpgradeDeferredV1Beta2Reason",
	"ClusterTopologyReconciledMachinePoolsUpgradePendingV1Beta2Reason",
	"ClusterTopologyReconciledV1Beta2Condition",
	"ClusterWorkerMachinesNotReadyV1Beta2Reason",
	"ClusterWorkerMachinesNotUpToDateV1Beta2Reason",
	"ClusterWorkerMachinesReadyInternalErrorV1Beta2Reason",
	"ClusterWorkerMachinesReadyNoReplicasV1Beta2Reason",
	"ClusterWorkerMachinesReadyUnknownV1Beta2Reason",
	"ClusterWorkerMachinesReadyV1Beta2Condition",
	"ClusterWorkerMachinesReadyV1Beta2Reason",
	"ClusterWorkerMachinesUpToDateInternalErrorV1Beta2Reason",
	"ClusterWorkerMachinesUpToDateNoReplicasV1Beta2Reason",
	"ClusterWorkerMachinesUpToDateUnknownV1Beta2Reason",
	"ClusterWorkerMachinesUpToDateV1Beta2Condition",
	"ClusterWorkerMachinesUpToDateV1Beta2Reason",
	"ClusterWorkersAvailableInternalErrorV1Beta2Reason",
	"ClusterWorkersAvailableNoWorkersV1Beta2Reason",
	"ClusterWorkersAvailableUnknownV1Beta2Reason",
	"ClusterWorkersAvailableV1Beta2Condition",
	"ClusterWorkersAvailableV1Beta2Reason",
	"ClusterWorkersNotAvailableV1Beta2Reason",
	"ConnectionDownV1Beta2Reason",
	"DeletingV1Beta2Condition",
	"DeletingV1Beta2Reason",
	"DeletionCompletedV1Beta2Reason",
	"InfrastructureReadyV1Beta2Condition",
	"InspectionFailedV1Beta2Reason",
	"InternalErrorV1Beta2Reason",
	"InvalidConditionReportedV1Beta2Reason",
	"MachineAvailableInternalErrorV1Beta2Reason",
	"MachineAvailableV1Beta2Condition",
	"MachineAvailableV1Beta2Reason",
	"MachineBootstrapConfigDeletedV1Beta2Reason",
	"MachineBootstrapConfigDoesNotExistV1Beta2Reason",
	"MachineBootstrapConfigInternalErrorV1Beta2Reason",
	"MachineBootstrapConfigInvalidConditionReportedV1Beta2Reason",
	"MachineBootstrapConfigNotReadyV1Beta2Reason",
	"MachineBootstrapConfigReadyV1Beta2Condition",
	"MachineBootstrapConfigReadyV1Beta2Reason",
	"MachineBootstrapDataSecretProvidedV1Beta2Reason",
	"MachineDeletingDeletingNodeV1Beta2Reason",
	"MachineDeletingDeletionCompletedV1Beta2Reason",
	"MachineDeletingDrainingNodeV1Beta2Reason",
	"MachineDeletingInternalErrorV1Beta2Reason",
	"MachineDeletingV1Beta2Condition",
	"MachineDeletingV1Beta2Reason",
	"MachineDeletingWaitingForBootstrapDeletionV1Beta2Reason",
	"MachineDeletingWaitingForInfrastructureDeletionV1Beta2Reason",
	"MachineDeletingWaitingForPreDrainHookV1Beta2Reason",
	"MachineDeletingWaitingForPreTerminateHookV1Beta2Reason",
	"MachineDeletingWaitingForVolumeDetachV1Beta2Reason",
	"MachineDeploymentAvailableInternalErrorV1Beta2Reason",
	"MachineDeploymentAvailableV1Beta2Condition",
	"MachineDeploymentAvailableV1Beta2Reason",
	"MachineDeploymentAvailableWaitingForAvailableReplicasSetV1Beta2Reason",
	"MachineDeploymentAvailableWaitingForReplicasSetV1Beta2Reason",
	"MachineDeploymentDeletingInternalErrorV1Beta2Reason",
	"MachineDeploymentDeletingV1Beta2Condition",
	"MachineDeploymentDeletingV1Beta2Reason",
	"MachineDeploymentMachinesNotReadyV1Beta2Reason",
	"MachineDeploymentMachinesNotUpToDateV1Beta2Reason",
	"MachineDeploymentMachinesReadyInternalErrorV1Beta2Reason",
	"MachineDeploymentMachinesReadyNoReplicasV1Beta2Reason",
	"MachineDeploymentMachinesReadyUnknownV1Beta2Reason",
	"MachineDeploymentMachinesReadyV1Beta2Condition",
	"MachineDeploymentMachinesReadyV1Beta2Reason",
	"MachineDeploymentMachinesUpToDateInternalErrorV1Beta2Reason",
	"MachineDeploymentMachinesUpToDateNoReplicasV1Beta2Reason",
	"MachineDeploymentMachinesUpToDateUnknownV1Beta2Reason",
	"MachineDeploymentMachinesUpToDateV1Beta2Condition",
	"MachineDeploymentMachinesUpToDateV1Beta2Reason",
	"MachineDeploymentNotAvailableV1Beta2Reason",
	"MachineDeploymentNotDeletingV1Beta2Reason",
	"MachineDeploymentNotRemediatingV1Beta2Reason",
	"MachineDeploymentNotRollingOutV1Beta2Reason",
	"MachineDeploymentNotScalingDownV1Beta2Reason",
	"MachineDeploymentNotScalingUpV1Beta2Reason",
	"MachineDeploymentRemediatingInternalErrorV1Beta2Reason",
	"MachineDeploymentRemediatingV1Beta2Condition",
	"MachineDeploymentRemediatingV1Beta2Reason",
	"MachineDeploymentRollingOutInternalErrorV1Beta2Reason",
	"MachineDeploymentRollingOutV1Beta2Condition",
	"MachineDeploymentRollingOutV1Beta2Reason",
	"MachineDeploymentScalingDownInternalErrorV1Beta2Reason",
	"MachineDeploymentScalingDownV1Beta2Condition",
	"MachineDeploymentScalingDownV1Beta2Reason",
	"MachineDeploymentScalingDownWaitingForReplicasSetV1Beta2Reason",
	"MachineDeploymentScalingUpInternalErrorV1Beta2Reason",
	"MachineDeploymentScalingUpV1Beta2Condition",
	"MachineDeploymentScalingUpV1Beta2Reason",
	"MachineDeploymentScalingUpWaitingForReplicasSetV1Beta2Reason",
	"MachineExternallyRemediatedRemediationRequestCreationFailedV1Beta2Reason",
	"MachineExternallyRemediatedRemediationTemplateNotFoundV1Beta2Reason",
	"MachineExternallyRemediatedV1Beta2Condition",
	"MachineExternallyRemediatedWaitingForRemediationV1Beta2Reason",
	"MachineHealthCheckHasRemediateAnnotationV1Beta2Reason",
	"MachineHealthCheckNodeDeletedV1Beta2Reason",
	"MachineHealthCheckNodeStartupTimeoutV1Beta2Reason",
	"MachineHealthCheckRemediationAllowedV1Beta2Condition",
	"MachineHealthCheckRemediationAllowedV1Beta2Reason",
	"MachineHealthCheckSucceededV1Beta2Condition",
	"MachineHealthCheckSucceededV1Beta2Reason",
	"MachineHealthCheckTooManyUnhealthyV1Beta2Reason",
	"MachineHealthCheckUnhealthyNodeV1Beta2Reason",
	"MachineInfrastructureDeletedV1Beta2Reason",
	"MachineInfrastructureDoesNotExistV1Beta2Reason",
	"MachineInfrastructureInternalErrorV1Beta2Reason",
	"MachineInfrastructureInvalidConditionReportedV1Beta2Reason",
	"MachineInfrastructureNotReadyV1Beta2Reason",
	"MachineInfrastructureReadyV1Beta2Condition",
	"MachineInfrastructureReadyV1Beta2Reason",
	"MachineNodeConnectionDownV1Beta2Reason",
	"MachineNodeDeletedV1Beta2Reason",
	"MachineNodeDoesNotExistV1Beta2Reason",
	"MachineNodeHealthUnknownV1Beta2Reason",
	"MachineNodeHealthyV1Beta2Condition",
	"MachineNodeHealthyV1Beta2Reason",
	"MachineNodeInspectionFailedV1Beta2Reason",
	"MachineNodeInternalErrorV1Beta2Reason",
	"MachineNodeNotHealthyV1Beta2Reason",
	"MachineNodeNotReadyV1Beta2Reason",
	"MachineNodeReadyUnknownV1Beta2Reason",
	"MachineNodeReadyV1Beta2Condition",
	"MachineNodeReadyV1Beta2Reason",
	"MachineNotDeletingV1Beta2Reason",
	"MachineNotReadyV1Beta2Reason",
	"MachineNotUpToDateV1Beta2Reason",
	"MachineOwnerRemediatedV1Beta2Condition",
	"MachineOwnerRemediatedWaitingForRemediationV1Beta2Reason",
	"MachineReadyInternalErrorV1Beta2Reason",
	"MachineReadyUnknownV1Beta2Reason",
	"MachineReadyV1Beta2Condition",
	"MachineReadyV1Beta2Reason",
	"MachineSetDeletingInternalErrorV1Beta2Reason",
	"MachineSetDeletingV1Beta2Condition",
	"MachineSetDeletingV1Beta2Reason",
	"MachineSetMachineCannotBeRemediatedV1Beta2Reason",
	"MachineSetMachineRemediationDeferredV1Beta2Reason",
	"MachineSetMachineRemediationMachineDeletingV1Beta2Reason",
	"MachineSetMachinesNotReadyV1Beta2Reason",
	"MachineSetMachinesNotUpToDateV1Beta2Reason",
	"MachineSetMachinesReadyInternalErrorV1Beta2Reason",
	"MachineSetMachinesReadyNoReplicasV1Beta2Reason",
	"MachineSetMachinesReadyUnknownV1Beta2Reason",
	"MachineSetMachinesReadyV1Beta2Condition",
	"MachineSetMachinesReadyV1Beta2Reason",
	"MachineSetMachinesUpToDateInternalErrorV1Beta2Reason",
	"MachineSetMachinesUpToDateNoReplicasV1Beta2Reason",
	"MachineSetMachinesUpToDateUnknownV1Beta2Reason",
	"MachineSetMachinesUpToDateV1Beta2Condition",
	"MachineSetMachinesUpToDateV1Beta2Reason",
	"MachineSetNotDeletingV1Beta2Reason",
	"MachineSetNotRemediatingV1Beta2Reason",
	"MachineSetNotScalingDownV1Beta2Reason",
	"MachineSetNotScalingUpV1Beta2Reason",
	"MachineSetRemediatingInternalErrorV1Beta2Reason",
	"MachineSetRemediatingV1Beta2Condition",
	"MachineSetRemediatingV1Beta2Reason",
	"MachineSetScalingDownInternalErrorV1Beta2Reason",
	"MachineSetScalingDownV1Beta2Condition",
	"MachineSetScalingDownV1Beta2Reason",
	"MachineSetScalingDownWaitingForReplicasSetV1Beta2Reason",
	"MachineSetScalingUpInternalErrorV1Beta2Reason",
	"MachineSetScalingUpV1Beta2Condition",
	"MachineSetScalingUpV1Beta2Reason",
	"MachineSetScalingUpWaitingForReplicasSetV1Beta2Reason",
	"MachineUpToDateV1Beta2Condition",
	"MachineUpToDateV1Beta2Reason",
	"MachineWaitingForMinReadySecondsV1Beta2Reason",
	"MachinesReadyV1Beta2Condition",
	"MachinesUpToDateV1Beta2Condition",
	"NoReplicasV1Beta2Reason",
	"NotAvailableV1Beta2Reason",
	"NotDeletingV1Beta2Reason",
	"NotPausedV1Beta2Reason",
	"NotProvisionedV1Beta2Reason",
	"NotReadyV1Beta2Reason",
	"NotRemediatingV1Beta2Reason",
	"NotRollingOutV1Beta2Reason",
	"NotScalingDownV1Beta2Reason",
	"NotScalingUpV1Beta2Reason",
	"NotUpToDateV1Beta2Reason",
	"ObjectDeletedV1Beta2Reason",
	"ObjectDoesNotExistV1Beta2Reason",
	"PausedV1Beta2Condition",
	"PausedV1Beta2Reason",
	"ProvisionedV1Beta2Reason",
	"ReadyUnknownV1Beta2Reason",
	"ReadyV1Beta2Condition",
	"ReadyV1Beta2Reason",
	"RemediatingV1Beta2Condition",
	"RemediatingV1Beta2Reason",
	"RollingOutV1Beta2Condition",
	"RollingOutV1Beta2Reason",
	"ScalingDownV1Beta2Condition",
	"ScalingDownV1Beta2Reason",
	"ScalingUpV1Beta2Condition",
	"ScalingUpV1Beta2Reason",
	"UpToDateUnknownV1Beta2Reason",
	"UpToDateV1Beta2Reason",
	"WaitingForBootstrapDataV1Beta2Reason",
	"WaitingForClusterInfrastructureReadyV1Beta2Reason",
	"WaitingForControlPlaneInitializedV1Beta2Reason",
	"WaitingForReplicasSetV1Beta2Reason",
}
