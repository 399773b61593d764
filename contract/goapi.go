package contract

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// ChangeClass is a kind of change between a v1beta1 Go field and its
// v1beta2 successor: each class has one migration (the type fix, the use
// fix, the conversion block), shared by the provider contract's points and
// Cluster API's own Go API map (GoAPIFields).
type ChangeClass string

const (
	// ChangeSame: the same shape (a type of the v1beta1 package becomes
	// its namesake in the v1beta2 one).
	ChangeSame ChangeClass = "same"
	// ChangeStringPointer: *string becomes string ("" for unset).
	ChangeStringPointer ChangeClass = "string-pointer"
	// ChangePointerToValue: *T becomes T (the zero value for unset).
	ChangePointerToValue ChangeClass = "pointer-to-value"
	// ChangeValueToPointer: T becomes *T (bool → *bool: unset is nil).
	ChangeValueToPointer ChangeClass = "value-to-pointer"
	// ChangeDurationToSeconds: metav1.Duration becomes *int32 seconds
	// (clusterv1.ConvertToSeconds / ConvertFromSeconds).
	ChangeDurationToSeconds ChangeClass = "duration-to-seconds"
	// ChangeReference: a corev1.ObjectReference field becomes a field of
	// a ContractVersionedObjectReference (or another reference type):
	// apiVersion becomes apiGroup, namespace and uid go.
	ChangeReference ChangeClass = "reference"
	// ChangeMapToList: a map keyed by name becomes a list with the name
	// as a field (failureDomains).
	ChangeMapToList ChangeClass = "map-to-list"
	// ChangeRetyped: another Go type that none of the classes above
	// describes; a person maps it.
	ChangeRetyped ChangeClass = "retyped"
	// ChangeRemoved: the value is not carried to v1beta2 at all.
	ChangeRemoved ChangeClass = "removed"
	// ChangeRenamed (symbols only): the successor means the same under
	// another name and value (a condition type or reason renamed).
	ChangeRenamed ChangeClass = "renamed"
)

// GoFieldChange is where one field of a Cluster API v1beta1 Go type went in
// its v1beta2 successor, as Cluster API's own conversion moves it.
type GoFieldChange struct {
	// Root is the v1beta1 root type, package-qualified
	// ("sigs.k8s.io/cluster-api/api/core/v1beta1.Machine").
	Root string
	// Old is the field's Go path from the root ("Status.BootstrapReady";
	// "[]" a slice element, "{}" a map value), OldType its Go type.
	Old, OldType string
	// New are the successor's Go paths from the v1beta2 root (none when
	// removed; more than one when the conversion copies the value to
	// several), NewType the Go type of the first.
	New     []string
	NewType string
	// Moved is set when New is another path than Old.
	Moved bool
	Class ChangeClass
}

// GoAPIRelease says when Cluster API introduced the v1beta2 Go API and
// when it plans to remove v1beta1 (its migration docs).
var (
	GoAPIIntroduced = ReleaseV1Beta2
	GoAPIRemoval    = ReleaseV1Beta1Dropped
)

// ClassifyGoChange is the class of the change from a field of type oldType
// at oldPath to newType at newPath, in the parent struct types given
// (package-qualified Go type strings as GoTypeString renders them).
func ClassifyGoChange(oldPath, oldType, oldParent, newPath, newType, newParent string) ChangeClass {
	switch {
	case newPath == "":
		return ChangeRemoved
	case strings.Contains(oldPath, "{}") && strings.Contains(newPath, "[]") && !strings.Contains(oldPath, "[]"):
		return ChangeMapToList
	case strings.TrimPrefix(oldParent, "*") == PkgCoreV1+".ObjectReference" && strings.TrimPrefix(newParent, "*") != PkgCoreV1+".ObjectReference":
		return ChangeReference
	}
	o, n := successorType(oldType), newType
	switch {
	case o == n:
		return ChangeSame
	case o == "*string" && n == "string":
		return ChangeStringPointer
	case strings.TrimPrefix(o, "*") == PkgMetaV1+".Duration" && strings.TrimPrefix(n, "*") == "int32":
		return ChangeDurationToSeconds
	case o == "*"+n:
		return ChangePointerToValue
	case "*"+o == n:
		return ChangeValueToPointer
	}
	return ChangeRetyped
}

// successorType renders a v1beta1 Cluster API type as its namesake in the
// v1beta2 package of the same API group.
func successorType(t string) string {
	for _, old := range []string{PkgClusterV1Beta1, PkgClusterV1Beta1Old} {
		t = strings.ReplaceAll(t, old+".", PkgClusterV1+".")
	}
	for _, group := range []string{"bootstrap/kubeadm", "controlplane/kubeadm", "addons", "ipam"} {
		t = strings.ReplaceAll(t, "sigs.k8s.io/cluster-api/api/"+group+"/v1beta1.", "sigs.k8s.io/cluster-api/api/"+group+"/v1beta2.")
	}
	return t
}

