// Package scopeconds imports no API package: it calls the condition
// utilities on the provider's own object and reads the Cluster the scope's
// move hands it as v1beta2.
package scopeconds // want `^MPA702: move conds\.go to Cluster API's v1beta2 Go API$`

import (
	"example.com/raise/api/stage1"
	"example.com/raise/controllers/scope"
	"sigs.k8s.io/cluster-api/util/conditions" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: the import is `
)

// Mark marks the object ready unless the cluster is paused.
func Mark(s *scope.Scope, m *stage1.BarMachine) bool {
	if s.Cluster.Spec.Paused {
		return false
	}
	conditions.MarkTrue(m, stage1.BarReadyCondition)      // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkTrue: `
	return conditions.IsTrue(m, stage1.BarReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.IsTrue: `
}
