// Package scope holds the objects a reconcile works on.
package scope

import (
	"strings"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

// Scope holds the cluster and the machine.
type Scope struct {
	Cluster *clusterv1.Cluster
	Machine *clusterv1.Machine
}

// New makes a scope.
func New(c *clusterv1.Cluster, m *clusterv1.Machine) *Scope {
	return &Scope{Cluster: c, Machine: m}
}

// Zone is the machine's failure domain, "default" when it has none.
func (s *Scope) Zone() string {
	return zoneOrDefault(s.Machine.Spec.FailureDomain)
}

func zoneOrDefault(zone *string) string {
	if zone == nil {
		return "default"
	}
	return *zone
}

// Version is the machine's version without its "v", nil when unset.
func (s *Scope) Version() *string {
	version := s.Machine.Spec.Version
	if version == nil {
		return nil
	}
	v := strings.TrimPrefix(*version, "v")
	return &v
}

// Joined says whether the machine has a node.
func (s *Scope) Joined() bool {
	return s.Machine.Status.NodeRef != nil && s.Machine.Status.NodeRef.Name != ""
}
