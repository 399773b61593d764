// Package conds sets v1beta1 conditions: its move is the condition
// migration's.
package conds

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"         // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*; conds.go keeps its v1beta1 imports, as its move is not mechanical: conds.go:7: the file uses the v1beta1 condition utilities \(sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions\): move the file's conditions first, by the guide's stages of "How to start using metav1.conditions"; then run the rewrite again$`
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions: .*conds.go keeps its v1beta1 imports`
)

func mark(c *clusterv1.Cluster) {
	conditions.MarkTrue(c, clusterv1.ReadyCondition) // want `^MPA703 ` `^MPA703 `
}
