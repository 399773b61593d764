// want package:"reaches provider types"
// +groupName=infrastructure.example.com
package v1beta1

import "example.com/kinds/v1beta2"

type FooMachineStatus struct { // want FooMachineStatus:"InfraMachine example.com/kinds/v1beta1.FooMachine status"
	Ready bool `json:"ready"`
}

// A conversion spoke: v1beta2 is the storage version.
// +kubebuilder:object:root=true
type FooMachine struct { // want FooMachine:"InfraMachine example.com/kinds/v1beta1.FooMachine $"
	Status FooMachineStatus `json:"status,omitempty"`
}

// Uses the hub's status type: its fact comes from v1beta2.
var _ = v1beta2.FooMachineStatus{}
