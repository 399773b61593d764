// Package v2conds reads and writes the v1beta2 conditions of core objects
// through the v1beta1 objects' v1beta2 utilities: the move names their
// util/conditions namesakes, which read and write the same conditions.
package v2conds

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"                                   // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2$` `^MPA702: move v2conds.go to Cluster API's v1beta2 Go API$`
	v1beta2conditions "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2: the import is .*: its v1beta2 successor is sigs.k8s.io/cluster-api/util/conditions$`
)

func available(c *clusterv1.Cluster) bool {
	return v1beta2conditions.IsTrue(c, clusterv1.ClusterControlPlaneAvailableV1Beta2Condition) // want `^MPA703 warning: .*ClusterControlPlaneAvailableV1Beta2Condition: `
}

func markReady(m *clusterv1.Machine) {
	v1beta2conditions.Set(m, metav1.Condition{Type: clusterv1.MachineReadyV1Beta2Condition, Status: metav1.ConditionTrue, Reason: clusterv1.MachineReadyV1Beta2Reason}) // want `^MPA703 warning: .*MachineReadyV1Beta2Condition: ` `^MPA703 warning: .*MachineReadyV1Beta2Reason: `
}

func fresh() *metav1.Condition {
	m := &clusterv1.Machine{}
	return v1beta2conditions.Get(m, clusterv1.MachineReadyV1Beta2Condition) // want `^MPA703 warning: .*MachineReadyV1Beta2Condition: `
}

// scope holds a machine: the field's file is this one, so it moves too.
type scope struct{ machine *clusterv1.Machine }

func (s *scope) ready() bool {
	return v1beta2conditions.IsTrue(s.machine, clusterv1.MachineReadyV1Beta2Condition) // want `^MPA703 warning: .*MachineReadyV1Beta2Condition: `
}
