package v1beta2

// GadgetMachinePoolSpec is the spec.
type GadgetMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// GadgetMachinePoolStatus has no replicas (MPA109, reported on this type):
// a type's doc comment covers findings inside its declaration.
//
//mpaudit:ignore status-replicas the pool reports replicas through the scale subresource
type GadgetMachinePoolStatus struct {
	Ready          bool                                  `json:"ready"`
	Initialization GadgetMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
}

// GadgetMachinePoolInitializationStatus is the contract's shape.
// +kubebuilder:validation:MinProperties=1
type GadgetMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// GadgetMachinePool is unsuppressed otherwise: its CRD's missing label is reported.
// +kubebuilder:object:root=true
type GadgetMachinePool struct {
	Spec   GadgetMachinePoolSpec   `json:"spec,omitempty"`
	Status GadgetMachinePoolStatus `json:"status,omitempty"`
}
