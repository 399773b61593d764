package controllers

import (
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
	p.Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning: ScwMachinePool status.ready: forgetProvisioned sets .p.Status.Ready. but never status.initialization.provisioned`
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
