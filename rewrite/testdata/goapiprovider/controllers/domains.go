package controllers

import (
	"sort"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// Domains are the cluster's failure domain names, sorted.
func Domains(c *clusterv1.Cluster) []string {
	var out []string
	for name := range c.Status.FailureDomains {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
