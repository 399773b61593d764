package v1beta2

// GadgetMachinePoolSpec is the spec.
type GadgetMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// GadgetMachinePoolStatus has both readiness fields (the transition shape):
// only an info finding (MPA103), below the default threshold.
type GadgetMachinePoolStatus struct {
	Ready          *bool                                 `json:"ready,omitempty"`
	Initialization GadgetMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                                 `json:"replicas"`
}

// GadgetMachinePoolInitializationStatus follows the contract.
// +kubebuilder:validation:MinProperties=1
type GadgetMachinePoolInitializationStatus struct {
	// +optional
	Provisioned *bool `json:"provisioned,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta1=v1beta2"

// GadgetMachinePool is an InfraMachinePool whose CRD label (from the marker
// above, as controller-gen writes it) names only the v1beta1 contract.
type GadgetMachinePool struct { // want `MPA302 warning: GadgetMachinePool metadata\.labels\[cluster\.x-k8s\.io/v1beta2\]: only the v1beta1 label, dropped in v1\.16: add it`
	Spec   GadgetMachinePoolSpec   `json:"spec,omitempty"`
	Status GadgetMachinePoolStatus `json:"status,omitempty"`
}
