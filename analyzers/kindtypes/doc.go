// Package kindtypes defines the type pass for the label-driven kinds
// (InfraCluster, InfraMachine, ControlPlane, BootstrapConfig), generic over
// the contract catalog: each type kindfinder classifies is compared with its
// kind's points for the contract core reads it under.
//
// That contract comes from the CRD's labels (config/crd, else the type's
// +kubebuilder:metadata:labels markers), resolved for the target core as
// core resolves them (contract.ResolveContractAt). The API version core
// reads is judged under that label at full severity; a storage version core
// does not read (a hub behind a label naming a spoke) and a type without a
// known label are judged against v1beta2, the contract of the next label
// flip, at most at warning; other spokes are informational.
package kindtypes
