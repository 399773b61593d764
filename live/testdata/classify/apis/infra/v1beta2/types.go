package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Init struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type Endpoint struct {
	Host string `json:"host,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooClusterSpec   `json:"spec,omitempty"`
	Status FooClusterStatus `json:"status,omitempty"`
}

type FooClusterSpec struct {
	ControlPlaneEndpoint Endpoint `json:"controlPlaneEndpoint,omitempty"`
}

type FooClusterStatus struct {
	Ready          bool  `json:"ready,omitempty"`
	Initialization *Init `json:"initialization,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachineSpec   `json:"spec,omitempty"`
	Status FooMachineStatus `json:"status,omitempty"`
}

type FooMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

type FooMachineStatus struct {
	Ready          bool  `json:"ready,omitempty"`
	Initialization *Init `json:"initialization,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooMachineTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachineTemplateSpec   `json:"spec,omitempty"`
	Status FooMachineTemplateStatus `json:"status,omitempty"`
}

type FooMachineTemplateSpec struct {
	Template FooMachineSpec `json:"template"`
}

type FooMachineTemplateStatus struct {
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooMachinePoolMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachinePoolMachineSpec   `json:"spec,omitempty"`
	Status FooMachinePoolMachineStatus `json:"status,omitempty"`
}

type FooMachinePoolMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

type FooMachinePoolMachineStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooMachinePoolSpec   `json:"spec,omitempty"`
	Status FooMachinePoolStatus `json:"status,omitempty"`
}

type FooMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

type FooMachinePoolStatus struct {
	Ready    bool  `json:"ready,omitempty"`
	Replicas int32 `json:"replicas"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooManagedControlPlane struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooManagedControlPlaneSpec   `json:"spec,omitempty"`
	Status FooManagedControlPlaneStatus `json:"status,omitempty"`
}

type FooManagedControlPlaneSpec struct {
	ControlPlaneEndpoint Endpoint `json:"controlPlaneEndpoint,omitempty"`
}

type FooManagedControlPlaneStatus struct {
	Initialized bool `json:"initialized,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooHost struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooHostSpec   `json:"spec,omitempty"`
	Status FooHostStatus `json:"status,omitempty"`
}

type FooHostSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

type FooHostStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooEnvironment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooEnvironmentSpec   `json:"spec,omitempty"`
	Status FooEnvironmentStatus `json:"status,omitempty"`
}

type FooEnvironmentSpec struct {
	ControlPlaneEndpoint Endpoint `json:"controlPlaneEndpoint,omitempty"`
}

type FooEnvironmentStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type FooWidget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooWidgetSpec   `json:"spec,omitempty"`
	Status FooWidgetStatus `json:"status,omitempty"`
}

type FooWidgetSpec struct {
	Note string `json:"note,omitempty"`
}

type FooWidgetStatus struct {
	Note string `json:"note,omitempty"`
}
