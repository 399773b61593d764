// Package goapiprobe finds where Cluster API's own conversion puts each
// field of a v1beta1 Go type in its v1beta2 successor: it sets one field
// at a time to a value of its own, converts the object with the
// conversion functions Cluster API registers in a scheme, and looks for
// the value in the result. The catalog's Go API map (contract/goapi*.go)
// is checked against what it observes, so the map is Cluster API's
// conversion code, not a reading of it.
package goapiprobe

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Observation is where one v1beta1 field's value went.
type Observation struct {
	// Old is the field's Go path in the v1beta1 object ("Spec.Paused",
	// "Status.Conditions[].Reason"), OldType its Go type.
	Old, OldType string
	// New are the Go paths of the v1beta2 object that changed from the
	// zero object's conversion when Old was set (value matched first);
	// empty when the value went nowhere.
	New []string
	// NewType is the Go type of New[0]; OldParent and NewParent the
	// struct types holding the two leaves (TypeString).
	NewType, OldParent, NewParent string
}

// TypeString renders t with full import paths ("*k8s.io/api/core/v1.ObjectReference").
func TypeString(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + TypeString(t.Elem())
	case reflect.Slice:
		if t.Name() == "" {
			return "[]" + TypeString(t.Elem())
		}
	case reflect.Map:
		if t.Name() == "" {
			return "map[" + TypeString(t.Key()) + "]" + TypeString(t.Elem())
		}
	}
	if t.PkgPath() != "" {
		return t.PkgPath() + "." + t.Name()
	}
	return t.String()
}

// maxDepth bounds the walk of nested structs.
const maxDepth = 9

// Convert converts a v1beta1 object to its v1beta2 successor: Cluster
// API's own conversion (its webhooks' spoke-to-hub functions, which add
// to the generated conversions what those leave to ConvertTo).
type Convert func(in, out any) error

// Probe observes where convert puts each leaf field of the v1beta1 type of
// oldObj (a pointer to a zero value) in the type of newObj. Every leaf is
// set at once to a value of its own (strings, numbers, times, durations),
// so a conversion that needs several fields together (a reference's kind
// and API version) converts them; a boolean, whose value is not its own,
// is set alone and found by what changes.
func Probe(convert Convert, oldObj, newObj any) ([]Observation, error) {
	oldT := reflect.TypeOf(oldObj).Elem()
	newT := reflect.TypeOf(newObj).Elem()
	base := reflect.New(newT)
	if err := convert(reflect.New(oldT).Interface(), base.Interface()); err != nil {
		return nil, fmt.Errorf("converting a zero %s: %w", oldT, err)
	}
	baseLeaves := leaves(base.Elem())
	fields := fieldPaths(oldT)
	all := reflect.New(oldT)
	probes := make([]probe, len(fields))
	for i, f := range fields {
		if p, ok := setPath(all.Elem(), f.path, i+1); ok && p.kind != reflect.Bool {
			probes[i] = p
		}
	}
	allOut := reflect.New(newT)
	if err := convert(all.Interface(), allOut.Interface()); err != nil {
		return nil, fmt.Errorf("converting %s with every field set: %w", oldT, err)
	}
	allLeaves := leaves(allOut.Elem())
	var out []Observation
	for i, f := range fields {
		obs := Observation{Old: f.path, OldType: TypeString(f.typ), OldParent: f.parent}
		got := allLeaves
		if probes[i].kind == reflect.Invalid {
			// Alone: a boolean (or a leaf that cannot be set uniquely).
			in := reflect.New(oldT)
			val, ok := setPath(in.Elem(), f.path, i+1)
			if !ok {
				continue
			}
			probes[i] = val
			outV := reflect.New(newT)
			if err := convert(in.Interface(), outV.Interface()); err != nil {
				return nil, fmt.Errorf("converting %s with %s set: %w", oldT, f.path, err)
			}
			got = leaves(outV.Elem())
			for p, v := range got {
				if b, ok := baseLeaves[p]; ok && b.equal(v) {
					continue
				}
				if v.matches(val) {
					obs.New = append(obs.New, p)
				}
			}
		} else {
			for p, v := range got {
				if v.matches(probes[i]) {
					obs.New = append(obs.New, p)
				}
			}
		}
		sort.Strings(obs.New)
		if len(obs.New) > 0 {
			obs.NewType, obs.NewParent = TypeString(got[obs.New[0]].typ), got[obs.New[0]].parent
		}
		out = append(out, obs)
	}
	return out, nil
}

