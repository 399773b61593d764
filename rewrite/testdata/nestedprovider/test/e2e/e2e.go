// Package e2e uses the API types from a module of its own, as end-to-end
// suites often do.
package e2e

import infrav1 "example.com/crds/api/v1beta1"

// ProviderID reads a machine's ID.
func ProviderID(m *infrav1.FooMachine) string {
	if m.Spec.ProviderID == nil {
		return ""
	}
	return *m.Spec.ProviderID
}
