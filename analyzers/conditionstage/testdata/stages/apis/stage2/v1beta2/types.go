// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

// Stage 2, complete: nothing to report.

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type TwoCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TwoClusterSpec   `json:"spec,omitempty"`
	Status            TwoClusterStatus `json:"status,omitempty"`
}

type TwoClusterSpec struct {
	ControlPlaneEndpoint clusterv1.APIEndpoint `json:"controlPlaneEndpoint,omitempty"`
}

type TwoClusterStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	Deprecated *Deprecated        `json:"deprecated,omitempty"`
}

type Deprecated struct {
	V1Beta1 *V1Beta1Deprecated `json:"v1beta1,omitempty"`
}

type V1Beta1Deprecated struct {
	Conditions clusterv1.Conditions `json:"conditions,omitempty"`
}

func (c *TwoCluster) GetConditions() []metav1.Condition   { return c.Status.Conditions }
func (c *TwoCluster) SetConditions(cs []metav1.Condition) { c.Status.Conditions = cs }

func (c *TwoCluster) GetV1Beta1Conditions() clusterv1.Conditions {
	if c.Status.Deprecated == nil || c.Status.Deprecated.V1Beta1 == nil {
		return nil
	}
	return c.Status.Deprecated.V1Beta1.Conditions
}

func (c *TwoCluster) SetV1Beta1Conditions(cs clusterv1.Conditions) {
	if c.Status.Deprecated == nil {
		c.Status.Deprecated = &Deprecated{}
	}
	if c.Status.Deprecated.V1Beta1 == nil {
		c.Status.Deprecated.V1Beta1 = &V1Beta1Deprecated{}
	}
	c.Status.Deprecated.V1Beta1.Conditions = cs
}

// Stage 2 half done: the getter still returns the v1beta1 conditions, the
// deprecated ones have a getter of the v1beta1 package's type (util/patch
// fails the interface) and no setter, and the stage-1 field is left, which
// core reads first.

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type TwoMachine struct { // want `^MPA704 warning: TwoMachine status.conditions: the status conditions are at stage 2 of the guide \(\[\]metav1.Condition at status.conditions, v1beta1 ones at status.deprecated.v1beta1.conditions\); for stage 2 it needs the method GetV1Beta1Conditions\(\) clusterv1.Conditions \(it has GetV1Beta1Conditions\(\) clusterv1beta1.Conditions\), the method SetV1Beta1Conditions\(clusterv1.Conditions\), the method GetConditions\(\) \[\]metav1.Condition \(it has GetConditions\(\) clusterv1beta1.Conditions\), status.v1beta2.conditions removed \(core reads it before status.conditions\)$`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TwoMachineSpec   `json:"spec,omitempty"`
	Status            TwoMachineStatus `json:"status,omitempty"`
}

type TwoMachineSpec struct {
	ProviderID string `json:"providerID,omitempty"`
}

type TwoMachineStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	Deprecated *Deprecated        `json:"deprecated,omitempty"`
	V1Beta2    *struct {
		Conditions []metav1.Condition `json:"conditions,omitempty"`
	} `json:"v1beta2,omitempty"`
}

func (m *TwoMachine) GetConditions() clusterv1beta1.Conditions { return nil }
func (m *TwoMachine) SetConditions(cs []metav1.Condition)      { m.Status.Conditions = cs }

func (m *TwoMachine) GetV1Beta1Conditions() clusterv1beta1.Conditions { return nil }

// Stage 3: only metav1 conditions, nothing deprecated left.

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type ThreeMachinePool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThreeMachinePoolSpec   `json:"spec,omitempty"`
	Status            ThreeMachinePoolStatus `json:"status,omitempty"`
}

type ThreeMachinePoolSpec struct {
	ProviderIDList []string `json:"providerIDList,omitempty"`
}

type ThreeMachinePoolStatus struct {
	Replicas   int32              `json:"replicas"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

func (p *ThreeMachinePool) GetConditions() []metav1.Condition   { return p.Status.Conditions }
func (p *ThreeMachinePool) SetConditions(cs []metav1.Condition) { p.Status.Conditions = cs }

// Conditions with no accessor method at all: information.

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type BareMachine struct { // want `^MPA704 info: BareMachine status.conditions: the status conditions are at stage 3 of the guide \(\[\]metav1.Condition at status.conditions only\); for stage 3 it needs the method GetConditions\(\) \[\]metav1.Condition, the method SetConditions\(\[\]metav1.Condition\); it has no accessor method at all: no condition utility takes it, and the patch helper fails to patch its conditions when they change$`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TwoMachineSpec    `json:"spec,omitempty"`
	Status            BareMachineStatus `json:"status,omitempty"`
}

type BareMachineStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
