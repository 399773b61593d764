package contract

import (
	"slices"
	"strings"
)

// Contract versions of the Cluster API provider contract.
const (
	V1Beta1 = "v1beta1"
	V1Beta2 = "v1beta2"
)

// Kind is one provider resource kind of the contract: its classification
// hints, how core reads it, and its field points per contract version.
type Kind struct {
	// Name is the contract's name for the kind: InfraCluster, ControlPlaneTemplate, ...
	Name string
	// GroupPrefix is the API group prefix of providers of the kind ("infrastructure.").
	GroupPrefix string
	// TemplateOf is the Name of the kind a template kind templates; empty otherwise.
	TemplateOf string
	// LabelExclusiveSince is the first core release that picks the whole field
	// set from the CRD label with no fallback; empty for kinds never read so.
	LabelExclusiveSince Release
	// Links are where core objects reference the kind and report what they read.
	Links []CoreLink
	// VersionToContract are the core call sites that map an object's API
	// version back to a contract by ranging over the CRD's labels
	// (GetContractVersionForVersion), since v1.11; empty when core only
	// resolves the kind by its newest non-empty label (GetContractVersion),
	// which is deterministic.
	VersionToContract []string

	// TypeSuffix selects Go root types by name; ExcludedSuffixes drop
	// look-alikes (templates, lists, per-replica kinds). Classify is the
	// full classifier; these serve the name-only checks.
	TypeSuffix       string
	ExcludedSuffixes []string
	// ExcludedGroups are API groups whose types are never this kind (core's own MachinePool).
	ExcludedGroups []string
	// Fields is the path-keyed view of the points (one entry per path, across
	// contract versions) that the InfraMachinePool analyzers were written against.
	Fields []Field
	// DocURL is the contract page for the kind.
	DocURL string
	// InitializedMeans says what the kind's v1beta2 initialization field
	// reports, for the doc comment a rewrite writes on it.
	InitializedMeans string
	// Scale is the scale subresource the kind's CRD MUST have when its
	// objects have spec.replicas (a ControlPlane's); nil when none.
	Scale *ScaleSubresource

	points []Point
}

// Field is the legacy, path-keyed view of a kind's points.
type Field struct {
	Path string
	// Contracts lists the contract versions that have a point at Path.
	Contracts []string
	// GoShape is the shape as Go source (the v1beta2 point's when both have one).
	GoShape string
	// JSONTag is the tag, likewise.
	JSONTag  string
	Required bool
	// Deprecated fields are read only for v1beta1 compatibility; their use
	// sites are inventoried as deprecated.
	Deprecated bool
	// Inventory fields have their use sites listed for migration review.
	Inventory bool
}

// CoreLink is where a core object references objects of a kind.
type CoreLink struct {
	// CoreKind is Cluster, Machine, MachinePool, MachineDeployment or MachineSet.
	CoreKind string
	// APIVersion is the core object's API version (v1beta2 or v1beta1).
	APIVersion string
	// Ref is the JSON path of the reference on the core object.
	Ref string
	// RefHasAPIGroup is true for ContractVersionedObjectReference (apiGroup,
	// kind, name); false for ObjectReference (apiVersion, kind, name).
	RefHasAPIGroup bool
	// Reports are where the core object mirrors what it read, per aspect.
	Reports []Mirror
	// Since (inclusive) and Until (exclusive) bound the core releases whose
	// objects report so; empty is unbounded.
	Since, Until Release
}

// At reports whether core release r's objects report as the link says; an
// empty release (unknown) matches every link.
func (l CoreLink) At(r Release) bool {
	if r == "" {
		return true
	}
	return (l.Since == "" || r.AtLeast(l.Since)) && (l.Until == "" || r.Less(l.Until))
}

// Mirror is a core object path that reports one aspect of the referenced object.
type Mirror struct {
	Aspect Aspect
	Path   string
}

// Points returns the kind's points of one contract version, in catalog order.
func (k *Kind) Points(c Contract) []Point {
	var out []Point
	for _, p := range k.points {
		if p.Contract == c {
			out = append(out, p)
		}
	}
	return out
}

// AllPoints returns every point of the kind, both contract versions.
func (k *Kind) AllPoints() []Point { return append([]Point(nil), k.points...) }

// Point returns the kind's point at path under contract c.
func (k *Kind) Point(c Contract, path string) (Point, bool) {
	for _, p := range k.points {
		if p.Contract == c && p.Path == path {
			return p, true
		}
	}
	return Point{}, false
}

// PointOf returns the kind's point of an aspect under contract c.
func (k *Kind) PointOf(c Contract, a Aspect) (Point, bool) {
	for _, p := range k.points {
		if p.Contract == c && p.Aspect == a {
			return p, true
		}
	}
	return Point{}, false
}

// PairOf returns the other contract version's point of the same aspect: a
// v1beta1 field's v1beta2 successor, or a v1beta2 field's predecessor.
func (k *Kind) PairOf(p Point) (Point, bool) {
	for _, q := range k.points {
		if q.Aspect == p.Aspect && q.Contract != p.Contract {
			return q, true
		}
	}
	return Point{}, false
}

