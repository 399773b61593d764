// Package controllers writes readiness in the shapes real providers use.
// A function is judged by pairs of writes on the same pool object, whatever
// the values written.
package controllers

import (
	"errors"

	"k8s.io/utils/ptr"

	api "example.com/behaviour/api/v1beta2"
	"example.com/behaviour/scope"
)

type patchHelper struct{}

func (h *patchHelper) Patch(obj any) error { return nil }

// bothFalse is the correct dual write of a pool that is not provisioned
// (seen: MPA204 reported it at error).
func bothFalse(p *api.BarMachinePool) {
	p.Status.Ready = false                                                                        // want `MPA201 info`
	p.Status.Initialization = &api.BarMachinePoolInitializationStatus{Provisioned: ptr.To(false)} // want `MPA202 info`
}

func bothTrue(p *api.FooMachinePool) {
	p.Status.Ready = true                              // want `MPA201 info`
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
}

func readyOnly(p *api.FooMachinePool) error {
	p.Status.Ready = true // want `MPA201 info` `MPA203 warning: FooMachinePool status\.ready: readyOnly sets .p\.Status\.Ready. but not status\.initialization\.provisioned: set both`
	return nil
}

// resetOnly turns readiness off: provisioned is one-way, so it needs no
// companion.
func resetOnly(p *api.FooMachinePool) error {
	p.Status.Ready = false // want `MPA201 info`
	return nil
}

func provisionedOnlyThroughPointer(p *api.BarMachinePool) error {
	p.Status.Initialization = &api.BarMachinePoolInitializationStatus{Provisioned: ptr.To(true)} // want `MPA202 info` `MPA204 error: BarMachinePool status\.initialization\.provisioned: provisionedOnlyThroughPointer sets .BarMachinePoolInitializationStatus\{Provisioned: …\}. but not status\.ready,`
	return nil
}

func statusLiteral(p *api.FooMachinePool, ready bool) {
	p.Status = api.FooMachinePoolStatus{
		Ready:          ready,                                                              // want `MPA201 info`
		Initialization: api.FooMachinePoolInitializationStatus{Provisioned: ptr.To(ready)}, // want `MPA202 info`
	}
}

func statusLiteralBothFalse(p *api.FooMachinePool) {
	p.Status = api.FooMachinePoolStatus{
		Ready:          false,                                                              // want `MPA201 info`
		Initialization: api.FooMachinePoolInitializationStatus{Provisioned: ptr.To(false)}, // want `MPA202 info`
	}
}

// newPool builds the object with both fields in one literal.
func newPool() *api.FooMachinePool {
	return &api.FooMachinePool{Status: api.FooMachinePoolStatus{
		Ready:          true,                                                              // want `MPA201 info`
		Initialization: api.FooMachinePoolInitializationStatus{Provisioned: ptr.To(true)}, // want `MPA202 info`
	}}
}

