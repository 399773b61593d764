package kindfinder

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// JSONField is a struct field as encoding/json sees it.
type JSONField struct {
	Name    string // JSON name
	Options []string
	Var     *types.Var
	Tag     string // the raw json tag value
}

// HasOption reports whether the json tag carries opt (omitempty, omitzero).
func (f JSONField) HasOption(opt string) bool {
	return slices.Contains(f.Options, opt)
}

// Deref strips pointers.
func Deref(t types.Type) types.Type {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return t
		}
		t = p.Elem()
	}
}

// StructOf returns the struct under t (through pointers and names), or nil.
func StructOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	s, _ := Deref(t).Underlying().(*types.Struct)
	return s
}

// JSONFields lists the JSON-visible fields of the struct under t, with
// embedded structs flattened the way encoding/json (and ",inline") does.
func JSONFields(t types.Type) []JSONField {
	return jsonFields(t, map[types.Type]bool{})
}

func jsonFields(t types.Type, seen map[types.Type]bool) []JSONField {
	st := StructOf(t)
	if st == nil || seen[st] {
		return nil
	}
	seen[st] = true
	var out []JSONField
	for i := 0; i < st.NumFields(); i++ {
		v := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		var options []string
		if opts != "" {
			options = strings.Split(opts, ",")
		}
		if v.Embedded() && (name == "" || contains(options, "inline")) {
			out = append(out, jsonFields(v.Type(), seen)...)
			continue
		}
		if !v.Exported() {
			continue
		}
		if name == "" {
			name = v.Name()
		}
		out = append(out, JSONField{Name: name, Options: options, Var: v, Tag: tag})
	}
	return out
}

// FieldByJSON finds a JSON field by name; encoding/json matches names
// case-insensitively on decode, but the contract names are exact.
func FieldByJSON(t types.Type, name string) (JSONField, bool) {
	for _, f := range JSONFields(t) {
		if f.Name == name {
			return f, true
		}
	}
	return JSONField{}, false
}

// FieldByPath follows a dotted JSON path from t.
func FieldByPath(t types.Type, path string) (JSONField, bool) {
	var f JSONField
	for part := range strings.SplitSeq(path, ".") {
		var ok bool
		f, ok = FieldByJSON(t, part)
		if !ok {
			return JSONField{}, false
		}
		t = f.Var.Type()
	}
	return f, true
}

// JSONNameOf returns the JSON name of a struct field variable, given the
// struct it belongs to.
func JSONNameOf(st *types.Struct, v *types.Var) (string, bool) {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) != v {
			continue
		}
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		if tag == "-" {
			return "", false
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "" {
			name = v.Name()
		}
		return name, true
	}
	return "", false
}

func contains(list []string, s string) bool {
	return slices.Contains(list, s)
}
