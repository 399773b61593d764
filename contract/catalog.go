package contract

// The catalog: every provider kind's field points per contract version, read
// from Cluster API's contract pages (docs/book/src/developer/providers/contracts
// @ v1.14.0), its migration guide v1.10-to-v1.11.md and internal/contract/*.go
// at v1.11.0–v1.14.0 (see /work/shared/contract.md §2.3, §4.1 and
// contract-kinds.md for the citations).

// Names of the contract kinds.
const (
	KindInfraCluster             = "InfraCluster"
	KindInfraClusterTemplate     = "InfraClusterTemplate"
	KindInfraMachine             = "InfraMachine"
	KindInfraMachineTemplate     = "InfraMachineTemplate"
	KindInfraMachinePool         = "InfraMachinePool"
	KindInfraMachinePoolTemplate = "InfraMachinePoolTemplate"
	KindControlPlane             = "ControlPlane"
	KindControlPlaneTemplate     = "ControlPlaneTemplate"
	KindBootstrapConfig          = "BootstrapConfig"
	KindBootstrapConfigTemplate  = "BootstrapConfigTemplate"
)

// API group prefixes of provider kinds, and core's own groups, whose types are never provider kinds.
const (
	InfrastructureGroupPrefix = "infrastructure."
	ControlPlaneGroupPrefix   = "controlplane."
	BootstrapGroupPrefix      = "bootstrap."
)

// CoreGroups are Cluster API's own API groups (core, addons, IPAM, runtime
// extensions, clusterctl); their types are never provider kinds.
var CoreGroups = []string{
	CoreGroup,
	"addons.cluster.x-k8s.io",
	"ipam.cluster.x-k8s.io",
	"runtime.cluster.x-k8s.io",
	ClusterctlGroup,
}

const contractsDoc = "https://cluster-api.sigs.k8s.io/developer/providers/contracts/"

// Read windows shared by the points below.

// byLabelV1 is a v1beta1 point of a label-driven kind: read by every core
// before v1.11 (which knows only v1beta1) and, from v1.11, only under a
// v1beta1 label.
func byLabelV1(basis string) []Read {
	return []Read{
		{Mode: ReadFixed, Until: ReleaseV1Beta2, Basis: "cores before v1.11 know only the v1beta1 contract; " + basis},
		{Mode: ReadLabelDriven, Label: V1Beta1, Since: ReleaseV1Beta2, Basis: basis},
	}
}

// byLabelV2 is a v1beta2 point of a label-driven kind.
func byLabelV2(basis string) []Read {
	return []Read{{Mode: ReadLabelDriven, Label: V1Beta2, Since: ReleaseV1Beta2, Basis: basis}}
}

// always is read whatever the label, by every core release.
func always(basis string) []Read { return []Read{{Mode: ReadFixed, Basis: basis}} }

func since(r Release, basis string) []Read {
	return []Read{{Mode: ReadFixed, Since: r, Basis: basis}}
}

func withNote(reads []Read, note string) []Read {
	out := append([]Read(nil), reads...)
	for i := range out {
		out[i].Note = note
	}
	return out
}

const (
	basisFailures   = "controllers/external/util.go FailuresFrom"
	noteFailures    = "core copies the value into its own object's status.deprecated.v1beta1 only (terminal failures before v1.11)"
	basisConditions = "util/conditions UnstructuredGetAll / v1beta1conditions.SetMirror in the owning core controller"
)

// initialization is the v1beta2 status.initialization struct and its readiness field.
func initialization(inner string, reads []Read, pool bool) []Point {
	return []Point{
		{Contract: V1Beta2, Path: PathInitialization, Aspect: AspectInitialization, Type: local("InitializationStatus"),
			Tag: tag("initialization", omitEmpty, omitZero), Markers: []Marker{mOptional, mMinPropsOne}},
		{Contract: V1Beta2, Path: PathInitialization + "." + inner, Aspect: AspectReadiness, Type: tBoolPtr,
			Tag: tag(inner, omitEmpty), Markers: []Marker{mOptional}, Required: true, Reads: reads, Inventory: pool},
	}
}

// failuresAndConditions are the failure and condition points every
// non-template kind has.
func failuresAndConditions(pool bool) []Point {
	v1Conditions := clusterV1Beta1(TypeSlice, "Conditions")
	failures := withNote(always(basisFailures), noteFailures)
	if pool {
		failures = poolFailureReads()
	}
	return []Point{
		{Contract: V1Beta1, Path: PathFailureReason, Aspect: AspectFailureReason, Type: tString, Compatible: []GoType{tStrPtr},
			Tag: tag("failureReason", omitEmpty), Markers: []Marker{mOptional}, Reads: failures, Deprecated: pool},
		{Contract: V1Beta1, Path: PathFailureMessage, Aspect: AspectFailureMessage, Type: tString, Compatible: []GoType{tStrPtr},
			Tag: tag("failureMessage", omitEmpty), Markers: []Marker{mOptional}, Reads: failures, Deprecated: pool},
		{Contract: V1Beta1, Path: PathConditions, Aspect: AspectConditions, Type: v1Conditions,
			Tag: tag("conditions", omitEmpty), Markers: []Marker{mOptional},
			Reads: withNote(always(basisConditions), "mirrored into the core object's v1beta1 conditions")},
		{Contract: V1Beta2, Path: PathConditions, Aspect: AspectConditions, Type: sliceOf(named(TypeStruct, "Condition", PkgMetaV1)),
			Tag: tag("conditions", omitEmpty), Markers: markers([]Marker{mOptional}, mListMap("type"), []Marker{{Name: MarkerMaxItems, Value: "32"}}),
			Reads:     withNote(since(ReleaseV1Beta2, basisConditions), "Ready (Available, RollingOut, ScalingUp, ScalingDown for a ControlPlane) mirrored into the core object's conditions"),
			ReadFirst: PathStageOneConditions},
		{Contract: V1Beta2, Path: PathDeprecatedV1B1 + ".conditions", Aspect: AspectV1Beta1Conditions, Type: v1Conditions,
			Tag: tag("conditions", omitEmpty), Markers: []Marker{mOptional}, Convention: true},
		{Contract: V1Beta2, Path: PathDeprecatedV1B1 + ".failureReason", Aspect: AspectFailureReason, Type: tString,
			Tag: tag("failureReason", omitEmpty), Markers: []Marker{mOptional}, Convention: true},
		{Contract: V1Beta2, Path: PathDeprecatedV1B1 + ".failureMessage", Aspect: AspectFailureMessage, Type: tString,
			Tag: tag("failureMessage", omitEmpty), Markers: []Marker{mOptional}, Convention: true},
	}
}

