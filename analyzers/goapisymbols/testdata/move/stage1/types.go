// Package stage1 is a provider API version whose objects are at the
// guide's stage 1: v1beta1 conditions in status.conditions, the metav1
// ones under status.v1beta2.
package stage1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// BarReadyCondition is the provider's own v1beta1 condition type.
const BarReadyCondition clusterv1.ConditionType = "BarReady"

// BarMachineV1Beta2Status holds the metav1 conditions of stage 1.
type BarMachineV1Beta2Status struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// BarMachineStatus holds both kinds of conditions.
type BarMachineStatus struct {
	Conditions clusterv1.Conditions     `json:"conditions,omitempty"`
	V1Beta2    *BarMachineV1Beta2Status `json:"v1beta2,omitempty"`
}

// BarMachine is a provider's infrastructure machine.
type BarMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            BarMachineStatus `json:"status,omitempty"`
}

func (m *BarMachine) GetConditions() clusterv1.Conditions { return m.Status.Conditions }

func (m *BarMachine) SetConditions(c clusterv1.Conditions) { m.Status.Conditions = c }

func (m *BarMachine) GetV1Beta2Conditions() []metav1.Condition {
	if m.Status.V1Beta2 == nil {
		return nil
	}
	return m.Status.V1Beta2.Conditions
}

func (m *BarMachine) SetV1Beta2Conditions(c []metav1.Condition) {
	if m.Status.V1Beta2 == nil {
		m.Status.V1Beta2 = &BarMachineV1Beta2Status{}
	}
	m.Status.V1Beta2.Conditions = c
}

func (m *BarMachine) DeepCopyObject() runtime.Object {
	c := *m
	return &c
}
