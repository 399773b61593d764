package controllers

import (
	"strconv"
	"strings"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// Describe names the cluster's failure domains and whether it is paused.
func Describe(c *clusterv1.Cluster) string {
	return strings.Join(Domains(c), ",") + " paused=" + strconv.FormatBool(c.Spec.Paused)
}
