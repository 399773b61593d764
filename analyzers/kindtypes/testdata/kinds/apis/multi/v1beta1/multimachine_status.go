package v1beta1

// MultiMachineStatus is the observed state.
type MultiMachineStatus struct {
	// ready is true when the machine is provisioned.
	// +optional
	Ready bool `json:"ready"` // want `MPA120 warning: MultiMachine status.initialization.provisioned` Ready:"changed by MPA120"

	// failureReason is a terminal problem, for machines.
	// +optional
	FailureReason *string `json:"failureReason,omitempty"` // want `MPA125 warning: MultiMachine status.failureReason` FailureReason:"changed by MPA125"

	// failureMessage is a terminal problem, for humans.
	// +optional
	FailureMessage *string `json:"failureMessage,omitempty"` // want `MPA125 warning: MultiMachine status.failureMessage` FailureMessage:"changed by MPA125"
}
