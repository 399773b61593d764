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
// reported once, at its last selector; a chain that selects a struct, list
// or map is reported when any field below it changes. Fields reached
// through embedding resolve to the struct that declares them.
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