// poolFailureReads: from v1.11 the MachinePool controller's
// reconcileExternal tests status.deprecated for != nil where it means == nil
// and dereferences nil when the InfraMachinePool sets a failure: the
// reconcile panics (measured by internal/oracle at v1.14.2).
func poolFailureReads() []Read {
	const basis = basisFailures + " in the MachinePool controller's reconcileExternal"
	return []Read{
		{Mode: ReadFixed, Until: ReleaseV1Beta2, Basis: basis, Note: noteFailures},
		{Mode: ReadFixed, Since: ReleaseV1Beta2, FailsReconcile: true, Basis: basis + " (inverted nil checks, read in v1.11.3, v1.13.4 and v1.14.2)",
			Note: "the MachinePool reconcile panics on a nil status.deprecated before it reads the pool's readiness"},
	}
}

// controlPlaneEndpoint is spec.controlPlaneEndpoint, read whatever the label.
func controlPlaneEndpoint(basis string) []Point {
	return []Point{
		{Contract: V1Beta1, Path: "spec.controlPlaneEndpoint", Aspect: AspectControlPlaneEndpoint, Type: clusterV1Beta1(TypeStruct, "APIEndpoint"),
			Tag: tag("controlPlaneEndpoint"), Markers: []Marker{mOptional}, Reads: always(basis)},
		{Contract: V1Beta2, Path: "spec.controlPlaneEndpoint", Aspect: AspectControlPlaneEndpoint, Type: clusterV1("APIEndpoint"),
			Tag: tag("controlPlaneEndpoint", omitEmpty, omitZero), Markers: []Marker{mOptional, mMinPropsOne}, Reads: always(basis)},
	}
}

// templatePoints are what core reads of a template: its metadata.
func templatePoints(accessor string) []Point {
	return []Point{
		{Contract: V1Beta1, Path: "spec.template.metadata", Aspect: AspectTemplateMetadata, Type: clusterV1Beta1(TypeStruct, "ObjectMeta"),
			Tag: tag("metadata", omitEmpty), Markers: []Marker{mOptional}, Reads: always(accessor)},
		{Contract: V1Beta1, Path: "spec.template.spec", Aspect: AspectTemplateSpec, Type: templatedSpec, Tag: tag("spec"), Required: true},
		{Contract: V1Beta2, Path: "spec.template.metadata", Aspect: AspectTemplateMetadata, Type: clusterV1("ObjectMeta"),
			Tag: tag("metadata", omitEmpty, omitZero), Markers: []Marker{mOptional}, Reads: always(accessor)},
		{Contract: V1Beta2, Path: "spec.template.spec", Aspect: AspectTemplateSpec, Type: templatedSpec, Tag: tag("spec"), Required: true},
	}
}

// templatedSpec is the spec type of the templated kind (FooMachineTemplate → FooMachineSpec).
var templatedSpec = GoType{Kind: TypeStruct, Named: &TypeRef{Name: TemplatedPlaceholder + "Spec", Local: true}}

// TemplatedPlaceholder stands for the templated kind's root type name in a template's local type names.
const TemplatedPlaceholder = "<Templated>"

