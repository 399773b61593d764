// Package api is an object at stage 2 of the guide: metav1 conditions, the
// v1beta1 ones kept under status.deprecated.v1beta1.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
)

const (
	ReadyCondition        = "Ready"
	NetworkReadyCondition = "NetworkReady"
	DiskReadyCondition    = "DiskReady"

	NetworkReadyV1Beta1Condition clusterv1.ConditionType = "NetworkReady"
)

type FooMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            FooMachineStatus `json:"status,omitempty"`
}

type FooMachineStatus struct {
	Conditions []metav1.Condition    `json:"conditions,omitempty"`
	V1Beta1    *clusterv1.Conditions `json:"v1beta1,omitempty"`
}

func (m *FooMachine) GetConditions() []metav1.Condition   { return m.Status.Conditions }
func (m *FooMachine) SetConditions(cs []metav1.Condition) { m.Status.Conditions = cs }
func (m *FooMachine) GetV1Beta1Conditions() clusterv1.Conditions {
	if m.Status.V1Beta1 == nil {
		return nil
	}
	return *m.Status.V1Beta1
}
func (m *FooMachine) SetV1Beta1Conditions(cs clusterv1.Conditions) { m.Status.V1Beta1 = &cs }
func (m *FooMachine) DeepCopyObject() runtime.Object               { c := *m; return &c }

type FooCluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Conditions        []metav1.Condition `json:"conditions,omitempty"`
}

func (c *FooCluster) GetConditions() []metav1.Condition   { return c.Conditions }
func (c *FooCluster) SetConditions(cs []metav1.Condition) { c.Conditions = cs }
func (c *FooCluster) DeepCopyObject() runtime.Object      { x := *c; return &x }
