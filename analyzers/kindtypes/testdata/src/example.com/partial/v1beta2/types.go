// +groupName=infrastructure.example.com
package v1beta2

// PartialMachinePoolSpec has a string providerID: nothing to fix.
type PartialMachinePoolSpec struct {
	ProviderID     string   `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// PartialMachinePoolStatus has a value-typed deprecated group without
// v1beta1, and only failureMessage.
type PartialMachinePoolStatus struct {
	Ready          bool                                   `json:"ready"` // want `MPA103 info`
	Initialization PartialMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                                  `json:"replicas"`
	FailureMessage *string                                `json:"failureMessage,omitempty"` // want `MPA106 error` FailureMessage:"changed by MPA105"
	Deprecated     PartialMachinePoolDeprecatedStatus     `json:"deprecated,omitzero"`
}

// PartialMachinePoolInitializationStatus is the contract's shape.
// +kubebuilder:validation:MinProperties=1
type PartialMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// PartialMachinePoolDeprecatedStatus groups deprecated fields.
type PartialMachinePoolDeprecatedStatus struct {
	Note string `json:"note,omitempty"`
}

// PartialMachinePool is the only version, so the storage version.
// +kubebuilder:object:root=true
type PartialMachinePool struct { // want `MPA133 error: PartialMachinePool metadata: PartialMachinePool does not embed metav1.TypeMeta and metav1.ObjectMeta`
	Spec   PartialMachinePoolSpec   `json:"spec,omitempty"`
	Status PartialMachinePoolStatus `json:"status,omitempty"`
}
