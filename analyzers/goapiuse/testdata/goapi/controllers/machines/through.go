package machines

import (
	corev1 "k8s.io/api/core/v1"
	controlplanev1 "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// ownMachine is a defined type over the core one: its fields are the
// core type's fields.
type ownMachine clusterv1.Machine

// spec is an alias of a struct below a root.
type spec = clusterv1.MachineSpec

// holder embeds a pointer to a core root.
type holder struct{ *clusterv1.Machine }

// machineOf is a provider helper returning a v1beta1 type.
func machineOf(h holder) *clusterv1.Machine { return h.Machine }

// Machine is a method of a provider type returning a v1beta1 type.
func (h holder) Get() clusterv1.Machine { return *h.Machine }

func first[T any](xs []T) T { return xs[0] }

func through(h holder, om *ownMachine, ms []clusterv1.Machine) {
	_ = machineOf(h).Spec.ProviderID  // want `Machine.Spec.ProviderID is a string in v1beta2`
	_ = h.Get().Status.BootstrapReady // want `Machine.Status.BootstrapReady moves to Status.Initialization.BootstrapDataSecretCreated`
	_ = first(ms).Spec.FailureDomain  // want `Machine.Spec.FailureDomain is a string in v1beta2`
	_ = om.Spec.ProviderID            // want `MachineSpec.ProviderID is a string in v1beta2`
	_ = h.Status.InfrastructureReady  // want `Machine.Status.InfrastructureReady moves to Status.Initialization.InfrastructureProvisioned`
	_ = h.Spec.InfrastructureRef.Kind // the same string in the reference that replaces it: not reported
	_ = h.Spec.Bootstrap.ConfigRef    // want `Machine.Spec.Bootstrap.ConfigRef is a reference of another type in v1beta2`
}

// literals report the fields they set, each where it is set; a nested
// literal of a mapped struct reports its own.
func literals(s string, d *corev1.ObjectReference) []any {
	return []any{
		clusterv1.MachineSpec{
			ClusterName:   s,
			ProviderID:    &s, // want `MachineSpec.ProviderID is a string in v1beta2`
			FailureDomain: &s, // want `MachineSpec.FailureDomain is a string in v1beta2`
		},
		&clusterv1.Machine{
			Spec: clusterv1.MachineSpec{
				ProviderID: &s, // want `MachineSpec.ProviderID is a string in v1beta2`
			},
		},
		spec{
			InfrastructureRef: corev1.ObjectReference{Name: s}, // want `MachineSpec.InfrastructureRef is a reference of another type in v1beta2`
		},
		clusterv1.MachineStatus{
			BootstrapReady: true, // want `MachineStatus.BootstrapReady moves to Initialization.BootstrapDataSecretCreated`
			NodeRef:        d,    // want `MachineStatus.NodeRef is a reference of another type in v1beta2`
			Phase:          s,
		},
		[]clusterv1.MachineAddress{{Address: s}},
	}
}

// wholes passes or copies a struct whole: one finding at the use, naming
// the value's successor and what changes below it.
func wholes(m *clusterv1.Machine, take func(any)) {
	take(m.Spec)   // want `Machine.Spec \(a v1beta1.MachineSpec; in v1beta2 a clusterv1.MachineSpec\) is used whole: [0-9]+ of its [0-9]+ fields change \([0-9]+ removed, [0-9]+ moved, .*\): Bootstrap.ConfigRef.APIVersion, .*, and [0-9]+ more`
	st := m.Status // want `Machine.Status \(a v1beta1.MachineStatus; in v1beta2 a clusterv1.MachineStatus\) is used whole: [0-9]+ of its [0-9]+ fields change`
	take(st)
	if m.Status.NodeRef != nil { // want `Machine.Status.NodeRef is a reference of another type in v1beta2`
		return
	}
	take(m.Status.Addresses[0]) // same shape: not reported
}

// renamed: a value whose successor is another type at another path.
func renamed(c *controlplanev1.KubeadmControlPlane, take func(any)) {
	take(c.Spec.RemediationStrategy)                          // want `KubeadmControlPlane.Spec.RemediationStrategy \(a \*v1beta1.RemediationStrategy; in v1beta2 a controlplanev1.KubeadmControlPlaneRemediationSpec at Spec.Remediation\) is used whole: 3 of its 3 fields change \(3 moved\): MaxRetry, MinHealthyPeriod, RetryPeriod`
	if c.Spec.KubeadmConfigSpec.ClusterConfiguration == nil { // want `KubeadmControlPlane.Spec.KubeadmConfigSpec.ClusterConfiguration \(a \*v1beta1.ClusterConfiguration; in v1beta2 a bootstrapv1.ClusterConfiguration\) is used whole`
		return
	}
}
