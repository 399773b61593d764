// Package controllers reconciles clusters.
package controllers

import (
	"sort"

	clusterv1beta1 "sigs.k8s.io/cluster-api/api/core/v1beta1"

	infrav1 "example.com/fdprovider/apis/infra/v1beta2"
)

// SetZones records the zones the infrastructure offers; the first ones
// host the control plane.
func SetZones(c *infrav1.FooCluster, zones []string, controlPlane int) {
	c.Status.FailureDomains = make(clusterv1beta1.FailureDomains, len(zones))
	for i, zone := range zones {
		c.Status.FailureDomains[zone] = clusterv1beta1.FailureDomainSpec{ControlPlane: i < controlPlane, Attributes: map[string]string{"zone": zone}}
	}
	provisioned := true
	c.Status.Ready = true
	c.Status.Initialization.Provisioned = &provisioned
}

// ControlPlaneZones lists the zones that may host the control plane, sorted.
func ControlPlaneZones(c *infrav1.FooCluster) []string {
	var out []string
	for name, fd := range c.Status.FailureDomains {
		if fd.ControlPlane {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// HasZone reports whether the cluster offers the zone.
func HasZone(c *infrav1.FooCluster, zone string) bool {
	_, ok := c.Status.FailureDomains[zone]
	return ok
}

// DropZone forgets a zone.
func DropZone(c *infrav1.FooCluster, zone string) {
	delete(c.Status.FailureDomains, zone)
}

// Zones counts the zones.
func Zones(c *infrav1.FooCluster) int {
	if c.Status.FailureDomains == nil {
		return 0
	}
	return len(c.Status.FailureDomains)
}
