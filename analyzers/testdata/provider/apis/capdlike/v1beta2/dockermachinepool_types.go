package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// DockerMachinePoolSpec defines the desired state of DockerMachinePool.
type DockerMachinePoolSpec struct {
	ProviderID     string   `json:"providerID,omitempty"`
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

// DockerMachinePoolStatus: an API version named v1beta2 that still follows
// the v1beta1 contract for readiness (CAPD v1.11 shape).
type DockerMachinePoolStatus struct {
	Conditions []metav1.Condition                 `json:"conditions,omitempty"`
	Ready      bool                               `json:"ready"` // want `MPA101 warning: DockerMachinePool status\.ready: no status\.initialization\.provisioned beside it: add it and set both \(v1\.16 reads only it\)` Ready:"changed by MPA101"
	Replicas   int32                              `json:"replicas"`
	Deprecated *DockerMachinePoolDeprecatedStatus `json:"deprecated,omitempty"`
	Instances  []DockerMachinePoolInstanceStatus  `json:"instances,omitempty"`
}

// DockerMachinePoolInstanceStatus is per instance.
type DockerMachinePoolInstanceStatus struct {
	InstanceName string  `json:"instanceName,omitempty"`
	ProviderID   *string `json:"providerID,omitempty"`
	Ready        bool    `json:"ready"`
}

// DockerMachinePoolDeprecatedStatus groups deprecated fields.
type DockerMachinePoolDeprecatedStatus struct {
	V1Beta1 *DockerMachinePoolV1Beta1DeprecatedStatus `json:"v1beta1,omitempty"`
}

// DockerMachinePoolV1Beta1DeprecatedStatus holds v1beta1 leftovers.
type DockerMachinePoolV1Beta1DeprecatedStatus struct {
	Conditions clusterv1beta1.Conditions `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status

// DockerMachinePool is the storage version.
type DockerMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DockerMachinePoolSpec   `json:"spec,omitempty"`
	Status DockerMachinePoolStatus `json:"status,omitempty"`
}
