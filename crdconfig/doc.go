// Package crdconfig reads the CustomResourceDefinitions a provider ships
// under config/crd, with the labels, names and versions its build emits.
//
// Cluster API resolves a provider's contract from CRD labels, and providers
// set those labels in several ways: kustomize labels or commonLabels,
// strategic-merge or JSON6902 patches, or metadata.labels that
// controller-gen writes from +kubebuilder:metadata:labels markers. Only the
// rendered output says which of these survive and in what order they win,
// so Load runs kustomize (krusty, in process) on the directory and reads the
// CRDs it emits.
//
// When rendering fails, typically because a resource file is missing or a
// patch does not apply, Load falls back to a small reader that follows
// resources, labels, commonLabels and label-setting patches in the order
// kustomize applies them. The Result then has Rendered=false and
// RenderError set, so callers can say the labels are a best guess. A
// directory with no kustomization (just bases/) is read the same way.
package crdconfig
