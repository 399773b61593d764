// want package:"reaches provider types"
// +groupName=infrastructure.example.com
package v1beta2

type FooMachineSpec struct { // want FooMachineSpec:"InfraMachine example.com/kinds/v1beta2.FooMachine spec"
	ProviderID string `json:"providerID,omitempty"`
}

type FooMachineStatus struct { // want FooMachineStatus:"InfraMachine example.com/kinds/v1beta2.FooMachine status"
	Initialization FooMachineInitializationStatus `json:"initialization,omitempty,omitzero"`
}

type FooMachineInitializationStatus struct { // want FooMachineInitializationStatus:"InfraMachine example.com/kinds/v1beta2.FooMachine status.initialization"
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type FooMachine struct { // want FooMachine:"InfraMachine example.com/kinds/v1beta2.FooMachine $"
	Spec   FooMachineSpec   `json:"spec,omitempty"`
	Status FooMachineStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachineList struct {
	Items []FooMachine `json:"items"`
}

// +kubebuilder:object:root=true
type FooMachineTemplate struct { // want FooMachineTemplate:"InfraMachineTemplate example.com/kinds/v1beta2.FooMachineTemplate $"
	Spec struct{} `json:"spec"`
}

// Per-replica machine of a pool: an InfraMachine.
// +kubebuilder:object:root=true
type FooMachinePoolMachine struct { // want FooMachinePoolMachine:"InfraMachine example.com/kinds/v1beta2.FooMachinePoolMachine $"
	Spec FooMachineSpec `json:"spec,omitempty"`
}

// A pool without a status: nothing core could read, so no fact.
// +kubebuilder:object:root=true
type FooMachinePool struct {
	Spec struct{} `json:"spec,omitempty"`
}

// Not a root type.
type FooCluster struct {
	Spec struct{} `json:"spec,omitempty"`
}

// Named like no kind; has no providerID: not a kind.
// +kubebuilder:object:root=true
type FooWidget struct {
	Spec struct{} `json:"spec,omitempty"`
}

// Named like no kind but has spec.providerID: an InfraMachine by structure.
// +kubebuilder:object:root=true
type FooInstance struct { // want FooInstance:"InfraMachine example.com/kinds/v1beta2.FooInstance $"
	Spec FooInstanceSpec `json:"spec,omitempty"`
}

type FooInstanceSpec struct { // want FooInstanceSpec:"InfraMachine example.com/kinds/v1beta2.FooInstance spec"
	ProviderID string `json:"providerID,omitempty"`
}