func concat(groups ...[]Point) []Point {
	var out []Point
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

const basisInfraCluster = "internal/contract/infrastructure_cluster.go"

// InfraCluster is the infrastructure cluster kind (DockerCluster).
var InfraCluster = Kind{
	Name: KindInfraCluster, GroupPrefix: InfrastructureGroupPrefix, LabelExclusiveSince: ReleaseV1Beta2,
	TypeSuffix: "Cluster", ExcludedSuffixes: []string{"Template", "List"}, ExcludedGroups: CoreGroups,
	DocURL: contractsDoc + "infra-cluster",

	InitializedMeans: "fully provisioned",
	Links: []CoreLink{
		{CoreKind: "Cluster", APIVersion: V1Beta2, Ref: "spec.infrastructureRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.infrastructureProvisioned"}, {AspectFailureDomains, "status.failureDomains"}}},
		{CoreKind: "Cluster", APIVersion: V1Beta1, Ref: "spec.infrastructureRef", Reports: []Mirror{
			{AspectReadiness, "status.infrastructureReady"}, {AspectFailureDomains, "status.failureDomains"}}},
	},
	points: concat(
		[]Point{
			{Contract: V1Beta1, Path: PathReady, Aspect: AspectReadiness, Type: tBool, Tag: tag("ready"), Required: true,
				Reads: byLabelV1(basisInfraCluster + " Provisioned(v1beta1)")},
			{Contract: V1Beta1, Path: "status.failureDomains", Aspect: AspectFailureDomains,
				Type: GoType{Kind: TypeMap, Elem: new(clusterV1Beta1(TypeStruct, "FailureDomainSpec")), Named: &TypeRef{Name: "FailureDomains", Packages: []string{PkgClusterV1Beta1, PkgClusterV1Beta1Old}}},
				Tag:  tag("failureDomains", omitEmpty), Markers: []Marker{mOptional},
				Reads: withNote(byLabelV1(basisInfraCluster+" FailureDomains(v1beta1)"), "a slice under a v1beta1 label fails the Cluster reconcile")},
		},
		initialization("provisioned", byLabelV2(basisInfraCluster+" Provisioned(v1beta2)"), false),
		[]Point{
			{Contract: V1Beta2, Path: "status.failureDomains", Aspect: AspectFailureDomains, Type: sliceOf(clusterV1("FailureDomain")),
				Tag: tag("failureDomains", omitEmpty), Markers: markers([]Marker{mOptional}, mListMap("name"), mItems("1", "100")),
				Reads: withNote(byLabelV2(basisInfraCluster+" FailureDomains(v1beta2)"), "a map under a v1beta2 label fails the Cluster reconcile")},
		},
		controlPlaneEndpoint(basisInfraCluster+" ControlPlaneEndpoint()"),
		failuresAndConditions(false),
	),
}

const basisInfraMachine = "internal/contract/infrastructure_machine.go"

// InfraMachine is the infrastructure machine kind (DockerMachine), and the
// per-replica machine of a pool (DockerMachinePoolMachine).
var InfraMachine = Kind{
	Name: KindInfraMachine, GroupPrefix: InfrastructureGroupPrefix, LabelExclusiveSince: ReleaseV1Beta2,
	TypeSuffix: "Machine", ExcludedSuffixes: []string{"Template", "List"}, ExcludedGroups: CoreGroups,
	DocURL: contractsDoc + "infra-machine",

	InitializedMeans: "fully provisioned",
	Links: []CoreLink{
		{CoreKind: "Machine", APIVersion: V1Beta2, Ref: "spec.infrastructureRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.infrastructureProvisioned"}, {AspectProviderID, "spec.providerID"},
			{AspectAddresses, "status.addresses"}, {AspectMachineFailureDomain, "spec.failureDomain"}}},
		{CoreKind: "Machine", APIVersion: V1Beta1, Ref: "spec.infrastructureRef", Reports: []Mirror{
			{AspectReadiness, "status.infrastructureReady"}, {AspectProviderID, "spec.providerID"},
			{AspectAddresses, "status.addresses"}, {AspectMachineFailureDomain, "spec.failureDomain"}}},
	},
	points: concat(
		[]Point{
			{Contract: V1Beta1, Path: PathReady, Aspect: AspectReadiness, Type: tBool, Tag: tag("ready"), Required: true,
				Reads: byLabelV1(basisInfraMachine + " Provisioned(v1beta1)")},
			{Contract: V1Beta1, Path: PathProviderID, Aspect: AspectProviderID, Type: tStrPtr, Compatible: []GoType{tString},
				Tag: tag("providerID", omitEmpty), Markers: []Marker{mOptional}, Required: true, Reads: always(basisInfraMachine + " ProviderID()")},
			{Contract: V1Beta1, Path: "spec.failureDomain", Aspect: AspectMachineFailureDomain, Type: tStrPtr, Compatible: []GoType{tString},
				Tag: tag("failureDomain", omitEmpty), Markers: []Marker{mOptional}, Reads: always(basisInfraMachine + " DeprecatedFailureDomain()")},
			{Contract: V1Beta1, Path: "status.addresses", Aspect: AspectAddresses, Type: sliceOf(clusterV1Beta1(TypeStruct, "MachineAddress")),
				Tag: tag("addresses", omitEmpty), Markers: []Marker{mOptional}, Reads: always(basisInfraMachine + " Addresses()")},
		},
		initialization("provisioned", byLabelV2(basisInfraMachine+" Provisioned(v1beta2)"), false),
		[]Point{
			{Contract: V1Beta2, Path: PathProviderID, Aspect: AspectProviderID, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("providerID", omitEmpty), Markers: markers([]Marker{mOptional}, mLen("1", "512")), Required: true,
				Reads: withNote(always(basisInfraMachine+" ProviderID()"), "empty: v1.11.0 errors, v1.12.0+ waits and requeues")},
			{Contract: V1Beta2, Path: "status.failureDomain", Aspect: AspectMachineFailureDomain, Type: tString,
				Tag: tag("failureDomain", omitEmpty), Markers: markers([]Marker{mOptional}, mLen("1", "256")),
				Reads: since(ReleaseMachineFailureDomain, basisInfraMachine+" FailureDomain() (PR #13266, 5e8f17fd60)")},
			{Contract: V1Beta2, Path: "status.addresses", Aspect: AspectAddresses, Type: sliceOf(clusterV1("MachineAddress")),
				Tag: tag("addresses", omitEmpty), Markers: []Marker{mOptional}, Reads: always(basisInfraMachine + " Addresses()")},
		},
		failuresAndConditions(false),
	),
}

const basisBootstrap = "internal/contract/bootstrap.go"

