// Package e2e is an end-to-end suite in a module of its own that uses the
// provider's API types through replace example.com/crds => ../.
package e2e

import (
	"k8s.io/utils/ptr"

	infrav1 "example.com/crds/api/v1beta1"
)

// NewMachine is a machine as the suite creates it.
func NewMachine(id string) *infrav1.FooMachine {
	return &infrav1.FooMachine{Spec: infrav1.FooMachineSpec{ProviderID: ptr.To(id), Image: "img"}}
}

// ProviderID reads a machine's ID.
func ProviderID(m *infrav1.FooMachine) string {
	if m.Spec.ProviderID == nil {
		return ""
	}
	return *m.Spec.ProviderID
}

// Provisioned reports whether the machine is ready.
func Provisioned(m *infrav1.FooMachine) bool {
	return m.Status.Ready
}
