// A copy of apis/widget for the disable: [MPA101] test: the MPA101
// expectation is gone, the others stay.

package v1beta2

// WidgetMachinePoolSpec is the spec.
type WidgetMachinePoolSpec struct {
	ProviderID     *string  `json:"providerID,omitempty"` // want ProviderID:"changed by MPA107"
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// WidgetMachinePoolStatus still follows the v1beta1 contract.
type WidgetMachinePoolStatus struct {
	Ready         bool    `json:"ready"` // want Ready:"changed by MPA101"
	Replicas      int32   `json:"replicas"`
	FailureReason *string `json:"failureReason,omitempty"` // want `MPA105 error: WidgetMachinePool status.failureReason: top-level status.failureReason` FailureReason:"changed by MPA105"
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta2=v1beta2"

// WidgetMachinePool is an InfraMachinePool.
type WidgetMachinePool struct { // want `MPA133 error: WidgetMachinePool metadata: WidgetMachinePool does not embed metav1.TypeMeta and metav1.ObjectMeta`
	Spec   WidgetMachinePoolSpec   `json:"spec,omitempty"`
	Status WidgetMachinePoolStatus `json:"status,omitempty"`
}
