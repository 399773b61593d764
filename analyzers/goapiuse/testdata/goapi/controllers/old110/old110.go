package old110

import clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"

// Judged for a v1.10 core (Settings.CAPIVersion), which has no v1beta2
// Go types: information.
func providerID(m *clusterv1.Machine) *string {
	return m.Spec.ProviderID // want `MPA701 info: Machine Spec.ProviderID: Machine.Spec.ProviderID is a string in v1beta2`
}
