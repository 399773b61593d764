// Package rewrite migrates a provider module to the v1beta2 contract for
// every kind it ships, keeping the v1beta1 fields beside the new ones. It
// applies the analyzers' suggested fixes (built from AST nodes, so `go fix
// -fixtool=mpaudit` applies the same edits) for every kind: the types and
// their use sites, shape changes and failure moves included. The use sites
// reach past the patterns: the module's importers of the named packages
// are analysed for the use-site fixes only (usesites.go). The
// configuration check applies (.mpaudit.yaml) filters the fixes as it
// filters check's findings. kinds.go only
// names what those fixes leave to a person. Then come the follow-ups a fix
// cannot do: regenerating zz_generated.deepcopy.go with controller-tools and
// conversions with conversion-gen, regenerating the CRD schema parts the type
// changes touch where the committed CRD reproduces (crds.go, internal/crdgen)
// and completing a stale CRD that only lacks fields of its types, adding CRD
// contract labels with kyaml in a safe order (order.go: a label-driven
// kind's label changes only when the audit under the new label finds
// nothing core would miss), proposing (never editing: released series keep
// their contract) clusterctl's next metadata.yaml series, and adding a go.mod requirement for
// k8s.io/utils when the pointer helper is new.
//
// Everything happens in a staging copy of the module first, one attempt a
// pipeline of phases over one change set (attempt.go, changeset.go). The
// copy must build and pass `go vet`, and the provider's tests of the
// changed packages that pass on the original tree must pass on it
// (gotest.go); only then are the real files replaced, each atomically. A
// failure withholds the units it is in, one type's migration each
// (units.go), and the rest is rewritten again in a fresh copy; when nothing
// is left, the module is left untouched and the result says why.
package rewrite