// GoAPIFields lists, per v1beta1 root type, where Cluster API's conversion
// puts each field (goapi_fields.go, written by hack/goapigen from the
// pinned Cluster API and checked against it by a test).
func GoAPIFields() []GoFieldChange { return goAPIFields }

// GoAPIRoots are the v1beta1 root types GoAPIFields covers, each with its
// v1beta2 successor.
func GoAPIRoots() map[string]string {
	out := map[string]string{}
	for _, f := range goAPIFields {
		out[f.Root] = successorType(f.Root)
	}
	return out
}

// GoStructAt is where a struct type of Cluster API's v1beta1 Go API sits
// in one of the roots GoAPIFields covers.
type GoStructAt struct {
	Root string
	Path string // "" for the root itself
}

// GoAPIFieldsAt lists the changes of the fields at selector path sel
// (Go field names joined by ".", "[]" for an element) below a value of the
// v1beta1 struct type structType (package-qualified): the leaf itself, or
// every leaf below it when sel names a struct. Old and New stay relative
// to the root; RootPath is where structType sits in it.
func GoAPIFieldsAt(structType, sel string) (changes []GoFieldChange, rootPath string, ok bool) {
	at, ok := goAPIStructs[structType]
	if !ok {
		return nil, "", false
	}
	full := sel
	if at.Path != "" {
		full = at.Path + "." + sel
	}
	// The root's fields sorted by Old: those at or below full are one run
	// from the first at or after it (with siblings that merely share the
	// prefix, "SpecX", mixed in).
	fields := goAPIByRoot()[at.Root]
	i, _ := slices.BinarySearchFunc(fields, full, func(f GoFieldChange, p string) int { return strings.Compare(f.Old, p) })
	for _, f := range fields[i:] {
		rest, under := strings.CutPrefix(f.Old, full)
		if !under {
			break
		}
		if rest == "" || rest[0] == '.' || rest[0] == '[' || rest[0] == '{' {
			changes = append(changes, f)
		}
	}
	return changes, at.Path, len(changes) > 0
}

// goAPIByRoot is goAPIFields by root, each sorted by Old: a use site looks
// up its fields without walking the whole map.
var goAPIByRoot = sync.OnceValue(func() map[string][]GoFieldChange {
	out := map[string][]GoFieldChange{}
	for _, f := range goAPIFields {
		out[f.Root] = append(out[f.Root], f)
	}
	for _, fs := range out {
		slices.SortStableFunc(fs, func(a, b GoFieldChange) int { return strings.Compare(a.Old, b.Old) })
	}
	return out
})

// GoAPIStructs is where each struct type of the v1beta1 Go API sits in a
// root of GoAPIFields (written with it by hack/goapigen).
func GoAPIStructs() map[string]GoStructAt { return maps.Clone(goAPIStructs) }

// GoSuccessorPath is the Go path of the v1beta2 successor of the value at
// path full (a struct, list or map) of a root, from that root's changes:
// full itself when a field below it stays where it is, else where every
// field below it that keeps its name goes. ok is false when those scatter
// or there are none.
func GoSuccessorPath(full string, changes []GoFieldChange) (to string, ok bool) {
	scattered := false
	for _, c := range changes {
		rest, under := strings.CutPrefix(c.Old, full)
		if !under || len(c.New) == 0 || rest == "" || (rest[0] != '.' && rest[0] != '[' && rest[0] != '{') {
			continue
		}
		if c.New[0] == c.Old {
			return full, true
		}
		prefix, kept := strings.CutSuffix(c.New[0], rest)
		switch {
		case !kept:
		case ok && prefix != to:
			scattered = true
		default:
			to, ok = prefix, true
		}
	}
	if scattered {
		return "", false
	}
	return to, ok
}

// GoAPIValueType is the Go type of the v1beta2 successor of the
// struct-valued field at path below the v1beta1 root type root (a struct,
// a pointer to one, a list or map of them, or an element), as the pinned
// Cluster API declares it.
func GoAPIValueType(root, path string) (string, bool) {
	key := root + " " + path
	i, ok := slices.BinarySearchFunc(goAPIValues, key, func(v goValueType, k string) int { return strings.Compare(v.key, k) })
	if !ok {
		return "", false
	}
	return goAPIValues[i].typ, true
}

// goValueType is one entry of goAPIValues, sorted by key ("root path").
type goValueType struct{ key, typ string }

// GoAPIValueTypes is how many value types GoAPIValueType knows.
func GoAPIValueTypes() int { return len(goAPIValues) }
