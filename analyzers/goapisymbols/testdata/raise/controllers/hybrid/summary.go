package hybrid // want `^MPA702: move summary\.go to Cluster API's v1beta2 Go API$`

import (
	"example.com/raise/api/stage1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: `
	"sigs.k8s.io/cluster-api/util/conditions"       // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/util/conditions: `
)

// summarize calls the utilities on the provider's own objects only: the
// import moves whole, with the list of Getters, and the list of condition
// types spread into a call keeps its v1beta1 spelling.
func summarize(m *stage1.BarMachine, parts []*stage1.BarMachine, withReady bool) {
	getters := make([]conditions.Getter, 0, len(parts)) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.Getter: `
	for _, part := range parts {
		getters = append(getters, part)
	}
	conditions.SetAggregate(m, stage1.BarReadyCondition, getters, conditions.AddSourceRef()) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.SetAggregate: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.AddSourceRef: `
	conds := []clusterv1.ConditionType{stage1.BarReadyCondition}                             // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ConditionType: `
	if withReady {
		conds = append(conds, clusterv1.ReadyCondition) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/api/v1beta1\.ReadyCondition: `
	}
	conditions.SetSummary(m, conditions.WithConditions(conds...)) // want `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.SetSummary: ` `^MPA703 warning: sigs\.k8s\.io/cluster-api/util/conditions\.WithConditions: `
}
