// Package blocked uses fields whose move is not mechanical: the file
// keeps its v1beta1 import.
package blocked

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*; blocked.go keeps its v1beta1 imports, as its move is not mechanical: blocked.go:10: v1beta1.Cluster.Status.FailureDomains is used whole, .*range over the list instead of indexing the map.*; blocked.go:13: v1beta1.Cluster.Status.FailureMessage moves to Status.Deprecated.V1Beta1.FailureMessage: v1beta2 reaches it through a pointer that may be nil.*; blocked.go:13: the v1beta1 condition accessor Cluster.GetConditions: move the file's conditions first.*$`
)

func domains(c *clusterv1.Cluster) (out []string) {
	for name := range c.Status.FailureDomains {
		out = append(out, name)
	}
	if msg := c.Status.FailureMessage; msg != nil || len(c.GetConditions()) > 0 { // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/core/v1beta1.Cluster.GetConditions: .*GetV1Beta1Conditions.*`
		return nil
	}
	return out
}
