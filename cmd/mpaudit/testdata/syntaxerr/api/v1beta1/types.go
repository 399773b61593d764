package v1beta1

// BrokenMachinePoolStatus is missing a closing brace.
type BrokenMachinePoolStatus struct {
	Ready bool `json:"ready"`
