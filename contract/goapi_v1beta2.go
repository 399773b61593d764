package contract

import "strings"

// The v1beta2 half the move of a file to the v1beta2 Go API needs (the
// fix of the Go API passes, analyzers/internal/goapifix): which names each
// v1beta2 package declares, and which fields of its struct types are
// pointers, so that a fix names only what exists and moves no read below
// a pointer that may be nil. It is written from the pinned Cluster API by
// TestGoAPIV1Beta2 (go test ./contract -run TestGoAPIV1Beta2 -update-v1beta2),
// which fails when it is stale.

// GoAPIV1Beta2Has reports whether the v1beta2 package at path declares
// the exported name; ok is false for a package the table does not cover.
func GoAPIV1Beta2Has(path, name string) (has, ok bool) {
	names, ok := goAPIV1Beta2Names[path]
	if !ok {
		return false, false
	}
	for n := range strings.SplitSeq(names, " ") {
		if n == name {
			return true, true
		}
	}
	return false, true
}

// GoAPIV1Beta2Method reports whether the type typ of the v1beta2 package at
// path has the method name; ok is false for a package the table does not
// cover.
func GoAPIV1Beta2Method(path, typ, name string) (has, ok bool) {
	if _, ok := goAPIV1Beta2Names[path]; !ok {
		return false, false
	}
	return goAPIV1Beta2Fields[path+"."+typ+"."+name] == "()", true
}

// GoAPIV1Beta2Field is the field name of the struct type typ of the v1beta2
// package at path: its type's name when that is a struct of the same
// package (else ""), and whether the field is a pointer. ok is false when
// the type has no such field (or is not covered).
func GoAPIV1Beta2Field(path, typ, name string) (next string, pointer, ok bool) {
	f, ok := goAPIV1Beta2Fields[path+"."+typ+"."+name]
	if !ok || f == "()" {
		return "", false, false
	}
	next, pointer = strings.CutPrefix(f, "*")
	return next, pointer, true
}
