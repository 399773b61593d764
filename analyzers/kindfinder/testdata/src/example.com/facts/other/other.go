// +groupName=cluster.x-k8s.io
package other

// MachinePool in the core group is Cluster API's own, not an InfraMachinePool.
// +kubebuilder:object:root=true
type MachinePool struct {
	Spec   struct{} `json:"spec,omitempty"`
	Status struct{} `json:"status,omitempty"`
}
