package scopeconds // want `^MPA702: move kept\.go to Cluster API's v1beta2 Go API$`

import (
	"example.com/raise/api/stage1"
	"example.com/raise/controllers/scope"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: the import is `
	"sigs.k8s.io/cluster-api/util/conditions"       // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: the import is `
)

// Wait names its severity through the core import, used for nothing
// else: the import stays for it, while the Cluster the scope hands over
// is read as v1beta2.
func Wait(s *scope.Scope, m *stage1.BarMachine) {
	if s.Cluster.Spec.Paused {
		conditions.MarkFalse(m, stage1.BarReadyCondition, "Paused", clusterv1.ConditionSeverityInfo, "") // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.MarkFalse: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionSeverityInfo: `
	}
}
