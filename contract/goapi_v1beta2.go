package contract

import "strings"

// The v1beta2 half the move of a file to the v1beta2 Go API needs (the
// fix of the Go API passes, analyzers/internal/goapifix): which names each
// v1beta2 package declares, and which fields of its struct types are
// pointers, so that a fix names only what exists and moves no read below
// a pointer that may be nil. It is written from the pinned Cluster API by
// TestGoAPIV1Beta2 (go test ./contract -run TestGoAPIV1Beta2 -update-v1beta2),
// which fails when it is stale. Cluster API added names after v1.11 (a
// field, a type, IsDefined on kubeadm's APIEndpoint): goapi_v1beta2_since.go
// has the release of each, so that a fix for code built against an older
// release does not name them.

// GoAPIV1Beta2Has reports whether the v1beta2 package at path declares
// the exported name in release in ("" the pinned one); ok is false for a
// package the table does not cover.
func GoAPIV1Beta2Has(path, name string, in Release) (has, ok bool) {
	names, ok := goAPIV1Beta2Names[path]
	if !ok {
		return false, false
	}
	for n := range strings.SplitSeq(names, " ") {
		if n == name {
			return inRelease(path+"."+name, in), true
		}
	}
	return false, true
}

// GoAPIV1Beta2Method reports whether the type typ of the v1beta2 package at
// path has the method name in release in ("" the pinned one); ok is false
// for a package the table does not cover.
func GoAPIV1Beta2Method(path, typ, name string, in Release) (has, ok bool) {
	if _, ok := goAPIV1Beta2Names[path]; !ok {
		return false, false
	}
	key := path + "." + typ + "." + name
	return goAPIV1Beta2Fields[key] == "()" && inRelease(key, in), true
}

// GoAPIV1Beta2Field is the field name of the struct type typ of the v1beta2
// package at path, in release in ("" the pinned one): its type's name when
// that is a struct of the same package (else ""), and whether the field is
// a pointer. ok is false when the type has no such field there (or is not
// covered).
func GoAPIV1Beta2Field(path, typ, name string, in Release) (next string, pointer, ok bool) {
	key := path + "." + typ + "." + name
	f, ok := goAPIV1Beta2Fields[key]
	if !ok || f == "()" || !inRelease(key, in) {
		return "", false, false
	}
	next, pointer = strings.CutPrefix(f, "*")
	return next, pointer, true
}

// GoAPIV1Beta2Since is the first Cluster API release that declares symbol
// ("path.Name", or "path.Type.Member" for a field or method) of a v1beta2
// API package or of a package a successor of the symbol map names:
// GoAPIIntroduced for what v1.11 has, else the release that added it.
func GoAPIV1Beta2Since(symbol string) Release {
	if r, ok := goAPIV1Beta2Since[symbol]; ok {
		return r
	}
	return GoAPIIntroduced
}

// GoAPIV1Beta2Later is the release that added symbol (GoAPIV1Beta2Since)
// when that is after in, "" when in has it (or in is "").
func GoAPIV1Beta2Later(symbol string, in Release) Release {
	if since := GoAPIV1Beta2Since(symbol); in != "" && in.Less(since) {
		return since
	}
	return ""
}

func inRelease(symbol string, in Release) bool { return GoAPIV1Beta2Later(symbol, in) == "" }
