// Package scope holds setters on a scope type, as CAPZ's MachinePoolScope
// does: a setter's writes are judged where it is called.
package scope

import (
	"k8s.io/utils/ptr"

	api "example.com/behaviour/api/v1beta2"
)

type MachinePoolScope struct {
	FooMachinePool *api.FooMachinePool
}

// SetReady writes status.ready alone.
func (m *MachinePoolScope) SetReady() {
	m.FooMachinePool.Status.Ready = true // want `MPA201 info: FooMachinePool status.ready: status.ready write`
}

// SetNotReady resets status.ready alone.
func (m *MachinePoolScope) SetNotReady() {
	m.FooMachinePool.Status.Ready = false // want `MPA201 info: FooMachinePool status.ready: status.ready write`
}

// SetProvisioned writes status.initialization.provisioned alone.
func (m *MachinePoolScope) SetProvisioned() {
	m.FooMachinePool.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info: FooMachinePool status.initialization.provisioned: status.initialization.provisioned write`
}

// MarkReady writes both.
func (m *MachinePoolScope) MarkReady(ready bool) {
	m.FooMachinePool.Status.Ready = ready // want `MPA201 info`
	if ready {
		m.FooMachinePool.Status.Initialization.Provisioned = ptr.To(true) // want `MPA202 info`
	}
}

// Close patches the pool.
func (m *MachinePoolScope) Close() error { return nil }
