package v1alpha1

// The spoke's conversion reads the core v1beta1 type its schema keeps:
// information, whatever the target.
func controlPlaneOf(m *FooMachine) bool {
	if m.Status.FailureDomain == nil {
		return false
	}
	_ = m.Status.FailureDomain.Attributes      // a map still: not reported
	return m.Status.FailureDomain.ControlPlane // want `MPA701 info: FailureDomainSpec ControlPlane: FailureDomainSpec.ControlPlane is a \*bool in v1beta2 \(bool → \*bool, nil for unset\); .*conversion spoke`
}
