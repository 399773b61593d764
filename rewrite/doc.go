// Package rewrite migrates a provider module to the dual-field v1beta2
// InfraMachinePool shape. It applies the analyzers' suggested fixes (built
// from AST nodes, so `go fix -fixtool=mpaudit` applies the same edits), then
// the follow-ups a fix cannot do: regenerating zz_generated.deepcopy.go with
// controller-tools, adding the CRD contract label with kyaml, and adding a
// go.mod requirement for k8s.io/utils when the pointer helper is new.
//
// Everything happens in a staging copy of the module first. The copy must
// build and pass `go vet`; only then are the real files replaced, each
// atomically. A module whose rewrite does not compile is left untouched and
// the result says why.
package rewrite
