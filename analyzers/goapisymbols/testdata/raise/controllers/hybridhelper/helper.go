// Package hybridhelper calls the condition utilities on the provider's
// own stage-1 object, directly and through a helper that takes the
// utilities' own Getter: both go to the deprecated copy.
package hybridhelper

import (
	"fmt"

	"example.com/raise/api/stage1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702: move helper\.go to Cluster API's v1beta2 Go API$` `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: the import is `
	"sigs.k8s.io/cluster-api/util/conditions"       // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: the import is `
)

// ready marks the provider's object and reads it back through has.
func ready(m *stage1.BarMachine, c *clusterv1.Cluster) bool {
	conditions.MarkTrue(m, stage1.BarReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkTrue: `
	return has(m, stage1.BarReadyCondition) && !c.Spec.Paused
}

// has takes what its callers pass: the provider's objects.
func has(getter conditions.Getter, t clusterv1.ConditionType) bool { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.Getter: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionType: `
	if !conditions.Has(getter, t) { // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.Has: `
		panic(fmt.Sprintf("no %v", t))
	}
	return true
}
