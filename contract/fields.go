package contract

import "strings"

// Contract is a version of the provider contract, as named by a CRD's
// cluster.x-k8s.io/<contract> label: V1Beta1 or V1Beta2.
type Contract string

// Aspect is what a field point means, independent of its contract version:
// a v1beta1 point and its v1beta2 successor share an aspect (PairOf).
type Aspect string

const (
	// AspectReadiness is the field core decides initialization from:
	// ready ↔ initialization.provisioned, initialized ↔
	// initialization.controlPlaneInitialized, ready ↔ initialization.dataSecretCreated.
	AspectReadiness Aspect = "readiness"
	// AspectInitialization is the status.initialization struct holding the v1beta2 readiness field.
	AspectInitialization Aspect = "initialization"
	// AspectControlPlaneReady is a v1beta1 ControlPlane's status.ready, which
	// some releases read in place of status.initialized.
	AspectControlPlaneReady    Aspect = "controlPlaneReady"
	AspectFailureReason        Aspect = "failureReason"
	AspectFailureMessage       Aspect = "failureMessage"
	AspectConditions           Aspect = "conditions"
	AspectV1Beta1Conditions    Aspect = "v1beta1Conditions"
	AspectFailureDomains       Aspect = "failureDomains"
	AspectControlPlaneEndpoint Aspect = "controlPlaneEndpoint"
	AspectProviderID           Aspect = "providerID"
	AspectProviderIDList       Aspect = "providerIDList"
	AspectReplicas             Aspect = "replicas"
	AspectMachineKind          Aspect = "infrastructureMachineKind"
	AspectAddresses            Aspect = "addresses"
	AspectMachineFailureDomain Aspect = "machineFailureDomain"
	AspectDataSecretName       Aspect = "dataSecretName"
	AspectSpecReplicas         Aspect = "specReplicas"
	AspectReadyReplicas        Aspect = "readyReplicas"
	AspectUpToDateReplicas     Aspect = "upToDateReplicas"
	AspectAvailableReplicas    Aspect = "availableReplicas"
	AspectSelector             Aspect = "selector"
	AspectVersion              Aspect = "version"
	AspectStatusVersion        Aspect = "statusVersion"
	AspectStatusVersions       Aspect = "statusVersions"
	AspectExternalManaged      Aspect = "externalManagedControlPlane"
	AspectMachineTemplateMeta  Aspect = "machineTemplateMetadata"
	AspectMachineTemplateInfra Aspect = "machineTemplateInfrastructureRef"
	AspectReadinessGates       Aspect = "readinessGates"
	AspectNodeDrainTimeout     Aspect = "nodeDrainTimeout"
	AspectNodeVolumeTimeout    Aspect = "nodeVolumeDetachTimeout"
	AspectNodeDeletionTimeout  Aspect = "nodeDeletionTimeout"
	AspectTaints               Aspect = "taints"
	AspectTemplateMetadata     Aspect = "templateMetadata"
	AspectTemplateSpec         Aspect = "templateSpec"
)

// Point is one field of a kind under one contract version.
type Point struct {
	Contract Contract
	// Path is the JSON path from the object root, dot-separated.
	Path   string
	Aspect Aspect
	// Type is the shape the contract pages prescribe.
	Type GoType
	// Compatible are other shapes with the same JSON that core decodes as
	// well (*string for string, bool for *bool); not findings by themselves.
	Compatible []GoType
	Tag        JSONTag
	Markers    []Marker
	// Required is the contract's "MUST" (a mandatory rule), not the marker.
	Required bool
	// RequiredWith is the path of a point whose presence makes this one a
	// MUST: a ControlPlane that has spec.replicas MUST have the replica
	// status fields and status.selector.
	RequiredWith string
	// RequiredAnyOf: one of the points with the same RequiredWith and this
	// flag is enough (status.versions or status.version of a ControlPlane).
	RequiredAnyOf bool
	// Reads say which core releases read the point, under which label, and how.
	// Empty: no core release reads it.
	Reads []Read
	// Convention marks a Cluster API convention (status.deprecated.v1beta1.*),
	// not written in the contract pages.
	Convention bool
	// ReadFirst is a path core tries before this one (Cluster API's stage-1
	// status.v1beta2.conditions): a field there of this point's shape is
	// what core reads while it is present.
	ReadFirst string
	// Copies marks a renamed v1beta2 field that holds the value of its
	// v1beta1 predecessor (upToDateReplicas of updatedReplicas), so a fix
	// may write it from that field; unset where the value is derived
	// otherwise (availableReplicas = spec.replicas − unavailableReplicas).
	Copies bool
	// Deprecated and Inventory drive the use-site inventory of the pool
	// analyzers (see Field).
	Deprecated bool
	Inventory  bool
}

// Segments is the path split at dots.
func (p Point) Segments() []string { return strings.Split(p.Path, ".") }

// HasMarker reports whether the point prescribes the marker (on the field or its type).
func (p Point) HasMarker(name string) (Marker, bool) {
	for _, m := range p.Markers {
		if m.Name == name {
			return m, true
		}
	}
	return Marker{}, false
}

// ReadMode is how a core release reads a point.
type ReadMode string

const (
	// ReadLabelDriven: read only when the CRD's contract label resolves to Read.Label.
	ReadLabelDriven ReadMode = "label-driven"
	// ReadFixed: read whatever the label says.
	ReadFixed ReadMode = "fixed"
	// ReadFallback: read only when Read.FallbackFor is absent.
	ReadFallback ReadMode = "fallback"
)

// Read is one window of core releases that read a point.
type Read struct {
	Mode ReadMode
	// Label is the contract the CRD's label must resolve to; empty for any.
	Label Contract
	// Since (inclusive) and Until (exclusive) bound the core releases; empty is unbounded.
	Since, Until Release
	// FallbackFor is the path of the point this one stands in for (ReadFallback).
	FallbackFor string
	// InPlaceOf is the path of the point core means when it reads this one
	// (the v1beta1 ControlPlane status.ready bug).
	InPlaceOf string
	// Note says what core does with the value when that is not the point's plain meaning.
	Note string
	// Assumed marks windows taken from docs or open PRs, not released code.
	Assumed bool
	// FailsReconcile: core's reconcile fails (a panic, an error) when the
	// object sets the point, before it concludes anything else.
	FailsReconcile bool
	// Basis cites the Cluster API code the window was read from.
	Basis string
}

// covers reports whether the window includes the core release and label.
func (r Read) covers(core Release, label Contract) bool {
	if r.Label != "" && r.Label != label {
		return false
	}
	if r.Since != "" && core.Less(r.Since) {
		return false
	}
	return r.Until == "" || core.Less(r.Until)
}

// The root type's top-level objects: the first segment of every point's path.
const (
	ObjectSpec   = "spec"
	ObjectStatus = "status"
)

// Leaf is the last segment of a JSON path: the field's JSON name.
func Leaf(path string) string { return path[strings.LastIndexByte(path, '.')+1:] }

// Segment is the i-th segment of a JSON path ("" when it has none).
func Segment(path string, i int) string {
	segs := strings.Split(path, ".")
	if i < 0 || i >= len(segs) {
		return ""
	}
	return segs[i]
}
