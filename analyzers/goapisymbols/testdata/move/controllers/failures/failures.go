// Package failures reads and clears the core Cluster's and Machine's
// failure fields, which v1beta2 keeps under status.deprecated.v1beta1:
// pointers that are nil on most objects.
package failures

import (
	"strings"

	"k8s.io/utils/ptr"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"       // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*$` `^MPA702: move failures.go to Cluster API's v1beta2 Go API$`
	capierrors "sigs.k8s.io/cluster-api/api/deprecated/errors" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/deprecated/errors: the import is .*$`
)

// credentials compares the reason with a constant and reads the message
// behind that comparison, on the right of &&.
func credentials(c *clusterv1.Cluster, ready bool) bool {
	return ready &&
		ptr.Deref(c.Status.FailureReason, "") == capierrors.InvalidConfigurationClusterError &&
		strings.Contains(ptr.Deref(c.Status.FailureMessage, ""), "No credentials found")
}

// failed checks for nil, both ways.
func failed(m *clusterv1.Machine) bool {
	if m.Status.FailureReason == nil {
		return m.Status.FailureMessage != nil
	}
	return true
}

// other is true where the reason is not the one named, nil included.
func other(c *clusterv1.Cluster) bool {
	return ptr.Deref(c.Status.FailureReason, "") != capierrors.InvalidConfigurationClusterError
}

// clear drops the failure on a copy.
func clear(c *clusterv1.Cluster) *clusterv1.Cluster {
	out := c.DeepCopy()
	out.Status.FailureMessage = nil
	out.Status.FailureReason = nil
	return out
}
