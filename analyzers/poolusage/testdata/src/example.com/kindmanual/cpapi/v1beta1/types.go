// +groupName=controlplane.example.com
package v1beta1

type FooControlPlaneSpec struct{}

type FooControlPlaneStatus struct {
	Initialized bool  `json:"initialized"`
	Replicas    int32 `json:"replicas"`
}

// +kubebuilder:object:root=true
type FooControlPlane struct {
	Spec   FooControlPlaneSpec   `json:"spec,omitempty"`
	Status FooControlPlaneStatus `json:"status,omitempty"`
}