// skipField leaves out unexported fields and the embedded object metadata
// every version shares.
func skipField(f reflect.StructField) bool {
	return !f.IsExported() || f.Anonymous && (f.Type == typeMetaType || f.Type == objectMetaType || f.Type == listMetaType)
}

// fieldName is the Go path of field f under prefix: an embedded struct's
// fields are promoted, so its name is not part of the path a selector uses.
func fieldName(prefix string, f reflect.StructField) string {
	if f.Anonymous && f.Type.Kind() == reflect.Struct {
		return prefix
	}
	if prefix == "" {
		return f.Name
	}
	return prefix + "." + f.Name
}

type fieldPath struct {
	path   string
	typ    reflect.Type
	parent string // the struct type holding the leaf
}

// fieldPaths lists the leaf fields of t as Go paths; a slice's element is
// "[]", a map's value "{}".
func fieldPaths(t reflect.Type) []fieldPath {
	var out []fieldPath
	var walk func(t reflect.Type, prefix, parent string, depth int, seen map[reflect.Type]int)
	walk = func(t reflect.Type, prefix, parent string, depth int, seen map[reflect.Type]int) {
		if isLeaf(t) || depth > maxDepth || seen[t] > 0 {
			if prefix != "" {
				out = append(out, fieldPath{prefix, t, parent})
			}
			return
		}
		seen[t]++
		defer func() { seen[t]-- }()
		switch t.Kind() {
		case reflect.Pointer:
			walk(t.Elem(), prefix, parent, depth, seen)
		case reflect.Slice:
			walk(t.Elem(), prefix+"[]", parent, depth+1, seen)
		case reflect.Map:
			walk(t.Elem(), prefix+"{}", parent, depth+1, seen)
		case reflect.Struct:
			for f := range t.Fields() {
				if skipField(f) {
					continue
				}
				walk(f.Type, fieldName(prefix, f), TypeString(t), depth+1, seen)
			}
		default:
			out = append(out, fieldPath{prefix, t, parent})
		}
	}
	walk(t, "", "", 0, map[reflect.Type]int{})
	return out
}

var (
	timeType       = reflect.TypeFor[metav1.Time]()
	durationType   = reflect.TypeFor[metav1.Duration]()
	typeMetaType   = reflect.TypeFor[metav1.TypeMeta]()
	objectMetaType = reflect.TypeFor[metav1.ObjectMeta]()
	listMetaType   = reflect.TypeFor[metav1.ListMeta]()
)

// isLeaf says whether t is set as a whole: scalars, times, durations and
// types with custom marshalling (quantities, int-or-strings).
func isLeaf(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Float64, reflect.Uint8, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Slice:
		return t.Elem().Kind() == reflect.Uint8 // raw JSON bytes
	case reflect.Struct:
		return t == timeType || t == durationType || t.NumField() == 0 || !exported(t)
	}
	return false
}

func exported(t reflect.Type) bool {
	for field := range t.Fields() {
		if field.IsExported() {
			return true
		}
	}
	return false
}