// BootstrapConfig is the bootstrap config kind (KubeadmConfig).
var BootstrapConfig = Kind{
	Name: KindBootstrapConfig, GroupPrefix: BootstrapGroupPrefix, LabelExclusiveSince: ReleaseV1Beta2,
	TypeSuffix: "Config", ExcludedSuffixes: []string{"Template", "List"}, ExcludedGroups: CoreGroups,
	DocURL: contractsDoc + "bootstrap-config",

	InitializedMeans: "ready: its bootstrap data secret is created",
	Links: []CoreLink{
		{CoreKind: "Machine", APIVersion: V1Beta2, Ref: "spec.bootstrap.configRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.bootstrapDataSecretCreated"}, {AspectDataSecretName, "spec.bootstrap.dataSecretName"}}},
		{CoreKind: "Machine", APIVersion: V1Beta1, Ref: "spec.bootstrap.configRef", Reports: []Mirror{
			{AspectReadiness, "status.bootstrapReady"}, {AspectDataSecretName, "spec.bootstrap.dataSecretName"}}},
		{CoreKind: "MachinePool", APIVersion: V1Beta2, Ref: "spec.template.spec.bootstrap.configRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.bootstrapDataSecretCreated"}, {AspectDataSecretName, "spec.template.spec.bootstrap.dataSecretName"}}},
		{CoreKind: "MachinePool", APIVersion: V1Beta1, Ref: "spec.template.spec.bootstrap.configRef", Reports: []Mirror{
			{AspectReadiness, "status.bootstrapReady"}, {AspectDataSecretName, "spec.template.spec.bootstrap.dataSecretName"}}},
	},
	points: concat(
		[]Point{
			{Contract: V1Beta1, Path: PathReady, Aspect: AspectReadiness, Type: tBool, Tag: tag("ready"), Required: true,
				Reads: byLabelV1(basisBootstrap + " DataSecretCreated(v1beta1)")},
			{Contract: V1Beta1, Path: "status.dataSecretName", Aspect: AspectDataSecretName, Type: tStrPtr, Compatible: []GoType{tString},
				Tag: tag("dataSecretName", omitEmpty), Markers: []Marker{mOptional}, Required: true, Reads: always(basisBootstrap + " DataSecretName()")},
		},
		initialization("dataSecretCreated", byLabelV2(basisBootstrap+" DataSecretCreated(v1beta2)"), false),
		[]Point{
			{Contract: V1Beta2, Path: "status.dataSecretName", Aspect: AspectDataSecretName, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("dataSecretName", omitEmpty), Markers: markers([]Marker{mOptional}, mLen("1", "253")), Required: true,
				Reads: always(basisBootstrap + " DataSecretName()")},
		},
		failuresAndConditions(false),
	),
}

const basisControlPlane = "internal/contract/controlplane.go"

// Releases that read a v1beta1 ControlPlane's initialization from
// status.ready instead of status.initialized (fixed by 54a4ea4ff7 in
// v1.11.5, v1.12.2 and v1.13.0).
var controlPlaneReadyBug = [][2]Release{{"v1.11.0", "v1.11.5"}, {"v1.12.0", "v1.12.2"}}

func controlPlaneInitializedReads() []Read {
	basis := basisControlPlane + " Initialized(v1beta1)"
	return []Read{
		{Mode: ReadFixed, Until: ReleaseV1Beta2, Basis: "cores before v1.11 know only the v1beta1 contract; " + basis},
		{Mode: ReadLabelDriven, Label: V1Beta1, Since: controlPlaneReadyBug[0][1], Until: controlPlaneReadyBug[1][0], Basis: basis},
		{Mode: ReadLabelDriven, Label: V1Beta1, Since: controlPlaneReadyBug[1][1], Basis: basis},
	}
}

func controlPlaneReadyReads() []Read {
	out := []Read{{Mode: ReadFixed, Until: ReleaseV1Beta2, Basis: basisControlPlane + " Ready() (v1.10)",
		Note: "mirrored to the Cluster's status.controlPlaneReady"}}
	for _, w := range controlPlaneReadyBug {
		out = append(out, Read{Mode: ReadLabelDriven, Label: V1Beta1, Since: w[0], Until: w[1], InPlaceOf: "status.initialized",
			Basis: basisControlPlane + " Initialized(v1beta1) read status.ready until 54a4ea4ff7",
			Note:  "read as the control plane's initialization: a v1beta1 control plane must set both ready and initialized"})
	}
	return out
}

// versionToContractCallers are core's GetContractVersionForVersion call
// sites (v1.11.0–v1.14.2), all on ControlPlane objects.
var versionToContractCallers = []string{
	"topology/cluster/current_state.go getCurrentControlPlaneState",
	"topology/cluster/reconcile_state.go reconcileControlPlane",
	"topology/cluster/patches/engine.go Apply (in v1.14.2, not v1.11.0)",
	"exp/topology/desiredstate/desired_state.go computeControlPlane, computeControlPlaneInfrastructureMachineTemplate",
	"cmd/clusterctl/client/tree/discovery.go addControlPlane (in v1.14.2, not v1.11.0)",
}

