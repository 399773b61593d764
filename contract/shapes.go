package contract

import (
	"strings"
)

// TypeKind is the basic kind of a Go shape.
type TypeKind string

const (
	TypeBool     TypeKind = "bool"
	TypeString   TypeKind = "string"
	TypeInt32    TypeKind = "int32"
	TypeSlice    TypeKind = "slice"
	TypeMap      TypeKind = "map"    // map[string]Elem
	TypeStruct   TypeKind = "struct" // a named struct, see GoType.Named
	TypeDuration TypeKind = "duration"
)

// Import paths of the named types the contract prescribes.
const (
	PkgMetaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"
	PkgCoreV1 = "k8s.io/api/core/v1"
	// PkgPatch and PkgPaused are Cluster API's patch and paused helpers:
	// from v1.11 for v1beta2 objects, the v1beta1 ones kept elsewhere.
	PkgPatch = "sigs.k8s.io/cluster-api/util/patch"
	// PkgDeprecatedPatch is where v1.11 keeps the v1beta1 patch helper.
	PkgDeprecatedPatch = "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch"
	PkgPaused          = "sigs.k8s.io/cluster-api/util/paused"
	// PkgDeprecatedPaused is where v1.11 keeps the paused helper for
	// objects with v1beta1 conditions.
	PkgDeprecatedPaused = "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/paused"
	// PkgConditions is Cluster API's condition utilities: v1beta1's
	// before v1.11, v1beta2's (metav1.Condition) from it.
	PkgConditions = "sigs.k8s.io/cluster-api/util/conditions"
	// PkgClusterV1 is Cluster API's v1beta2 core API (v1.11+).
	PkgClusterV1 = "sigs.k8s.io/cluster-api/api/core/v1beta2"
	// PkgClusterV1Beta1 is the v1beta1 core API from v1.11 on; PkgClusterV1Beta1Old before.
	PkgClusterV1Beta1    = "sigs.k8s.io/cluster-api/api/core/v1beta1"
	PkgClusterV1Beta1Old = "sigs.k8s.io/cluster-api/api/v1beta1"
)

// TypeRef names a Go type. Local types are declared by the provider next to
// its root type; their Name may hold the placeholder "<Kind>", the root
// type's name (FooMachine → FooMachineInitializationStatus).
type TypeRef struct {
	Name string
	// Packages are the import paths that declare the type; several when
	// Cluster API moved it. Empty for local types.
	Packages []string
	Local    bool
}

// KindPlaceholder stands for the provider's root type name in local type names.
const KindPlaceholder = "<Kind>"

// NameFor is the local type name for a provider root type.
func (r TypeRef) NameFor(rootType string) string {
	return strings.ReplaceAll(r.Name, KindPlaceholder, rootType)
}

// GoType is the Go shape of a field point as data.
type GoType struct {
	Kind    TypeKind
	Pointer bool
	// Elem is the element of a slice or the value of a map.
	Elem *GoType
	// Named is set for named types (struct or otherwise).
	Named *TypeRef
}

// String renders the shape as Go source, with the conventional package
// names (metav1, clusterv1, clusterv1beta1, corev1).
func (t GoType) String() string {
	var b strings.Builder
	if t.Pointer {
		b.WriteString("*")
	}
	switch {
	case t.Named != nil:
		if q := pkgQualifier(t.Named); q != "" {
			b.WriteString(q + ".")
		}
		b.WriteString(t.Named.Name)
	case t.Kind == TypeSlice && t.Elem != nil:
		b.WriteString("[]" + t.Elem.String())
	case t.Kind == TypeMap && t.Elem != nil:
		b.WriteString("map[string]" + t.Elem.String())
	case t.Kind == TypeDuration:
		b.WriteString("metav1.Duration")
	default:
		b.WriteString(string(t.Kind))
	}
	return b.String()
}

func pkgQualifier(r *TypeRef) string {
	if r.Local || len(r.Packages) == 0 {
		return ""
	}
	switch r.Packages[0] {
	case PkgMetaV1:
		return "metav1"
	case PkgCoreV1:
		return "corev1"
	case PkgClusterV1:
		return "clusterv1"
	case PkgClusterV1Beta1, PkgClusterV1Beta1Old:
		return "clusterv1beta1"
	}
	return r.Packages[0]
}

