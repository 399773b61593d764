// want package:"reaches provider types"

// Package apiobjects names no API group: its root types are contract
// kinds only when something says they are served.
package apiobjects

// Builder stands in for controller-runtime's scheme.Builder.
type Builder struct{}

// Register is scheme.Builder.Register.
func (*Builder) Register(objs ...any) {}

// SchemeBuilder registers the served types.
var SchemeBuilder = &Builder{}

func init() {
	SchemeBuilder.Register(&RegMachine{})
}

// +kubebuilder:object:root=true
// FakeMachine is a test double: a root marker alone, no spec, status,
// registration or CRD marker.
type FakeMachine struct{}

type RegMachineStatus struct { // want RegMachineStatus:"InfraMachine example.com/apiobjects.RegMachine status"
	Ready bool `json:"ready"`
}

// +kubebuilder:object:root=true
// RegMachine is registered with the scheme.
type RegMachine struct { // want RegMachine:"InfraMachine example.com/apiobjects.RegMachine $"
	Status RegMachineStatus `json:"status,omitempty"`
}

type MarkedMachineStatus struct { // want MarkedMachineStatus:"InfraMachine example.com/apiobjects.MarkedMachine status"
	Ready bool `json:"ready"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// MarkedMachine has a CRD marker.
type MarkedMachine struct { // want MarkedMachine:"InfraMachine example.com/apiobjects.MarkedMachine $"
	Status MarkedMachineStatus `json:"status,omitempty"`
}
