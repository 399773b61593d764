package v1beta2

type ObjectMeta struct {
	Name string `json:"name,omitempty"`
}

type DevClusterStatus struct {
	Ready          bool              `json:"ready"`
	FailureDomains map[string]string `json:"failureDomains,omitempty"`
}

// +kubebuilder:object:root=true
type DevCluster struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{}         `json:"spec,omitempty"`
	Status     DevClusterStatus `json:"status,omitempty"`
}

type DevMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

type DevMachineInitialization struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type DevMachineStatus struct {
	Initialization DevMachineInitialization `json:"initialization,omitempty,omitzero"`
}

// +kubebuilder:object:root=true
type DevMachine struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DevMachineSpec   `json:"spec,omitempty"`
	Status     DevMachineStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type DevMachineTemplate struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{} `json:"spec,omitempty"`
}

// Named like no contract kind: only a kinds override in .mpaudit.yaml makes it one.
// +kubebuilder:object:root=true
type DevBox struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{}         `json:"spec,omitempty"`
	Status     DevMachineStatus `json:"status,omitempty"`
}

// A ClusterClass's machine pool class references it: core resolves its CRD
// by name and contract label like any template's.
// +kubebuilder:object:root=true
type DevMachinePoolTemplate struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{} `json:"spec,omitempty"`
}

type DevMachinePoolStatus struct {
	Ready bool `json:"ready"`
}

// A pool whose CRD is labelled v1beta2 with the v1beta1 schema and no
// status subresource: check judges its schema as live and validate do.
// +kubebuilder:object:root=true
type DevMachinePool struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       struct{}             `json:"spec,omitempty"`
	Status     DevMachinePoolStatus `json:"status,omitempty"`
}