// Shape constructors keep the catalog tables short.
var (
	tBool     = GoType{Kind: TypeBool}
	tBoolPtr  = GoType{Kind: TypeBool, Pointer: true}
	tString   = GoType{Kind: TypeString}
	tStrPtr   = GoType{Kind: TypeString, Pointer: true}
	tInt32    = GoType{Kind: TypeInt32}
	tInt32Ptr = GoType{Kind: TypeInt32, Pointer: true}
	tDuration = GoType{Kind: TypeDuration, Pointer: true, Named: &TypeRef{Name: "Duration", Packages: []string{PkgMetaV1}}}
)

func sliceOf(e GoType) GoType { return GoType{Kind: TypeSlice, Elem: &e} }

func local(name string) GoType {
	return GoType{Kind: TypeStruct, Named: &TypeRef{Name: KindPlaceholder + name, Local: true}}
}

func named(kind TypeKind, name string, pkgs ...string) GoType {
	return GoType{Kind: kind, Named: &TypeRef{Name: name, Packages: pkgs}}
}

func clusterV1(name string) GoType { return named(TypeStruct, name, PkgClusterV1) }

func clusterV1Beta1(kind TypeKind, name string) GoType {
	return named(kind, name, PkgClusterV1Beta1, PkgClusterV1Beta1Old)
}

// JSONTag is a field's encoding/json tag.
type JSONTag struct {
	Name      string
	OmitEmpty bool
	OmitZero  bool
}

func (t JSONTag) String() string {
	s := t.Name
	if t.OmitEmpty {
		s += ",omitempty"
	}
	if t.OmitZero {
		s += ",omitzero"
	}
	return s
}

// ParseJSONTag parses the value of a json struct tag; unknown options are ignored.
func ParseJSONTag(tag string) JSONTag {
	name, opts, _ := strings.Cut(tag, ",")
	t := JSONTag{Name: name}
	for o := range strings.SplitSeq(opts, ",") {
		switch o {
		case "omitempty":
			t.OmitEmpty = true
		case "omitzero":
			t.OmitZero = true
		}
	}
	return t
}

type tagOption int

const (
	omitEmpty tagOption = iota
	omitZero
)

func tag(name string, opts ...tagOption) JSONTag {
	t := JSONTag{Name: name}
	for _, o := range opts {
		t.OmitEmpty = t.OmitEmpty || o == omitEmpty
		t.OmitZero = t.OmitZero || o == omitZero
	}
	return t
}

// Marker is a kubebuilder/controller-tools marker the contract prescribes.
type Marker struct {
	// Name without the leading '+', e.g. "kubebuilder:validation:MinLength".
	Name string
	// Value after '=', empty for flag markers such as "optional".
	Value string
	// OnType marks markers that belong on the field's named type (MinProperties
	// on an InitializationStatus struct), not on the field.
	OnType bool
}

func (m Marker) String() string {
	if m.Value == "" {
		return "+" + m.Name
	}
	return "+" + m.Name + "=" + m.Value
}

// Marker names used by the catalog.
const (
	MarkerOptional      = "optional"
	MarkerRequired      = "required"
	MarkerMinProperties = "kubebuilder:validation:MinProperties"
	MarkerMinLength     = "kubebuilder:validation:MinLength"
	MarkerMaxLength     = "kubebuilder:validation:MaxLength"
	MarkerMinItems      = "kubebuilder:validation:MinItems"
	MarkerMaxItems      = "kubebuilder:validation:MaxItems"
	MarkerMinimum       = "kubebuilder:validation:Minimum"
	MarkerMaximum       = "kubebuilder:validation:Maximum"
	MarkerListType      = "listType"
	MarkerListMapKey    = "listMapKey"
	MarkerItemsMinLen   = "kubebuilder:validation:items:MinLength"
	MarkerItemsMaxLen   = "kubebuilder:validation:items:MaxLength"
)

var (
	mOptional    = Marker{Name: MarkerOptional}
	mRequired    = Marker{Name: MarkerRequired}
	mMinPropsOne = Marker{Name: MarkerMinProperties, Value: "1", OnType: true}
)

func mLen(minLen, maxLen string) []Marker {
	return []Marker{{Name: MarkerMinLength, Value: minLen}, {Name: MarkerMaxLength, Value: maxLen}}
}

func mItems(minItems, maxItems string) []Marker {
	return []Marker{{Name: MarkerMinItems, Value: minItems}, {Name: MarkerMaxItems, Value: maxItems}}
}

func mListMap(keys ...string) []Marker {
	out := []Marker{{Name: MarkerListType, Value: "map"}}
	for _, k := range keys {
		out = append(out, Marker{Name: MarkerListMapKey, Value: k})
	}
	return out
}

func markers(groups ...[]Marker) []Marker {
	var out []Marker
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
