// Package poolcrd defines the analyzer that checks the CRDs a provider ships
// for its InfraMachinePool storage types: the contract label, the versions
// it names, the CRD name and the scope. Labels are read the way the
// provider's build produces them: config/crd is rendered with kustomize in
// process (see package crdconfig), and +kubebuilder:metadata:labels markers
// are used when no CRD is found.
package poolcrd