// ControlPlane is the control plane kind (KubeadmControlPlane).
var ControlPlane = Kind{
	Name: KindControlPlane, GroupPrefix: ControlPlaneGroupPrefix, LabelExclusiveSince: ReleaseV1Beta2,
	TypeSuffix: "ControlPlane", ExcludedSuffixes: []string{"Template", "List"}, ExcludedGroups: CoreGroups,
	DocURL: contractsDoc + "control-plane",

	InitializedMeans: "initialized (its API server accepts requests)",
	Scale:            &controlPlaneScale,
	// Topology reads spec.machineTemplate.infrastructureRef at the path of
	// the contract the object's API version maps to; a ControlPlane built
	// from a ControlPlaneTemplate has the template's API version, looked up
	// in the ControlPlane CRD's labels.
	VersionToContract: versionToContractCallers,
	Links: []CoreLink{
		{CoreKind: "Cluster", APIVersion: V1Beta2, Ref: "spec.controlPlaneRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.controlPlaneInitialized"}}},
		// A v1.10 core's v1beta1 Cluster reports the control plane's
		// status.ready there and its initialization only as the
		// ControlPlaneInitialized condition (measured by internal/oracle);
		// from v1.11 the field is converted from initialization.
		{CoreKind: "Cluster", APIVersion: V1Beta1, Ref: "spec.controlPlaneRef", Since: ReleaseV1Beta2, Reports: []Mirror{
			{AspectReadiness, "status.controlPlaneReady"}}},
		{CoreKind: "Cluster", APIVersion: V1Beta1, Ref: "spec.controlPlaneRef", Until: ReleaseV1Beta2, Reports: []Mirror{
			{AspectControlPlaneReady, "status.controlPlaneReady"}}},
	},
	points: concat(
		[]Point{
			{Contract: V1Beta1, Path: "status.initialized", Aspect: AspectReadiness, Type: tBool, Tag: tag("initialized"), Required: true,
				Reads: controlPlaneInitializedReads()},
			{Contract: V1Beta1, Path: PathReady, Aspect: AspectControlPlaneReady, Type: tBool, Tag: tag("ready"), Required: true,
				Reads: controlPlaneReadyReads()},
			{Contract: V1Beta1, Path: "spec.replicas", Aspect: AspectSpecReplicas, Type: tInt32Ptr, Tag: tag("replicas", omitEmpty),
				Markers: []Marker{mOptional}, Reads: always(basisControlPlane + " Replicas()")},
			{Contract: V1Beta1, Path: PathReplicas, Aspect: AspectReplicas, Type: tInt32, Compatible: []GoType{tInt32Ptr},
				Tag: tag("replicas"), RequiredWith: "spec.replicas", Reads: always(basisControlPlane + " StatusReplicas()")},
			{Contract: V1Beta1, Path: "status.readyReplicas", Aspect: AspectReadyReplicas, Type: tInt32, Compatible: []GoType{tInt32Ptr},
				Tag: tag("readyReplicas"), RequiredWith: "spec.replicas", Reads: always(basisControlPlane + " ReadyReplicas()")},
			{Contract: V1Beta1, Path: "status.updatedReplicas", Aspect: AspectUpToDateReplicas, Type: tInt32,
				Tag: tag("updatedReplicas"), RequiredWith: "spec.replicas", Reads: byLabelV1(basisControlPlane + " UpToDateReplicas(v1beta1)")},
			{Contract: V1Beta1, Path: "status.unavailableReplicas", Aspect: AspectAvailableReplicas, Type: tInt32,
				Tag: tag("unavailableReplicas"), RequiredWith: "spec.replicas", Reads: withNote(byLabelV1(basisControlPlane+" V1Beta1UnavailableReplicas()"), "available = spec.replicas − unavailableReplicas")},
			{Contract: V1Beta1, Path: "status.selector", Aspect: AspectSelector, Type: tString, Tag: tag("selector", omitEmpty),
				Markers: []Marker{mOptional}, RequiredWith: "spec.replicas"},
			{Contract: V1Beta1, Path: "spec.version", Aspect: AspectVersion, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("version"), Reads: always(basisControlPlane + " Version()")},
			{Contract: V1Beta1, Path: "status.version", Aspect: AspectStatusVersion, Type: tStrPtr, Compatible: []GoType{tString},
				Tag: tag("version", omitEmpty), Markers: []Marker{mOptional}, RequiredWith: "spec.version", Reads: always(basisControlPlane + " StatusVersion()")},
			{Contract: V1Beta1, Path: "status.externalManagedControlPlane", Aspect: AspectExternalManaged, Type: tBool, Compatible: []GoType{tBoolPtr},
				Tag: tag("externalManagedControlPlane", omitEmpty), Markers: []Marker{mOptional}, Reads: always("util/util.go IsExternalManagedControlPlane")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.metadata", Aspect: AspectMachineTemplateMeta, Type: clusterV1Beta1(TypeStruct, "ObjectMeta"),
				Tag: tag("metadata", omitEmpty), Markers: []Marker{mOptional}, Reads: always(basisControlPlane + " MachineTemplate().Metadata()")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.infrastructureRef", Aspect: AspectMachineTemplateInfra, Type: named(TypeStruct, "ObjectReference", PkgCoreV1),
				Tag: tag("infrastructureRef"), Reads: withNote(byLabelV1(basisControlPlane+" MachineTemplate().InfrastructureRef"), "chosen per API version (GetContractVersionForVersion)")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.readinessGates", Aspect: AspectReadinessGates, Type: sliceOf(clusterV1Beta1(TypeStruct, "MachineReadinessGate")),
				Tag: tag("readinessGates", omitEmpty), Markers: []Marker{mOptional}, Reads: byLabelV1(basisControlPlane + " ReadinessGates(v1beta1)")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.nodeDrainTimeout", Aspect: AspectNodeDrainTimeout, Type: tDuration,
				Tag: tag("nodeDrainTimeout", omitEmpty), Markers: []Marker{mOptional}, Reads: byLabelV1(basisControlPlane + " NodeDrainTimeout")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.nodeVolumeDetachTimeout", Aspect: AspectNodeVolumeTimeout, Type: tDuration,
				Tag: tag("nodeVolumeDetachTimeout", omitEmpty), Markers: []Marker{mOptional}, Reads: byLabelV1(basisControlPlane + " NodeVolumeDetachTimeout")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.nodeDeletionTimeout", Aspect: AspectNodeDeletionTimeout, Type: tDuration,
				Tag: tag("nodeDeletionTimeout", omitEmpty), Markers: []Marker{mOptional}, Reads: byLabelV1(basisControlPlane + " NodeDeletionTimeout")},
			{Contract: V1Beta1, Path: "spec.machineTemplate.taints", Aspect: AspectTaints, Type: sliceOf(clusterV1("MachineTaint")),
				Tag: tag("taints", omitEmpty), Markers: []Marker{mOptional},
				Reads: []Read{{Mode: ReadLabelDriven, Label: V1Beta1, Since: ReleaseTaintsByContract, Basis: basisControlPlane + " Taints(v1beta1)"}}},
		},
		initialization("controlPlaneInitialized", byLabelV2(basisControlPlane+" Initialized(v1beta2)"), false),
		[]Point{
			{Contract: V1Beta2, Path: "spec.replicas", Aspect: AspectSpecReplicas, Type: tInt32Ptr, Tag: tag("replicas", omitEmpty),
				Markers: []Marker{mOptional}, Reads: always(basisControlPlane + " Replicas()")},
			{Contract: V1Beta2, Path: PathReplicas, Aspect: AspectReplicas, Type: tInt32Ptr, Compatible: []GoType{tInt32},
				Tag: tag("replicas", omitEmpty), Markers: []Marker{mOptional}, RequiredWith: "spec.replicas", Reads: always(basisControlPlane + " StatusReplicas()")},
			{Contract: V1Beta2, Path: "status.readyReplicas", Aspect: AspectReadyReplicas, Type: tInt32Ptr, Compatible: []GoType{tInt32},
				Tag: tag("readyReplicas", omitEmpty), Markers: []Marker{mOptional}, RequiredWith: "spec.replicas", Reads: always(basisControlPlane + " ReadyReplicas()")},
			{Contract: V1Beta2, Path: "status.upToDateReplicas", Aspect: AspectUpToDateReplicas, Type: tInt32Ptr, Copies: true,
				Tag: tag("upToDateReplicas", omitEmpty), Markers: []Marker{mOptional}, RequiredWith: "spec.replicas", Reads: byLabelV2(basisControlPlane + " UpToDateReplicas(v1beta2)")},
			{Contract: V1Beta2, Path: "status.availableReplicas", Aspect: AspectAvailableReplicas, Type: tInt32Ptr,
				Tag: tag("availableReplicas", omitEmpty), Markers: []Marker{mOptional}, RequiredWith: "spec.replicas", Reads: byLabelV2(basisControlPlane + " AvailableReplicas()")},
			// No core release reads status.selector (internal/contract's Selector()
			// has no caller outside tests, v1.9–v1.14): the scale subresource does.
			{Contract: V1Beta2, Path: "status.selector", Aspect: AspectSelector, Type: tString, Tag: tag("selector", omitEmpty),
				Markers: []Marker{mOptional}, RequiredWith: "spec.replicas"},
			{Contract: V1Beta2, Path: "spec.version", Aspect: AspectVersion, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("version"), Markers: markers([]Marker{mRequired}, mLen("1", "256")), Reads: always(basisControlPlane + " Version()")},
			{Contract: V1Beta2, Path: "status.version", Aspect: AspectStatusVersion, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("version", omitEmpty), Markers: markers([]Marker{mOptional}, mLen("1", "256")), RequiredWith: "spec.version", RequiredAnyOf: true,
				Reads: withNote(always(basisControlPlane+" StatusVersion()"), "deprecated by status.versions; from v1.14 only a fallback")},
			{Contract: V1Beta2, Path: "status.versions", Aspect: AspectStatusVersions, Type: sliceOf(clusterV1("StatusVersion")),
				Tag: tag("versions", omitEmpty), Markers: markers([]Marker{mOptional}, mListMap("version"), mItems("1", "100")),
				RequiredWith: "spec.version", RequiredAnyOf: true, Reads: since(ReleaseStatusVersions, basisControlPlane+" StatusVersions()")},
			{Contract: V1Beta2, Path: "status.externalManagedControlPlane", Aspect: AspectExternalManaged, Type: tBoolPtr, Compatible: []GoType{tBool},
				Tag: tag("externalManagedControlPlane", omitEmpty), Markers: []Marker{mOptional}, Reads: always("util/util.go IsExternalManagedControlPlane")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.metadata", Aspect: AspectMachineTemplateMeta, Type: clusterV1("ObjectMeta"),
				Tag: tag("metadata", omitEmpty, omitZero), Markers: []Marker{mOptional}, Reads: always(basisControlPlane + " MachineTemplate().Metadata()")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.infrastructureRef", Aspect: AspectMachineTemplateInfra, Type: clusterV1("ContractVersionedObjectReference"),
				Tag: tag("infrastructureRef"), Markers: []Marker{mRequired},
				Reads: withNote(byLabelV2(basisControlPlane+" MachineTemplate().InfrastructureV1Beta2Ref"), "chosen per API version (GetContractVersionForVersion)")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.readinessGates", Aspect: AspectReadinessGates, Type: sliceOf(clusterV1("MachineReadinessGate")),
				Tag: tag("readinessGates", omitEmpty), Markers: markers([]Marker{mOptional}, mListMap("conditionType"), mItems("1", "32")),
				Reads: byLabelV2(basisControlPlane + " ReadinessGates(v1beta2)")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds", Aspect: AspectNodeDrainTimeout, Type: tInt32Ptr,
				Tag: tag("nodeDrainTimeoutSeconds", omitEmpty), Markers: []Marker{mOptional, {Name: MarkerMinimum, Value: "0"}},
				Reads: byLabelV2(basisControlPlane + " NodeDrainTimeout")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.deletion.nodeVolumeDetachTimeoutSeconds", Aspect: AspectNodeVolumeTimeout, Type: tInt32Ptr,
				Tag: tag("nodeVolumeDetachTimeoutSeconds", omitEmpty), Markers: []Marker{mOptional, {Name: MarkerMinimum, Value: "0"}},
				Reads: byLabelV2(basisControlPlane + " NodeVolumeDetachTimeout")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.deletion.nodeDeletionTimeoutSeconds", Aspect: AspectNodeDeletionTimeout, Type: tInt32Ptr,
				Tag: tag("nodeDeletionTimeoutSeconds", omitEmpty), Markers: []Marker{mOptional, {Name: MarkerMinimum, Value: "0"}},
				Reads: byLabelV2(basisControlPlane + " NodeDeletionTimeout")},
			{Contract: V1Beta2, Path: "spec.machineTemplate.spec.taints", Aspect: AspectTaints, Type: sliceOf(clusterV1("MachineTaint")),
				Tag: tag("taints", omitEmpty), Markers: markers([]Marker{mOptional}, mListMap("key", "effect"), mItems("1", "64")),
				Reads: []Read{
					{Mode: ReadFixed, Since: ReleaseMachineTaints, Until: ReleaseTaintsByContract,
						Basis: "v1.13.0–v1.13.4 write only the v1beta2 taints path"},
					{Mode: ReadLabelDriven, Label: V1Beta2, Since: ReleaseTaintsByContract, Basis: basisControlPlane + " Taints(v1beta2)"},
				}},
		},
		controlPlaneEndpoint(basisControlPlane+" ControlPlaneEndpoint()"),
		failuresAndConditions(false),
	),
}

