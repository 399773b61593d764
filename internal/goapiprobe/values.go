package goapiprobe

import (
	"reflect"

	"github.com/mpaudit/mpaudit/contract"
)

// Values lists, for each struct-valued field of each root (a struct, a
// pointer to one, a list or map of them, or their elements), the Go type
// of its v1beta2 successor, keyed "root path" (contract.GoAPIValueType).
// The successor is the field where every field below it that keeps its
// name goes, in changes; a value whose fields scatter has none.
func Values(changes []contract.GoFieldChange) map[string]string {
	byRoot := map[string][]contract.GoFieldChange{}
	for _, c := range changes {
		byRoot[c.Root] = append(byRoot[c.Root], c)
	}
	out := map[string]string{}
	for _, r := range Roots() {
		old, nw := reflect.TypeOf(r.Old).Elem(), reflect.TypeOf(r.New).Elem()
		root := TypeString(old)
		for _, p := range valuePaths(old) {
			to, ok := contract.GoSuccessorPath(p, byRoot[root])
			if !ok {
				continue
			}
			if t, found := typeAt(nw, to); found {
				out[root+" "+p] = TypeString(t)
			}
		}
	}
	return out
}

// valuePaths lists the Go paths of t's fields that hold structs, lists or
// maps of them, and their elements; an embedded struct's fields are at
// its parent's paths.
func valuePaths(t reflect.Type) []string {
	var out []string
	listed := map[string]bool{}
	var walk func(t reflect.Type, prefix string, depth int, seen map[reflect.Type]int)
	walk = func(t reflect.Type, prefix string, depth int, seen map[reflect.Type]int) {
		if isLeaf(t) || depth > maxDepth || seen[t] > 0 {
			return
		}
		if prefix != "" && !listed[prefix] {
			listed[prefix] = true
			out = append(out, prefix)
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

// typeAt is the type of the field at Go path p below t.
func typeAt(t reflect.Type, p string) (reflect.Type, bool) {
	for _, seg := range splitPath(p) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch seg {
		case "[]":
			if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
				return nil, false
			}
			t = t.Elem()
		case "{}":
			if t.Kind() != reflect.Map {
				return nil, false
			}
			t = t.Elem()
		default:
			if t.Kind() != reflect.Struct {
				return nil, false
			}
			f, ok := t.FieldByName(seg)
			if !ok {
				return nil, false
			}
			t = f.Type
		}
	}
	return t, true
}
