// Package poolcrd defines the analyzer that checks the CRDs a provider ships
// for the storage types of every contract kind. InfraMachinePool CRDs get
// the pool rules (contract label, versions, name, scope); the CRDs of the
// other kinds (templates, InfraMachinePoolTemplate too) get contract.EvaluateKindCRD, the check live applies to the
// same CRD in a cluster: labels resolved as the target core resolves them,
// an API version under two labels, and the schema of the version core
// reads. Labels and schemas are read the way the provider's build produces
// them: config/crd is rendered with kustomize in process (see package
// crdconfig), and +kubebuilder:metadata:labels markers (and a ControlPlane's
// +kubebuilder:subresource:scale marker) are used when no CRD is found. The package keeps its name from when it checked pools only.
package poolcrd
