package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MachinePoolStatusFailure is a provider's own failure type.
type MachinePoolStatusFailure string

// FooManagedMachinePoolSpec uses a *string providerID.
type FooManagedMachinePoolSpec struct {
	ProviderID     *string  `json:"providerID,omitempty"` // want `MPA107 info: FooManagedMachinePool spec.providerID: spec.providerID is \*string; the v1beta2 contract recommends string` `MPA126 info: FooManagedMachinePoolMachine spec.providerID: spec.providerID is \*string, the v1beta1 shape` ProviderID:"changed by MPA107"
	ProviderIDList []string `json:"providerIDList,omitempty"`
	// ErrorMessage is not failureMessage.
	ErrorMessage string `json:"errorMessage,omitempty"`
}

// FooManagedMachinePoolStatus has v1beta1-style terminal failures with custom types.
type FooManagedMachinePoolStatus struct {
	Ready          bool                      `json:"ready"` // want `MPA101 warning` `MPA120 warning: FooManagedMachinePoolMachine status\.initialization\.provisioned: missing beside status\.ready: add it and set both \(no CRD or contract label found: judged against the v1beta2 contract\)` Ready:"changed by MPA101"
	Replicas       int32                     `json:"replicas"`
	FailureReason  *MachinePoolStatusFailure `json:"failureReason,omitempty"`  // want `MPA105 error: FooManagedMachinePool status\.failureReason: top-level status\.failureReason is no v1beta2 field: move it to status\.deprecated\.v1beta1\.failureReason` `MPA125 warning: FooManagedMachinePoolMachine status.failureReason` FailureReason:"changed by MPA105"
	FailureMessage *string                   `json:"failureMessage,omitempty"` // want `MPA106 error: FooManagedMachinePool status.failureMessage` `MPA125 warning: FooManagedMachinePoolMachine status.failureMessage` FailureMessage:"changed by MPA105"
	// Look-alikes are not the contract fields.
	FailureMessages []string           `json:"failureMessages,omitempty"`
	ErrorMessage    *string            `json:"errorMessage,omitempty"`
	Conditions      []metav1.Condition `json:"conditions,omitempty"`
}

// FooManagedMachinePool is the only version, so it is the storage version.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type FooManagedMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooManagedMachinePoolSpec   `json:"spec,omitempty"`
	Status FooManagedMachinePoolStatus `json:"status,omitempty"`
}

// FooManagedMachinePoolMachine is a per-replica kind, not a pool.
// +kubebuilder:object:root=true
type FooManagedMachinePoolMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooManagedMachinePoolSpec   `json:"spec,omitempty"`
	Status FooManagedMachinePoolStatus `json:"status,omitempty"`
}

// FooManagedMachinePoolTemplateResource is part of a template.
type FooManagedMachinePoolTemplateResource struct {
	Spec FooManagedMachinePoolSpec `json:"spec"`
}

// FooManagedMachinePoolTemplate is a template, not a pool.
// +kubebuilder:object:root=true
type FooManagedMachinePoolTemplate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   FooManagedMachinePoolTemplateResource `json:"spec,omitempty"`
	Status FooManagedMachinePoolStatus           `json:"status,omitempty"`
}

// BarMachinePool has no root marker: not an API root type.
type BarMachinePool struct {
	Spec   FooManagedMachinePoolSpec   `json:"spec,omitempty"`
	Status FooManagedMachinePoolStatus `json:"status,omitempty"`
}
