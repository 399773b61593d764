// +groupName=infrastructure.example.com
package v1beta2

type FooMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// FooMachinePoolStatus has the contract's value initialization.
type FooMachinePoolStatus struct {
	Ready          bool                               `json:"ready"`
	Initialization FooMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                              `json:"replicas"`
}

type FooMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachinePool struct {
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

type BarMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// BarMachinePoolStatus keeps its initialization behind a pointer.
type BarMachinePoolStatus struct {
	Ready          bool                                `json:"ready"`
	Initialization *BarMachinePoolInitializationStatus `json:"initialization,omitempty"`
	Replicas       int32                               `json:"replicas"`
}

type BarMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
type BarMachinePool struct {
	Spec   BarMachinePoolSpec   `json:"spec,omitempty"`
	Status BarMachinePoolStatus `json:"status,omitempty"`
}

// SetProvisioned is a setter next to the type: API packages are not use
// sites, but their callers see what it writes.
func (p *BarMachinePool) SetProvisioned(v bool) {
	p.Status.Initialization = &BarMachinePoolInitializationStatus{Provisioned: &v}
}
