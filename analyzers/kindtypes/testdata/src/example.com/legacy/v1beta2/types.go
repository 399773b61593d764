// +groupName=infrastructure.example.com
package v1beta2

// LegacyMachinePoolSpec has a *string providerID without omitempty.
type LegacyMachinePoolSpec struct {
	// providerID is the cloud's ID of the pool.
	ProviderID     *string  `json:"providerID"` // want `MPA107 info: LegacyMachinePool spec.providerID: spec.providerID is \*string` ProviderID:"changed by MPA107"
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// LegacyMachinePoolStatus already has the deprecated groups (for
// conditions) and still has top-level failure fields.
type LegacyMachinePoolStatus struct {
	Ready          bool                                  `json:"ready"` // want `MPA103 info`
	Initialization LegacyMachinePoolInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       int32                                 `json:"replicas"`

	// failureReason explains a terminal problem.
	// +optional
	FailureReason string `json:"failureReason,omitempty"` // want `MPA105 error: LegacyMachinePool status\.failureReason: top-level status\.failureReason is no` FailureReason:"changed by MPA105"

	// failureMessage explains a terminal problem.
	// +optional
	FailureMessage string `json:"failureMessage,omitempty"` // want `MPA106 error` FailureMessage:"changed by MPA105"

	Deprecated *LegacyMachinePoolDeprecatedStatus `json:"deprecated,omitempty"`
}

// LegacyMachinePoolInitializationStatus is the contract's shape.
// +kubebuilder:validation:MinProperties=1
type LegacyMachinePoolInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

// LegacyMachinePoolDeprecatedStatus groups deprecated fields.
type LegacyMachinePoolDeprecatedStatus struct {
	V1Beta1 *LegacyMachinePoolV1Beta1DeprecatedStatus `json:"v1beta1,omitempty"`
}

// LegacyMachinePoolV1Beta1DeprecatedStatus holds v1beta1 leftovers.
type LegacyMachinePoolV1Beta1DeprecatedStatus struct {
	Conditions []string `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true

// LegacyMachinePool is the only version, so the storage version.
type LegacyMachinePool struct { // want `MPA133 error: LegacyMachinePool metadata: LegacyMachinePool does not embed metav1.TypeMeta and metav1.ObjectMeta`
	Spec   LegacyMachinePoolSpec   `json:"spec,omitempty"`
	Status LegacyMachinePoolStatus `json:"status,omitempty"`
}
