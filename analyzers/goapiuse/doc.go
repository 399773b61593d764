// Package goapiuse defines the use-site pass for the fields of Cluster
// API's own v1beta1 Go types: the half of a provider's migration that is
// its code on Cluster API's Go API, not its own types.
//
// It reports (MPA701) each read or write of a field of a type of Cluster
// API's v1beta1 packages (api/core, api/bootstrap/kubeadm,
// api/controlplane/kubeadm and api/ipam v1beta1, and the paths the same
// types had before v1.11) whose v1beta2 successor is not the same field of
// the same shape, as contract.GoAPIFields says from Cluster API's own
// conversion functions, with the successor in the message. A selector
// chain (m.Spec.Template.Spec.ProviderID) is resolved from the first value
// in it whose struct type the map places (contract.GoAPIStructs) and
// reported once, at its last selector. A chain that selects a struct, list
// or map (a value used whole: passed, copied, compared with nil) is one
// finding when any field below it changes, naming the value's v1beta2
// type and path (contract.GoAPIValueType) and how many of its fields
// change, by class, with the first few; a leaf is reported only where the
// code selects it. A composite literal of a mapped struct reports each
// field it sets, at its key. A field the reference type that replaces
// corev1.ObjectReference keeps with the same Go type at the same path
// (Name, Kind) compiles unchanged when selected: not reported. Fields
// reached through embedding, aliases, defined types and helper results
// resolve to the struct that declares them.
//
// Severity follows the target core (contract.RuleGoAPIField): information
// before v1.11, a warning while v1beta1 and v1beta2 are both shipped, an
// error from the release that removes v1beta1. In a provider's older API
// version (a conversion spoke, as kindfinder marks its types) the uses are
// the conversion's, by design: information.
//
// Packages that reach no Cluster API v1beta1 package through their
// imports are skipped before any syntax is read; test files and generated
// files are skipped.
package goapiuse
