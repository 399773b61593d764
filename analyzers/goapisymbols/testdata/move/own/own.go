// Package own is the provider's: its objects' conditions and condition
// types are v1beta1 ones, and move with its own API.
package own

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	// FooReadyCondition is the provider's condition type.
	FooReadyCondition clusterv1.ConditionType = "FooReady"
	// FooFailedReason is the provider's reason.
	FooFailedReason = "FooFailed"
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
