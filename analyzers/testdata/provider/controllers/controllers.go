package controllers

import (
	"k8s.io/utils/pointer"
	"k8s.io/utils/ptr"

	capd "example.com/provider/apis/capdlike/v1beta2"
	dualv1 "example.com/provider/apis/dual/v1alpha2"
	managedv1 "example.com/provider/apis/managed/v1alpha1"
	devv1 "example.com/provider/apis/provisionedonly/v1beta2"
)

// reconcileDocker writes status.ready on a ready-only type: fine on a core
// that reads status.ready, listed as a deprecated-field use.
func reconcileDocker(dockerMachinePool *capd.DockerMachinePool) {
	if dockerMachinePool.Spec.ProviderID == "" { // want `MPA202 info: DockerMachinePool spec.providerID: spec.providerID read of v1beta2.DockerMachinePool`
		dockerMachinePool.Spec.ProviderID = "docker:////pool" // want `MPA202 info: DockerMachinePool spec.providerID: spec.providerID write`
	}
	dockerMachinePool.Status.Ready = true // want `MPA201 info: DockerMachinePool status.ready: status.ready write of v1beta2.DockerMachinePool .dockerMachinePool.Status.Ready.$`
}

// scope hides the pool behind another name and a status variable.
type scope struct {
	Pool *capd.DockerMachinePool
}

func (s *scope) isReady() bool {
	st := &s.Pool.Status
	return st.Ready // want `MPA201 info: DockerMachinePool status.ready: status.ready read`
}

// reconcileDual sets both fields: the recommended transition.
func reconcileDual(p *dualv1.ScwMachinePool) {
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info: ScwMachinePool status.initialization.provisioned: status.initialization.provisioned write`
	p.Status.Ready = ptr.To(true)                      // want `MPA201 info: ScwMachinePool status.ready: status.ready write`
}

// forgetProvisioned only writes ready on a type that has initialization.
func forgetProvisioned(p *dualv1.ScwMachinePool) {
	p.Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning: ScwMachinePool status.ready: forgetProvisioned sets .p.Status.Ready. but not status.initialization.provisioned: set both`
}

// resetReady turns readiness off; that needs no companion write.
func resetReady(p *dualv1.ScwMachinePool) {
	p.Status.Ready = nil // want `MPA201 info`
}

// forgetReady only writes provisioned on a type that still has ready, which
// is all a released core reads.
func forgetReady(pool *dualv1.ScwMachinePool) {
	pool.Status = dualv1.ScwMachinePoolStatus{
		Initialization: dualv1.ScwMachinePoolInitializationStatus{Provisioned: ptr.To(true)}, // want `MPA202 info: ScwMachinePool status.initialization.provisioned: status.initialization.provisioned write` `MPA204 error: ScwMachinePool status.initialization.provisioned: forgetReady sets`
	}
}

// provisionedOnly writes the only readiness field its type has; the type
// rule (MPA102) reports the problem once, on the type.
func provisionedOnly(pool *devv1.DevMachinePool) {
	pool.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
}

// failures reads the deprecated failure fields of a managed pool.
func failures(m *managedv1.FooManagedMachinePool) string {
	if m.Status.FailureReason != nil { // want `MPA201 info: FooManagedMachinePool status.failureReason: status.failureReason read`
		return *m.Status.FailureMessage // want `MPA201 info: FooManagedMachinePool status.failureMessage: status.failureMessage read`
	}
	m.Status.FailureMessages = nil         // look-alike: not reported
	id := ptr.Deref(m.Spec.ProviderID, "") // want `MPA202 info: FooManagedMachinePool spec.providerID: spec.providerID read`
	return id
}

// providerIDs uses a *string spec.providerID in the shapes the MPA107
// use-site fix rewrites for the string field the type fix declares.
func providerIDs(m, other *managedv1.FooManagedMachinePool, name string, found *string) *string {
	if m.Spec.ProviderID == nil { // want `MPA202 info: FooManagedMachinePool spec.providerID: spec.providerID read of v1alpha1.FooManagedMachinePool .m.Spec.ProviderID.$`
		m.Spec.ProviderID = ptr.To("foo:///" + name) // want `MPA202 info: FooManagedMachinePool spec.providerID: spec.providerID write`
	}
	if nil != m.Spec.ProviderID && *m.Spec.ProviderID != "" { // want `MPA202 info` `MPA202 info`
		id := *m.Spec.ProviderID               // want `MPA202 info`
		m.Spec.ProviderID = &id                // want `MPA202 info`
		m.Spec.ProviderID = nil                // want `MPA202 info`
		m.Spec.ProviderID = found              // want `MPA202 info`
		*m.Spec.ProviderID = "x"               // want `MPA202 info`
		m.Spec.ProviderID = pointer.String(id) // want `MPA202 info`
	}
	other.Spec.ProviderID = m.Spec.ProviderID // want `MPA202 info` `MPA202 info`
	record(m.Spec.ProviderID)                 // want `MPA202 info`
	var saved *string = m.Spec.ProviderID     // want `MPA202 info`
	kept := m.Spec.ProviderID                 // want `MPA202 info`
	record(saved, kept)
	fallback := ptr.Deref(m.Spec.ProviderID, "unknown")     // want `MPA202 info`
	plain := pointer.StringDeref(other.Spec.ProviderID, "") // want `MPA202 info`
	other.Spec = managedv1.FooManagedMachinePoolSpec{
		ProviderID:     ptr.To(fallback + plain), // want `MPA202 info: FooManagedMachinePool spec.providerID: spec.providerID write of v1alpha1.FooManagedMachinePool .FooManagedMachinePoolSpec{ProviderID: …}.$`
		ProviderIDList: []string{plain},
	}
	copied := managedv1.FooManagedMachinePoolSpec{ProviderID: m.Spec.ProviderID} // want `MPA202 info` `MPA202 info`
	record(copied.ProviderID)                                                    // want `MPA202 info`
	return m.Spec.ProviderID                                                     // want `MPA202 info`
}

// record takes a *string, as many cloud SDK calls do.
func record(id *string, more ...*string) {}

// setFailure writes the deprecated failure fields through a status pointer
// and a copy; the MPA105/MPA106 use-site fix calls the accessors instead.
func setFailure(m *managedv1.FooManagedMachinePool, reason managedv1.MachinePoolStatusFailure, msg string) bool {
	st := &m.Status
	st.FailureReason = &reason            // want `MPA201 info: FooManagedMachinePool status.failureReason: status.failureReason write`
	m.Status.FailureMessage = nil         // want `MPA201 info: FooManagedMachinePool status.failureMessage: status.failureMessage write`
	m.Status.FailureMessage = ptr.To(msg) // want `MPA201 info`
	status := m.Status
	return status.FailureMessage != nil && *st.FailureMessage == msg // want `MPA201 info` `MPA201 info`
}