// setPath sets the leaf at path in v (allocating pointers, one-element
// slices and one-key maps on the way) to a value derived from n, and
// returns that value's probe.
func setPath(v reflect.Value, path string, n int) (probe, bool) {
	segs := splitPath(path)
	for _, s := range segs {
		v = alloc(v)
		switch s {
		case "[]":
			if v.Kind() != reflect.Slice {
				return probe{}, false
			}
			if v.Len() == 0 { // siblings set before share the element
				v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			}
			v = v.Index(0)
		case "{}":
			if v.Kind() != reflect.Map || v.Type().Key().Kind() != reflect.String {
				return probe{}, false
			}
			// One key per map, shared by siblings; map values are not
			// addressable, so set on a copy and store it.
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			}
			m := v
			key := reflect.ValueOf("probe-key").Convert(v.Type().Key())
			holder := reflect.New(v.Type().Elem()).Elem()
			if old := m.MapIndex(key); old.IsValid() {
				holder.Set(old)
			}
			rest := strings.Join(segs[indexOf(segs, s)+1:], ".")
			if rest == "" {
				p, ok := setLeaf(holder, n)
				m.SetMapIndex(key, holder)
				return p, ok
			}
			p, ok := setPath(holder, rest, n)
			m.SetMapIndex(key, holder)
			return p, ok
		default:
			if v.Kind() != reflect.Struct {
				return probe{}, false
			}
			v = v.FieldByName(s)
		}
	}
	return setLeaf(alloc(v), n)
}

func indexOf(segs []string, s string) int {
	for i, x := range segs {
		if x == s {
			return i
		}
	}
	return -1
}

func splitPath(path string) []string {
	var out []string
	for part := range strings.SplitSeq(path, ".") {
		var suffixes []string
		for strings.HasSuffix(part, "[]") || strings.HasSuffix(part, "{}") {
			suffixes = append([]string{part[len(part)-2:]}, suffixes...)
			part = part[:len(part)-2]
		}
		if part != "" {
			out = append(out, part)
		}
		out = append(out, suffixes...)
	}
	return out
}

func alloc(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	return v
}

// probe is the value a leaf was set to, in the forms a conversion may
// carry it in.
type probe struct {
	s    string
	i    int64
	b    bool
	kind reflect.Kind
}

func setLeaf(v reflect.Value, n int) (probe, bool) {
	switch {
	case v.Type() == timeType:
		t := metav1.NewTime(time.Unix(int64(1_700_000_000+n), 0).UTC())
		v.Set(reflect.ValueOf(t))
		return probe{i: t.Unix(), kind: reflect.Struct}, true
	case v.Type() == durationType:
		v.Set(reflect.ValueOf(metav1.Duration{Duration: time.Duration(n+100) * time.Second}))
		return probe{i: int64(n + 100), kind: reflect.Int64}, true
	}
	switch v.Kind() {
	case reflect.Slice: // raw JSON: a JSON string
		if v.Type().Elem().Kind() != reflect.Uint8 {
			return probe{}, false // a recursive type's slice, at the depth bound
		}
		v.SetBytes(fmt.Appendf(nil, "%q", fmt.Sprintf("probe-%d.example.com/v1", n)))
		return probe{s: fmt.Sprintf("probe-%d.", n), kind: reflect.String}, true
	case reflect.String:
		// A group/version, so that an API version converts to its group.
		s := fmt.Sprintf("probe-%d.example.com/v1", n)
		v.SetString(s)
		return probe{s: fmt.Sprintf("probe-%d.", n), kind: reflect.String}, true
	case reflect.Bool:
		v.SetBool(true)
		return probe{b: true, kind: reflect.Bool}, true
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(int64(n + 100))
		return probe{i: int64(n + 100), kind: reflect.Int64}, true
	case reflect.Uint8, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(n + 100))
		return probe{i: int64(n + 100), kind: reflect.Int64}, true
	case reflect.Float64:
		v.SetFloat(float64(n + 100))
		return probe{i: int64(n + 100), kind: reflect.Int64}, true
	}
	return probe{}, false
}

// leaf is a non-zero leaf of a converted object.
type leaf struct {
	typ    reflect.Type
	v      reflect.Value
	parent string
}

