// want package:"reaches provider types"
// +groupName=infrastructure.example.com
package v1beta2

type FooMachinePoolSpec struct { // want FooMachinePoolSpec:`example.com/facts/v1beta2.FooMachinePool spec$`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

type FooMachinePoolStatus struct { // want FooMachinePoolStatus:`example.com/facts/v1beta2.FooMachinePool status$`
	Ready          bool                               `json:"ready"`
	Initialization FooMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Deprecated     *FooMachinePoolDeprecatedStatus    `json:"deprecated,omitempty"`
	Instances      []FooMachinePoolInstance           `json:"instances,omitempty"`
}

type FooMachinePoolInitializationStatus struct { // want FooMachinePoolInitializationStatus:`FooMachinePool status.initialization$`
	Provisioned *bool `json:"provisioned,omitempty"`
}

type FooMachinePoolDeprecatedStatus struct { // want FooMachinePoolDeprecatedStatus:`FooMachinePool status.deprecated$`
	V1Beta1 *FooMachinePoolV1Beta1DeprecatedStatus `json:"v1beta1,omitempty"`
}

type FooMachinePoolV1Beta1DeprecatedStatus struct { // want FooMachinePoolV1Beta1DeprecatedStatus:`FooMachinePool status.deprecated.v1beta1$`
	FailureMessage *string `json:"failureMessage,omitempty"`
}

type FooMachinePoolInstance struct { // want FooMachinePoolInstance:`FooMachinePool status.instances$`
	ProviderID string `json:"providerID,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion

// FooMachinePool is separated from its markers by a blank line, as controller-gen allows.
type FooMachinePool struct { // want FooMachinePool:`^InfraMachinePool example.com/facts/v1beta2.FooMachinePool $`
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachinePoolTemplate struct { // want FooMachinePoolTemplate:`^InfraMachinePoolTemplate example.com/facts/v1beta2.FooMachinePoolTemplate $`
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachinePoolMachine struct { // want FooMachinePoolMachine:`^InfraMachine example.com/facts/v1beta2.FooMachinePoolMachine $`
	Spec   struct{} `json:"spec,omitempty"`
	Status struct{} `json:"status,omitempty"`
}
