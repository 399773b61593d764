package v1beta2

type DevControlPlaneSpec struct {
	Replicas *int32 `json:"replicas,omitempty"`
}

type DevControlPlaneStatus struct {
	Initialized bool   `json:"initialized"`
	Replicas    int32  `json:"replicas"`
	Selector    string `json:"selector,omitempty"`
}

// No CRD is generated yet: the markers stand for its labels and its scale
// subresource, which lacks the selector path.
// +kubebuilder:object:root=true
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta1=v1beta2"
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
type DevControlPlane struct {
	Spec   DevControlPlaneSpec   `json:"spec,omitempty"`
	Status DevControlPlaneStatus `json:"status,omitempty"`
}

// +kubebuilder:validation:MinProperties=1
type ScaleControlPlaneInitializationStatus struct {
	ControlPlaneInitialized *bool `json:"controlPlaneInitialized,omitempty"`
}

type ScaleControlPlaneStatus struct {
	Initialization ScaleControlPlaneInitializationStatus `json:"initialization,omitempty,omitzero"`
	Replicas       *int32                                `json:"replicas,omitempty"`
	Selector       string                                `json:"selector,omitempty"`
}

// The type has the scale marker, but its CRD was generated before it: the
// CRD is what is installed, so the CRD is judged.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
type ScaleControlPlane struct {
	Spec   DevControlPlaneSpec     `json:"spec,omitempty"`
	Status ScaleControlPlaneStatus `json:"status,omitempty"`
}