func (l leaf) equal(o leaf) bool { return reflect.DeepEqual(l.v.Interface(), o.v.Interface()) }

func (l leaf) matches(p probe) bool {
	v := l.v
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch {
	case v.Type() == timeType:
		return p.kind == reflect.Struct && v.Interface().(metav1.Time).Unix() == p.i
	case v.Type() == durationType:
		return p.kind == reflect.Int64 && int64(v.Interface().(metav1.Duration).Seconds()) == p.i
	}
	switch v.Kind() {
	case reflect.Slice:
		return p.kind == reflect.String && v.Type().Elem().Kind() == reflect.Uint8 && strings.Contains(string(v.Bytes()), p.s)
	case reflect.String:
		return p.kind == reflect.String && strings.Contains(v.String(), p.s)
	case reflect.Bool:
		return p.kind == reflect.Bool && v.Bool() == p.b
	case reflect.Int, reflect.Int32, reflect.Int64:
		return p.kind == reflect.Int64 && v.Int() == p.i
	case reflect.Uint8, reflect.Uint32, reflect.Uint64:
		return p.kind == reflect.Int64 && int64(v.Uint()) == p.i
	case reflect.Float64:
		return p.kind == reflect.Int64 && int64(v.Float()) == p.i
	}
	return false
}

// leaves lists the non-zero leaves of v by Go path (slice elements and map
// values under "[]" and "{}"; a map key holding the probe counts too).
func leaves(v reflect.Value) map[string]leaf {
	out := map[string]leaf{}
	var walk func(v reflect.Value, prefix, parent string, depth int)
	walk = func(v reflect.Value, prefix, parent string, depth int) {
		if depth > maxDepth+2 || !v.IsValid() {
			return
		}
		t := v.Type()
		if isLeaf(t) {
			if !v.IsZero() && prefix != "" {
				out[prefix] = leaf{typ: t, v: v, parent: parent}
			}
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), prefix, parent, depth)
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), prefix+"[]", parent, depth+1)
			}
		case reflect.Map:
			iter := v.MapRange()
			for iter.Next() {
				if k := iter.Key(); k.Kind() == reflect.String && k.String() != "" {
					out[prefix+"{key}"] = leaf{typ: k.Type(), v: k, parent: parent}
				}
				walk(iter.Value(), prefix+"{}", parent, depth+1)
			}
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				if skipField(f) {
					continue
				}
				walk(v.Field(i), fieldName(prefix, f), TypeString(t), depth+1)
			}
		default:
			if !v.IsZero() && prefix != "" {
				out[prefix] = leaf{typ: t, v: v, parent: parent}
			}
		}
	}
	walk(v, "", "", 0)
	return out
}

// StructPaths lists, for each struct type reachable from the root type t
// (TypeString, embedded structs included), the shortest Go path at which
// it appears: a value of that type is the root's field at that path.
func StructPaths(t reflect.Type) map[string]string {
	out := map[string]string{}
	var walk func(t reflect.Type, prefix string, depth int, seen map[reflect.Type]int)
	walk = func(t reflect.Type, prefix string, depth int, seen map[reflect.Type]int) {
		if isLeaf(t) || depth > maxDepth || seen[t] > 0 {
			return
		}
		seen[t]++
		defer func() { seen[t]-- }()
		switch t.Kind() {
		case reflect.Pointer:
			walk(t.Elem(), prefix, depth, seen)
		case reflect.Slice:
			walk(t.Elem(), prefix+"[]", depth+1, seen)
		case reflect.Map:
			walk(t.Elem(), prefix+"{}", depth+1, seen)
		case reflect.Struct:
			name := TypeString(t)
			if old, ok := out[name]; !ok || len(prefix) < len(old) {
				out[name] = prefix
			}
			for f := range t.Fields() {
				if !skipField(f) {
					walk(f.Type, fieldName(prefix, f), depth+1, seen)
				}
			}
		}
	}
	walk(t, "", 0, map[reflect.Type]int{})
	return out
}
