// Package reasons sets metav1 conditions with v1beta1 reasons: v1beta2
// keeps their values under the v1beta1 conditions' names.
package reasons

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*core/v1beta1$` `^MPA702: move reasons.go to Cluster API's v1beta2 Go API$`
)

// Deleted is the condition of a deleted object.
func Deleted(t string) metav1.Condition {
	return metav1.Condition{Type: t, Status: metav1.ConditionFalse, Reason: clusterv1.DeletedReason} // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.DeletedReason: `
}

// Failed names the reason of a failed deletion.
func Failed() string { return string(clusterv1.DeletionFailedReason) } // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.DeletionFailedReason: `
