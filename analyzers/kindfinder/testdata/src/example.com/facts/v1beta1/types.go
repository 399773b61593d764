// want package:"reaches provider types"
// +groupName=infrastructure.example.com
package v1beta1

type FooMachinePoolSpec struct { // want FooMachinePoolSpec:`example.com/facts/v1beta1.FooMachinePool spec$`
}

type FooMachinePoolStatus struct { // want FooMachinePoolStatus:`example.com/facts/v1beta1.FooMachinePool status$`
	Ready bool `json:"ready"`
}

// FooMachinePool is a spoke: the storage version is v1beta2.
// +kubebuilder:object:root=true
type FooMachinePool struct { // want FooMachinePool:`^InfraMachinePool example.com/facts/v1beta1.FooMachinePool $`
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}