// Basis of the pool windows, shared with core.go's CoreBehaviour table.
const (
	basisPoolReleased = "released code ≤ v1.14.2: the MachinePool controller reads only status.ready (external.IsReady)"
	basisPool14030    = "Cluster API PR #14030 (unmerged): InfrastructureMachinePool().Provisioned(v) with a status.ready fallback"
)

// InfraMachinePool is the infrastructure machine pool kind (DockerMachinePool).
// Unlike the other kinds it is not label-exclusive: released cores read only
// status.ready whatever the label; PR #14030 (assumed v1.15) reads the label
// with a fallback to status.ready.
var InfraMachinePool = withLegacyFields(Kind{
	Name: KindInfraMachinePool, GroupPrefix: InfrastructureGroupPrefix,
	TypeSuffix:       "MachinePool",
	ExcludedSuffixes: []string{"Template", "TemplateList", "List", "MachinePoolMachine"},
	ExcludedGroups:   []string{CoreGroup},
	DocURL:           "https://cluster-api.sigs.k8s.io/developer/providers/contracts/infra-machinepool",
	InitializedMeans: "fully provisioned",
	Links: []CoreLink{
		{CoreKind: MachinePoolKind, APIVersion: V1Beta2, Ref: "spec.template.spec.infrastructureRef", RefHasAPIGroup: true, Reports: []Mirror{
			{AspectReadiness, "status.initialization.infrastructureProvisioned"}, {AspectReplicas, PathReplicas}, {AspectProviderIDList, PathProviderIDList}}},
		{CoreKind: MachinePoolKind, APIVersion: V1Beta1, Ref: "spec.template.spec.infrastructureRef", Reports: []Mirror{
			{AspectReadiness, "status.infrastructureReady"}, {AspectReplicas, PathReplicas}, {AspectProviderIDList, PathProviderIDList}}},
	},
	points: concat(
		[]Point{
			{Contract: V1Beta1, Path: PathReady, Aspect: AspectReadiness, Type: tBool, Tag: tag("ready"), Required: true, Deprecated: true,
				Reads: []Read{
					{Mode: ReadFixed, Until: ReleasePoolFallback, Basis: basisPoolReleased},
					{Mode: ReadLabelDriven, Label: V1Beta1, Since: ReleasePoolFallback, Until: ReleaseV1Beta1Dropped, Assumed: true, Basis: basisPool14030},
					{Mode: ReadFallback, Label: V1Beta2, Since: ReleasePoolFallback, Until: ReleaseV1Beta1Dropped, FallbackFor: PathProvisioned, Assumed: true, Basis: basisPool14030},
				}},
			{Contract: V1Beta1, Path: PathProviderIDList, Aspect: AspectProviderIDList, Type: sliceOf(tString), Tag: tag("providerIDList", omitEmpty),
				Markers: []Marker{mOptional}, Required: true, Reads: always("MachinePool controller reconcileInfrastructure")},
			{Contract: V1Beta1, Path: PathReplicas, Aspect: AspectReplicas, Type: tInt32, Tag: tag("replicas"), Required: true,
				Reads: always("MachinePool controller reconcileInfrastructure")},
			{Contract: V1Beta1, Path: PathProviderID, Aspect: AspectProviderID, Type: tString, Compatible: []GoType{tStrPtr},
				Tag: tag("providerID", omitEmpty), Markers: []Marker{mOptional}, Inventory: true},
			{Contract: V1Beta1, Path: PathMachineKind, Aspect: AspectMachineKind, Type: tString, Tag: tag("infrastructureMachineKind", omitEmpty),
				Markers: []Marker{mOptional}, Reads: always("MachinePool controller reconcileMachines")},
		},
		initialization("provisioned", []Read{{Mode: ReadLabelDriven, Label: V1Beta2, Since: ReleasePoolFallback, Assumed: true, Basis: basisPool14030}}, true),
		[]Point{
			{Contract: V1Beta2, Path: PathProviderIDList, Aspect: AspectProviderIDList, Type: sliceOf(tString), Tag: tag("providerIDList", omitEmpty),
				Markers: markers([]Marker{mOptional, {Name: MarkerListType, Value: "atomic"}, {Name: MarkerMaxItems, Value: "10000"},
					{Name: MarkerItemsMinLen, Value: "1"}, {Name: MarkerItemsMaxLen, Value: "512"}}),
				Required: true, Reads: always("MachinePool controller reconcileInfrastructure")},
			{Contract: V1Beta2, Path: PathReplicas, Aspect: AspectReplicas, Type: tInt32, Tag: tag("replicas"), Required: true,
				Reads: always("MachinePool controller reconcileInfrastructure")},
			{Contract: V1Beta2, Path: PathProviderID, Aspect: AspectProviderID, Type: tString, Tag: tag("providerID", omitEmpty),
				Markers: markers([]Marker{mOptional}, mLen("1", "512")), Inventory: true},
			{Contract: V1Beta2, Path: PathMachineKind, Aspect: AspectMachineKind, Type: tString, Tag: tag("infrastructureMachineKind", omitEmpty),
				Markers: []Marker{mOptional}, Reads: always("MachinePool controller reconcileMachines")},
		},
		failuresAndConditions(true),
	),
})

