// Package scope holds core objects and writes the provider's fields that
// keep v1beta1 types: the file moves, those values keep v1beta1.
package scope

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/v1beta1: the import is .*core/v1beta1$` `^MPA702: move scope.go to Cluster API's v1beta2 Go API$`

	"example.com/raise/api/v1alpha1"
)

// Scope holds a core object and the provider's.
type Scope struct {
	Cluster    *clusterv1.Cluster // want Cluster:"moves in goapi-file:example.com/raise/controllers/scope/scope.go"
	FooCluster *v1alpha1.FooCluster
	FooMachine *v1alpha1.FooMachine
}

// SetFailureDomains builds the provider's v1beta1 failure domains.
func (s *Scope) SetFailureDomains(zones []string) {
	s.FooCluster.Status.FailureDomains = make(clusterv1.FailureDomains) // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.FailureDomains: `
	for _, z := range zones {
		s.FooCluster.Status.FailureDomains[z] = clusterv1.FailureDomainSpec{ControlPlane: true} // want `^MPA703 warning: sigs.k8s.io/cluster-api/api/v1beta1.FailureDomainSpec: `
	}
}

// SetAddresses passes its parameter on to the provider's field only.
func (s *Scope) SetAddresses(addresses []clusterv1.MachineAddress) {
	s.FooMachine.Status.Addresses = addresses
}

// Name reads the core object.
func (s *Scope) Name() string {
	if s.Cluster.Spec.ControlPlaneRef == nil {
		return ""
	}
	return s.Cluster.Name + string(clusterv1.ClusterPhaseProvisioned)
}

// Endpoint builds a provider object whose field keeps v1beta1's type.
func Endpoint() *v1alpha1.FooCluster {
	return &v1alpha1.FooCluster{Spec: v1alpha1.FooClusterSpec{ControlPlaneEndpoint: clusterv1.APIEndpoint{Host: "h", Port: 6443}}}
}
