package v1alpha1

// The spoke's conversion reads the core v1beta1 type its schema keeps:
// information, whatever the target.
func controlPlaneOf(m *FooMachine) bool {
	if m.Status.FailureDomain == nil {
		return false
	}
	return m.Status.FailureDomain.ControlPlane // want `MPA701 info: FailureDomainSpec ControlPlane: .*conversion spoke`
}