func withLegacyFields(k Kind) Kind {
	k.Fields = legacyFields(k.points)
	return k
}

// template builds the template kind of base.
func template(base *Kind, accessor string, extra ...Point) Kind {
	return Kind{
		Name: base.Name + "Template", GroupPrefix: base.GroupPrefix, TemplateOf: base.Name,
		TypeSuffix: base.TypeSuffix + "Template", ExcludedSuffixes: []string{"List"}, ExcludedGroups: CoreGroups,
		DocURL: base.DocURL,
		points: concat(templatePoints(accessor), extra),
	}
}

// Template kinds: core reads only their metadata (and a ControlPlaneTemplate's machine template metadata).
var (
	InfraClusterTemplate     = template(&InfraCluster, "internal/contract/infrastructure_cluster_template.go")
	InfraMachineTemplate     = withLinks(template(&InfraMachine, "internal/contract/infrastructure_machine_template.go"), "spec.template.spec.infrastructureRef")
	InfraMachinePoolTemplate = template(&InfraMachinePool, "internal/contract/infrastructure_machinepool_template.go")
	BootstrapConfigTemplate  = withLinks(template(&BootstrapConfig, "internal/contract/bootstrap_config_template.go"), "spec.template.spec.bootstrap.configRef")
	ControlPlaneTemplate     = template(&ControlPlane, "internal/contract/controlplane_template.go",
		Point{Contract: V1Beta1, Path: "spec.template.spec.machineTemplate.metadata", Aspect: AspectMachineTemplateMeta,
			Type: clusterV1Beta1(TypeStruct, "ObjectMeta"), Tag: tag("metadata", omitEmpty), Markers: []Marker{mOptional},
			Reads: always("internal/contract/controlplane_template.go MachineTemplate().Metadata()")},
		Point{Contract: V1Beta2, Path: "spec.template.spec.machineTemplate.metadata", Aspect: AspectMachineTemplateMeta,
			Type: clusterV1("ObjectMeta"), Tag: tag("metadata", omitEmpty, omitZero), Markers: []Marker{mOptional},
			Reads: always("internal/contract/controlplane_template.go MachineTemplate().Metadata()")},
	)
)

