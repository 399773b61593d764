package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// What every contract page asks of a kind's root types: object metadata,
// a list type registered beside the kind, a template named after a kind of
// this API version, and an InfraMachine's template.

type ResMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

// +kubebuilder:validation:MinProperties=1
type ResMachineInitializationStatus struct {
	Provisioned *bool `json:"provisioned,omitempty"`
}

type ResMachineStatus struct {
	Initialization ResMachineInitializationStatus `json:"initialization,omitempty,omitzero"`
	Conditions     []metav1.Condition             `json:"conditions,omitempty"`
}

// ResMachine has all of it: no finding.
// +kubebuilder:object:root=true
type ResMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ResMachineSpec   `json:"spec,omitempty"`
	Status ResMachineStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type ResMachineList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ResMachine `json:"items"`
}

type ResMachineTemplateResource struct {
	Spec ResMachineSpec `json:"spec"`
}

type ResMachineTemplateSpec struct {
	Template ResMachineTemplateResource `json:"template"`
}

// +kubebuilder:object:root=true
type ResMachineTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ResMachineTemplateSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
type ResMachineTemplateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ResMachineTemplate `json:"items"`
}

// BareMachine has no ObjectMeta, no list and no template.
// +kubebuilder:object:root=true
type BareMachine struct { // want `MPA133 error: BareMachine metadata: BareMachine does not embed metav1.ObjectMeta: core cannot read it as a Kubernetes object` `MPA134 warning: BareMachine items: BareMachine is registered in a scheme but the package declares no BareMachineList` `MPA136 error: BareMachine: this API version declares no BareMachineTemplate for BareMachine: add it, as MachineDeployments and MachineSets stamp each Machine's InfraMachine from it`
	metav1.TypeMeta `json:",inline"`
	Meta            metav1.ObjectMeta `json:"meta,omitempty"`

	Spec   ResMachineSpec   `json:"spec,omitempty"`
	Status ResMachineStatus `json:"status,omitempty"`
}

// ResMachinePoolMachine is created by its pool: it needs no template.
// +kubebuilder:object:root=true
type ResMachinePoolMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ResMachineSpec   `json:"spec,omitempty"`
	Status ResMachineStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type ResMachinePoolMachineList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ResMachinePoolMachine `json:"items"`
}

type OrphanClusterTemplateSpec struct {
	Template struct {
		Spec struct{} `json:"spec"`
	} `json:"template"`
}

// OrphanClusterTemplate names no kind of this API version: core would
// stamp OrphanCluster objects, which do not exist.
// +kubebuilder:object:root=true
type OrphanClusterTemplate struct { // want `MPA135 error: OrphanClusterTemplate: OrphanClusterTemplate stamps OrphanCluster objects at infrastructure.cluster.x-k8s.io/v1beta2 \(core drops the Template suffix\), but this API version declares no OrphanCluster: name the template after its InfraCluster \(<InfraCluster>Template\) or add OrphanCluster`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec OrphanClusterTemplateSpec `json:"spec,omitempty"`
}

// OrphanClusterTemplateList is not registered beside its kind.
// +kubebuilder:object:root=true
type OrphanClusterTemplateList struct { // want `MPA134 warning: OrphanClusterTemplate items: OrphanClusterTemplate is registered in a scheme but OrphanClusterTemplateList is not: register OrphanClusterTemplateList beside it`
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []OrphanClusterTemplate `json:"items"`
}

// ResMachinePoolMachineList's items are right; WrongMachineTemplateList's are not.

// +kubebuilder:object:root=true
type WrongMachineTemplate struct { // want `MPA135 error: WrongMachineTemplate`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ResMachineTemplateSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
type WrongMachineTemplateList struct { // want `MPA134 warning: WrongMachineTemplate items: WrongMachineTemplateList has no Items \[\]WrongMachineTemplate \(json:"items"\)`
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []ResMachineTemplate `json:"items"`
}

func init() {
	SchemeBuilder.Register(&ResMachine{}, &ResMachineList{}, &ResMachineTemplate{}, &ResMachineTemplateList{},
		&BareMachine{}, &ResMachinePoolMachine{}, &ResMachinePoolMachineList{}, &OrphanClusterTemplate{},
		&WrongMachineTemplate{}, &WrongMachineTemplateList{})
}
