package v1beta2

// WidgetMachinePoolSpec is the spec.
type WidgetMachinePoolSpec struct {
	// A field's doc comment covers the field (MPA107), by rule name.
	//mpaudit:ignore providerid-not-string the cloud API returns nil for pools it does not manage
	// ProviderID is the cloud's ID of the pool.
	ProviderID *string `json:"providerID,omitempty"`

	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// WidgetMachinePoolStatus is the status.
type WidgetMachinePoolStatus struct {
	// want +1 "MPA902 warning: //mpaudit:ignore: MPA101 suppresses no finding here; remove it"
	Ready bool `json:"ready"` //mpaudit:ignore MPA101,MPA103 released cores read only status.ready

	//mpaudit:ignore MPA105 kept for v1beta1 clients until v1beta3
	FailureReason *string `json:"failureReason,omitempty"`

	// want +1 "MPA901 error: //mpaudit:ignore: MPA106 gives no reason"
	//mpaudit:ignore MPA106
	FailureMessage *string `json:"failureMessage,omitempty"`

	// want +1 "MPA902 warning: //mpaudit:ignore: MPA109 suppresses no finding"
	//mpaudit:ignore MPA109 replicas are fine, so this is unused
	Replicas int32 `json:"replicas"`

	// want +1 `MPA902 warning: //mpaudit:ignore: "MPA999" is not a rule`
	//mpaudit:ignore MPA999 a misspelt rule

	Initialization WidgetMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
}

// WidgetMachinePoolInitializationStatus is the contract's shape.
// +kubebuilder:validation:MinProperties=1
type WidgetMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// WidgetMachinePool's CRD has no contract label (MPA301, positioned in
// config/crd): the type's doc comment covers findings about the type.
//
// +kubebuilder:object:root=true
//
//mpaudit:ignore MPA301 the release pipeline labels the CRD
type WidgetMachinePool struct {
	Spec   WidgetMachinePoolSpec   `json:"spec,omitempty"`
	Status WidgetMachinePoolStatus `json:"status,omitempty"`
}