// Successor returns the v1beta2 point that replaces p when p is a v1beta1
// point the v1beta2 contract removed or moved: no v1beta2 point has p's
// path, and one of the same aspect has another (status.failureReason moved
// under status.deprecated.v1beta1, status.ready replaced by
// status.initialization.<field>, renamed replica counters).
func (k *Kind) Successor(p Point) (Point, bool) {
	if p.Contract != V1Beta1 {
		return Point{}, false
	}
	if _, kept := k.Point(V1Beta2, p.Path); kept {
		return Point{}, false
	}
	q, ok := k.PairOf(p)
	if !ok || q.Path == p.Path {
		return Point{}, false
	}
	return q, true
}

// Readiness returns the kind's readiness point under contract c: the field
// core decides provisioning (initialization, bootstrap data) from. Kinds
// without one (templates) return false.
func (k *Kind) Readiness(c Contract) (Point, bool) {
	for _, p := range k.points {
		if p.Contract == c && p.Aspect == AspectReadiness {
			return p, true
		}
	}
	return Point{}, false
}

// MapsVersionToContract reports whether core maps an object's API version
// back to its contract (VersionToContract): for such a kind one API version
// must not be listed under two contract labels.
func (k *Kind) MapsVersionToContract() bool { return len(k.VersionToContract) > 0 }

// IsTemplate reports whether the kind is a template of another kind.
func (k *Kind) IsTemplate() bool { return k.TemplateOf != "" }

// legacyFields derives the path-keyed Fields view from the points.
func legacyFields(points []Point) []Field {
	var out []Field
	index := map[string]int{}
	for _, p := range points {
		i, seen := index[p.Path]
		if !seen {
			i = len(out)
			index[p.Path] = i
			out = append(out, Field{Path: p.Path})
		}
		f := &out[i]
		f.Contracts = append(f.Contracts, string(p.Contract))
		if !seen || p.Contract == V1Beta2 {
			f.GoShape, f.JSONTag, f.Required = p.Type.String(), p.Tag.String(), p.Required
		}
		f.Deprecated = f.Deprecated || p.Deprecated
		f.Inventory = f.Inventory || p.Inventory
	}
	return out
}

// Paths of the InfraMachinePool contract fields.
const (
	PathProviderID     = "spec.providerID"
	PathProviderIDList = "spec.providerIDList"
	PathReplicas       = "status.replicas"
	PathConditions     = "status.conditions"
	PathFailureReason  = "status.failureReason"
	PathFailureMessage = "status.failureMessage"
	PathInitialization = "status.initialization"
	PathMachineKind    = "status.infrastructureMachineKind"
	PathDeprecatedV1B1 = "status.deprecated.v1beta1"

	// PathStageOneConditions is where Cluster API v1.9 and v1.10 types keep
	// metav1 conditions beside the v1beta1 ones; core from v1.11 reads it
	// before status.conditions (util/conditions UnstructuredGetAll).
	PathStageOneConditions = "status.v1beta2.conditions"
)

// MatchesTypeName reports whether a root Go type name belongs to the kind.
func (k *Kind) MatchesTypeName(name string) bool {
	if !strings.HasSuffix(name, k.TypeSuffix) {
		return false
	}
	for _, s := range k.ExcludedSuffixes {
		if strings.HasSuffix(name, s) {
			return false
		}
	}
	return true
}

// ExcludesGroup reports whether types of an API group are never this kind.
func (k *Kind) ExcludesGroup(group string) bool {
	return slices.Contains(k.ExcludedGroups, group)
}

// Field returns the catalogued field at path.
func (k *Kind) Field(path string) (Field, bool) {
	for _, f := range k.Fields {
		if f.Path == path {
			return f, true
		}
	}
	return Field{}, false
}

// DeprecatedPaths are the fields whose use sites are reported as deprecated.
func (k *Kind) DeprecatedPaths() []string {
	var out []string
	for _, f := range k.Fields {
		if f.Deprecated {
			out = append(out, f.Path)
		}
	}
	return out
}

// MetaV1Condition is the element type status.conditions has under the v1beta2
// contract; anything else there (clusterv1beta1.Conditions and its older
// copies) is the v1beta1 shape.
const MetaV1Condition = "k8s.io/apimachinery/pkg/apis/meta/v1.Condition"

// FailureFieldsFailReconcile reports whether core release r, reading k's
// objects under label, fails the reconcile of an object that sets a
// top-level failure field (a read marked FailsReconcile).
func (k *Kind) FailureFieldsFailReconcile(r Release, label Contract) bool {
	for _, p := range k.points {
		if p.Aspect != AspectFailureReason && p.Aspect != AspectFailureMessage {
			continue
		}
		for _, rd := range p.Reads {
			if rd.FailsReconcile && rd.covers(r, label) {
				return true
			}
		}
	}
	return false
}
