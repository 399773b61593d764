// +groupName=infrastructure.example.com
package v1beta2

type FooMachinePoolSpec struct {
	ProviderID     *string  `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

type FooMachinePoolStatus struct {
	Ready          bool   `json:"ready"`
	FailureReason  string `json:"failureReason,omitempty"`
	FailureMessage string `json:"failureMessage,omitempty"`
}

// +kubebuilder:object:root=true
type FooMachinePool struct {
	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}
