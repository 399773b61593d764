package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// DockerMachinePoolSpec defines the desired state of DockerMachinePool.
type DockerMachinePoolSpec struct {
	ProviderID     string   `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// DockerMachinePoolStatus is the v1beta1-contract shape.
type DockerMachinePoolStatus struct {
	Ready      bool                      `json:"ready"` // want `MPA101 info: DockerMachinePool status\.ready: no status\.initialization\.provisioned beside it: add it and set both \(v1\.16 reads only it\) \(a conversion spoke: info\)`
	Replicas   int32                     `json:"replicas"`
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"` // want `MPA110 info: .*v1beta1.Conditions, not \[\]metav1.Condition`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// DockerMachinePool is an older served version (a conversion spoke).
type DockerMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DockerMachinePoolSpec   `json:"spec,omitempty"`
	Status DockerMachinePoolStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// DockerMachinePoolList is not a pool.
type DockerMachinePoolList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []DockerMachinePool `json:"items"`
}
