package use

import (
	"fmt"

	"k8s.io/utils/ptr"

	api "example.com/manual/api/v1beta2"
)

func lookup() (string, *string) { return "", nil }

func value() api.FooMachinePoolStatus { return api.FooMachinePoolStatus{} }

// manual holds uses the migration fixes leave to a person.
func manual(m *api.FooMachinePool, other *string) {
	p := &m.Spec.ProviderID           // want `MPA202 info: FooMachinePool spec.providerID: spec.providerID write of v1beta2.FooMachinePool .m.Spec.ProviderID. \(needs a person\)$`
	fmt.Println(m.Spec.ProviderID, p) // want `spec.providerID read .* \(needs a person\)$`
	if m.Spec.ProviderID == other {   // want `spec.providerID read .* \(needs a person\)$`
		return
	}
	var s string
	s, m.Spec.ProviderID = lookup() // want `spec.providerID write .* \(needs a person\)$`
	switch m.Spec.ProviderID {      // want `spec.providerID read .* \(needs a person\)$`
	case nil:
		s = "none"
	}
	q := &m.Status.FailureMessage                          // want `MPA201 info: FooMachinePool status.failureMessage: status.failureMessage write .* \(needs a person\)$`
	m.Status.FailureMessage += s                           // want `status.failureMessage write .* \(needs a person\)$`
	m.Status = api.FooMachinePoolStatus{FailureReason: *q} // want `status.failureReason write .* \(needs a person\)$`
	fmt.Println(value().FailureReason)                     // want `status.failureReason read .* \(needs a person\)$`
}

// fixable rewrites, adding the cmp import.
func fixable(m *api.FooMachinePool) string {
	m.Status.FailureMessage = "boom"                            // want `status.failureMessage write of v1beta2.FooMachinePool .m.Status.FailureMessage.$`
	return ptr.Deref(m.Spec.ProviderID, m.Status.FailureReason) // want `spec.providerID read .*[^)]$` `status.failureReason read .*[^)]$`
}