// withLinks adds the MachineDeployment and MachineSet references at ref
// (ClusterClass references are not catalogued yet).
func withLinks(k Kind, ref string) Kind {
	for _, owner := range []string{"MachineDeployment", "MachineSet"} {
		k.Links = append(k.Links,
			CoreLink{CoreKind: owner, APIVersion: V1Beta2, Ref: ref, RefHasAPIGroup: true},
			CoreLink{CoreKind: owner, APIVersion: V1Beta1, Ref: ref})
	}
	return k
}

// LabelDrivenKinds are the kinds whose field set core picks from the CRD's
// contract label from v1.11 on, with no fallback.
var LabelDrivenKinds = []*Kind{&InfraCluster, &InfraMachine, &ControlPlane, &BootstrapConfig}

// Kinds is every kind the catalog knows, base kinds first.
var Kinds = []*Kind{
	&InfraCluster, &InfraMachine, &InfraMachinePool, &ControlPlane, &BootstrapConfig,
	&InfraClusterTemplate, &InfraMachineTemplate, &InfraMachinePoolTemplate, &ControlPlaneTemplate, &BootstrapConfigTemplate,
}

// KindByName returns the catalogued kind with the contract name (InfraCluster, ControlPlaneTemplate, ...).
func KindByName(name string) (*Kind, bool) {
	for _, k := range Kinds {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// TemplateKind returns the template kind of a base kind.
func (k *Kind) TemplateKind() (*Kind, bool) {
	if k.IsTemplate() {
		return nil, false
	}
	return KindByName(k.Name + "Template")
}
