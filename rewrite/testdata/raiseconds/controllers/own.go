package controllers

import (
	"sigs.k8s.io/cluster-api/util/conditions"

	"example.com/raiseconds/own"
)

// MarkOwn writes the provider's own object's v1beta1 conditions.
func MarkOwn(o *own.Own, ok bool) bool {
	if ok {
		conditions.MarkTrue(o, own.AgentHealthyCondition)
	}
	return conditions.IsTrue(o, own.AgentHealthyCondition)
}
