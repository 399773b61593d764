// +groupName=infrastructure.example.com
package v1beta2

// FooMachinePool has both readiness fields (the dual shape).
type FooMachinePoolStatus struct {
	Ready          *bool                              `json:"ready,omitempty"`
	Initialization FooMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
}

type FooMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type FooMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachinePool struct {
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

// BarMachinePool is ready-only: the type fix adds its initialization.
type BarMachinePoolStatus struct {
	Ready bool `json:"ready"`
}

type BarMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// +kubebuilder:object:root=true
type BarMachinePool struct {
	Spec   BarMachinePoolSpec   `json:"spec,omitempty"`
	Status BarMachinePoolStatus `json:"status,omitempty"`
}

// BazMachinePool keeps its initialization behind a pointer.
type BazMachinePoolStatus struct {
	Ready          bool                                `json:"ready"`
	Initialization *BazMachinePoolInitializationStatus `json:"initialization,omitempty"`
}

type BazMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type BazMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// +kubebuilder:object:root=true
type BazMachinePool struct {
	Spec   BazMachinePoolSpec   `json:"spec,omitempty"`
	Status BazMachinePoolStatus `json:"status,omitempty"`
}
