// Package fields uses every class of field change the move rewrites.
package fields

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/api/core/v1beta1: the import is .*successor is sigs.k8s.io/cluster-api/api/core/v1beta2$` `^MPA702: move fields.go to Cluster API's v1beta2 Go API$`
	"sigs.k8s.io/cluster-api/controllers/external"
)

// string-pointer: *string becomes string, "" for unset.
func providerID(m *clusterv1.Machine, id string) string {
	if m.Spec.ProviderID == nil {
		m.Spec.ProviderID = ptr.To(id)
	}
	if m.Spec.Version != nil {
		m.Spec.Version = &id
	}
	m.Spec.FailureDomain = nil
	return *m.Spec.ProviderID + ptr.Deref(m.Spec.Version, "")
}

// pointer-to-value: *int32 becomes int32, the conversion's zero for nil.
func port(c *clusterv1.Cluster) int32 {
	if c.Spec.ClusterNetwork.APIServerPort != nil {
		return *c.Spec.ClusterNetwork.APIServerPort
	}
	return ptr.Deref(c.Spec.ClusterNetwork.APIServerPort, 6443)
}

// value-to-pointer, moved: reads through ptr.Deref as the conversion
// reads nil; constant writes as the conversion writes them.
func ready(c *clusterv1.Cluster, m *clusterv1.Machine) bool {
	if c.Spec.Paused {
		c.Spec.Paused = false
	} else {
		c.Spec.Paused = true
	}
	return c.Status.InfrastructureReady && m.Status.BootstrapReady
}

// A path that moves with its shape.
func class(c *clusterv1.Cluster) string {
	return c.Spec.Topology.Class
}

// duration-to-seconds.
func drain(m *clusterv1.Machine, d time.Duration) time.Duration {
	if m.Spec.NodeDrainTimeout == nil {
		m.Spec.NodeDrainTimeout = &metav1.Duration{Duration: d}
	}
	if m.Spec.NodeDeletionTimeout != nil {
		m.Spec.NodeDeletionTimeout = nil
	}
	return m.Spec.NodeDrainTimeout.Duration
}

// references: external.Get on a v1beta1 object's reference.
func infra(ctx context.Context, r client.Reader, c *clusterv1.Cluster, m *clusterv1.Machine) error {
	if _, err := external.Get(ctx, r, c.Spec.InfrastructureRef); err != nil { // want `^MPA703 warning: sigs.k8s.io/cluster-api/controllers/external.Get: `
		return err
	}
	_, err := external.Get(ctx, r, &m.Spec.InfrastructureRef) // want `^MPA703 warning: sigs.k8s.io/cluster-api/controllers/external.Get: `
	return err
}

// A literal, a renamed constant and types that keep their names.
func build(name string) *clusterv1.Machine {
	_ = (&clusterv1.Machine{}).Status.GetTypedPhase()
	_ = clusterv1.PausedV1Beta2Condition // want `^MPA703 warning: .*PausedV1Beta2Condition: `
	return &clusterv1.Machine{Spec: clusterv1.MachineSpec{ClusterName: name, ProviderID: ptr.To(name)}}
}
