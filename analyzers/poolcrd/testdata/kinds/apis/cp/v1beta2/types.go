package v1beta2

type DevControlPlaneStatus struct {
	Initialized bool `json:"initialized"`
}

// No CRD is generated yet: the markers stand for its labels.
// +kubebuilder:object:root=true
// +kubebuilder:metadata:labels="cluster.x-k8s.io/v1beta1=v1beta2"
type DevControlPlane struct {
	Spec   struct{}              `json:"spec,omitempty"`
	Status DevControlPlaneStatus `json:"status,omitempty"`
}
