package v1beta2

type ObjectMeta struct {
	Name string `json:"name,omitempty"`
}

type WidgetBoxStatus struct {
	Ready bool `json:"ready"` // want `MPA120 warning: WidgetBox status\.initialization\.provisioned: missing beside status\.ready: add it and set both \(no CRD or` Ready:"changed by MPA120"
}

// An InfraMachine only by the kinds override.
// +kubebuilder:object:root=true
type WidgetBox struct { // want `MPA133 error: WidgetBox metadata: WidgetBox does not embed metav1.TypeMeta and metav1.ObjectMeta` `MPA136 error: WidgetBox: this API version declares no WidgetBoxTemplate for WidgetBox`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{}        `json:"spec,omitempty"`
	Status     WidgetBoxStatus `json:"status,omitempty"`
}

type WidgetClusterStatus struct {
	Ready bool `json:"ready"`
}

// An InfraCluster by its name, no contract kind by the override.
// +kubebuilder:object:root=true
type WidgetCluster struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{}            `json:"spec,omitempty"`
	Status     WidgetClusterStatus `json:"status,omitempty"`
}