// differentObjects writes one field of each pool: neither pool gets both.
func differentObjects(a, b *api.FooMachinePool) error {
	a.Status.Ready = true                              // want `MPA201 info` `MPA203 warning: FooMachinePool status.ready: differentObjects sets .a.Status.Ready.`
	b.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info` `MPA204 error: FooMachinePool status.initialization.provisioned: differentObjects sets .b.Status.Initialization.Provisioned.`
	return nil
}

// throughStatusPointer names the status through a local pointer.
func throughStatusPointer(p *api.FooMachinePool) error {
	st := &p.Status
	st.Ready = true                                    // want `MPA201 info`
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

func inLoop(pools []api.FooMachinePool) error {
	for i := range pools {
		p := &pools[i]
		p.Status.Ready = true                              // want `MPA201 info`
		p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	}
	return nil
}

// copyStatus copies the whole status, both fields with it.
func copyStatus(dst, src *api.FooMachinePool) {
	dst.Status = src.Status
}

// earlyReturn resets ready on the error path and sets both otherwise.
func earlyReturn(p *api.FooMachinePool, err error) error {
	if err != nil {
		p.Status.Ready = false // want `MPA201 info`
		return err
	}
	p.Status.Ready = true                              // want `MPA201 info`
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

// earlyReturnBetween pairs the writes although a return sits between them:
// writes pair within a function body, whatever the path.
func earlyReturnBetween(p *api.FooMachinePool, err error) error {
	p.Status.Ready = true // want `MPA201 info`
	if err != nil {
		return err
	}
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

// deferredClosure sets ready and lets the deferred patch derive provisioned.
func deferredClosure(p *api.FooMachinePool, h *patchHelper) (err error) {
	defer func() {
		p.Status.Initialization.Provisioned = ptr.To(p.Status.Ready) // want `MPA202 info` `MPA201 info: FooMachinePool status.ready: status.ready read`
		err = errors.Join(err, h.Patch(p))
	}()
	p.Status.Ready = true // want `MPA201 info`
	return nil
}

// patchPool mirrors ready into provisioned before patching: a write derived
// from the other field pairs with it.
func patchPool(p *api.FooMachinePool, h *patchHelper) error {
	if p.Status.Ready { // want `MPA201 info: FooMachinePool status.ready: status.ready read`
		p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	}
	return h.Patch(p)
}

func deferredPatch(p *api.FooMachinePool, h *patchHelper) error {
	defer patchPool(p, h)
	p.Status.Ready = true // want `MPA201 info`
	return nil
}

// setReady and setProvisioned are setters: judged where they are called.
func setReady(p *api.FooMachinePool) {
	p.Status.Ready = true // want `MPA201 info`
}

func setProvisioned(p *api.FooMachinePool) {
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
}

func localSetters(p *api.FooMachinePool) error {
	setReady(p)
	setProvisioned(p)
	return nil
}

func localReadySetterOnly(p *api.FooMachinePool) error {
	setReady(p) // want `MPA203 warning: FooMachinePool status\.ready: localReadySetterOnly sets .setReady\(p\). but not status\.initialization\.provisioned: set both \(needs a person\)`
	return nil
}

func scopeSetters(s *scope.MachinePoolScope) error {
	defer func() { _ = s.Close() }()
	s.SetReady()
	s.SetProvisioned()
	return nil
}

func scopeSetterAndField(s *scope.MachinePoolScope) error {
	s.SetReady()
	s.FooMachinePool.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

func scopeReadyOnly(s *scope.MachinePoolScope) error {
	s.SetReady() // want `MPA203 warning: FooMachinePool status\.ready: scopeReadyOnly sets .s\.SetReady\(\). but not status\.initialization\.provisioned: set both \(needs a person\)`
	return nil
}

func scopeProvisionedOnly(s *scope.MachinePoolScope) error {
	s.SetProvisioned() // want `MPA204 error: FooMachinePool status\.initialization\.provisioned: scopeProvisionedOnly sets .s\.SetProvisioned\(\). but not status\.ready,`
	return nil
}

func scopeNotReady(s *scope.MachinePoolScope) error {
	s.SetNotReady()
	return nil
}

func scopeMarkReady(s *scope.MachinePoolScope, ready bool) error {
	s.MarkReady(ready)
	return nil
}

// helperOnType pairs a field write with a setter declared in the API package.
func helperOnType(p *api.BarMachinePool) error {
	p.Status.Ready = true // want `MPA201 info`
	p.SetProvisioned(true)
	return nil
}

func helperOnTypeOnly(p *api.BarMachinePool) error {
	p.SetProvisioned(true) // want `MPA204 error: BarMachinePool status.initialization.provisioned: helperOnTypeOnly sets .p.SetProvisioned\(true\).`
	return nil
}

// reconcileNormal is not a setter (it returns a result): its lone write is
// reported where it is.
func reconcileNormal(s *scope.MachinePoolScope) (bool, error) {
	s.FooMachinePool.Status.Ready = true // want `MPA201 info` `MPA203 warning: FooMachinePool status.ready: reconcileNormal sets .s.FooMachinePool.Status.Ready.`
	return true, nil
}

// reconcile calls reconcileNormal, which was judged on its own.
func reconcile(s *scope.MachinePoolScope) error {
	_, err := reconcileNormal(s)
	return err
}

func closureSetter(p *api.FooMachinePool) error {
	mark := func() { p.Status.Ready = true } // want `MPA201 info`
	mark()
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

// uncalledSetter is called by nothing in its package: judged in place.
func uncalledSetter(p *api.FooMachinePool) {
	p.Status.Ready = true // want `MPA201 info` `MPA203 warning: FooMachinePool status.ready: uncalledSetter sets .p.Status.Ready.`
}

// setterAsValue is also used as a value, so not all its callers are known:
// judged in place, and its call below is not judged again.
func setterAsValue(p *api.FooMachinePool) {
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info` `MPA204 error: FooMachinePool status.initialization.provisioned: setterAsValue sets`
}

var phases = []func(*api.FooMachinePool){setterAsValue}

func runPhases(p *api.FooMachinePool) error {
	setterAsValue(p)
	for _, phase := range phases {
		phase(p)
	}
	return nil
}

// scopeByState is CAPZ's shape: the setters chosen by the cloud's state.
func scopeByState(s *scope.MachinePoolScope, state string) error {
	switch state {
	case "Succeeded":
		s.SetReady()
		s.SetProvisioned()
	case "Failed":
		s.SetNotReady()
	}
	return nil
}

func scopeByStateReadyOnly(s *scope.MachinePoolScope, state string) error {
	switch state {
	case "Failed":
		s.SetNotReady()
	case "Succeeded":
		s.SetReady() // want `MPA203 warning: FooMachinePool status.ready: scopeByStateReadyOnly sets .s.SetReady\(\).`
	}
	return nil
}

// deferredPatchBothBefore sets both fields before the deferred patch.
func deferredPatchBothBefore(p *api.FooMachinePool, h *patchHelper) (err error) {
	defer func() {
		if perr := h.Patch(p); perr != nil {
			err = perr
		}
	}()
	p.Status.Ready = true                              // want `MPA201 info`
	p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}

// deferredSetsProvisioned writes the other field in a deferred closure.
func deferredSetsProvisioned(p *api.FooMachinePool, h *patchHelper) error {
	defer func() {
		p.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
		_ = h.Patch(p)
	}()
	p.Status.Ready = true // want `MPA201 info`
	return nil
}

// deferredReadyOnly patches without ever setting provisioned.
func deferredReadyOnly(p *api.FooMachinePool, h *patchHelper) error {
	defer func() { _ = h.Patch(p) }()
	p.Status.Ready = true // want `MPA201 info` `MPA203 warning: FooMachinePool status.ready: deferredReadyOnly sets .p.Status.Ready.`
	return nil
}

// scopeFieldAlias names the scope's pool through a local, as Scaleway's
// reconcileNormal does, and writes the other field through the scope.
func scopeFieldAlias(s *scope.MachinePoolScope) error {
	pool := s.FooMachinePool
	pool.Status.Ready = true                                          // want `MPA201 info`
	s.FooMachinePool.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	return nil
}
