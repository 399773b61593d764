// Package v2own sets v1beta2 conditions on an object of the provider's own
// API, which keeps GetV1Beta2Conditions until its own migration: the file
// keeps its imports.
package v2own

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"                                   // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*; v2own.go keeps its v1beta1 imports, as its move is not mechanical: v2own.go:26: v1beta2conditions.Set on o, which the move does not make a v1beta2 object \(util/conditions reads GetConditions, the v1beta2 conditions, only there\): move the file's conditions first, by the guide's stages of "How to start using metav1.conditions"; then run the rewrite again$`
	v1beta2conditions "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/conditions/v1beta2: .*v2own.go keeps its v1beta1 imports`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Own stands for a provider object with v1beta1-era v1beta2 conditions.
type Own struct {
	client.Object
	conds []metav1.Condition
}

func (o *Own) GetV1Beta2Conditions() []metav1.Condition  { return o.conds }
func (o *Own) SetV1Beta2Conditions(c []metav1.Condition) { o.conds = c }

func ready(c *clusterv1.Cluster, o *Own) {
	if c.Spec.Paused {
		return
	}
	v1beta2conditions.Set(o, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
}
