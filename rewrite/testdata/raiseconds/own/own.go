// Package own is the provider's: its object's v1beta1 conditions and its
// condition types move with its own API, not with the Go API move.
package own

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	// AgentHealthyCondition is the provider's condition type, set on core
	// Machines too.
	AgentHealthyCondition clusterv1.ConditionType = "AgentHealthy"
	// AgentFailedReason is the provider's reason.
	AgentFailedReason = "AgentFailed"
)

// Own stands for a provider object with v1beta1 conditions.
type Own struct {
	client.Object
	conds clusterv1.Conditions
}

// GetConditions returns its v1beta1 conditions.
func (o *Own) GetConditions() clusterv1.Conditions { return o.conds }

// SetConditions sets them.
func (o *Own) SetConditions(c clusterv1.Conditions) { o.conds = c }
