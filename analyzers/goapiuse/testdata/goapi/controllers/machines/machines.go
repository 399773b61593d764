package machines

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	bootstrapv1 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta1"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"

	infrav1 "example.com/goapi/apis/v1beta1"
)

// Machine is an alias: uses through it are uses of the core type.
type Machine = clusterv1.Machine

// wrapped embeds a core struct: its promoted fields are the core type's.
type wrapped struct {
	clusterv1.MachineSpec
	note string
}

func reads(m *clusterv1.Machine) string {
	if m.Spec.ProviderID == nil { // want `MPA701 warning: Machine Spec.ProviderID: Machine.Spec.ProviderID is a string in v1beta2 \(\*string → string, "" for unset\)`
		return ""
	}
	if !m.Status.BootstrapReady { // want `MPA701 warning: Machine Status.BootstrapReady: Machine.Status.BootstrapReady moves to Status.Initialization.BootstrapDataSecretCreated \(\*bool, nil for unset\) in v1beta2`
		return ""
	}
	_ = m.Status.NodeRef.UID                // want `MPA701 warning: Machine Status.NodeRef.UID: Machine.Status.NodeRef.UID is not carried to v1beta2`
	_ = m.Spec.NodeDrainTimeout             // want `Machine.Spec.NodeDrainTimeout moves to Spec.Deletion.NodeDrainTimeoutSeconds \(\*int32 seconds: clusterv1.ConvertToSeconds\) in v1beta2`
	_ = m.Spec.InfrastructureRef.Name       // kept by the reference that replaces it, the same string: not reported
	_ = m.Spec.InfrastructureRef.APIVersion // want `Machine.Spec.InfrastructureRef.APIVersion moves to Spec.InfrastructureRef.APIGroup \(string of a contract-versioned reference\) in v1beta2`
	_ = m.Status.Conditions                 // want `Machine.Status.Conditions moves to Status.Deprecated.V1Beta1.Conditions in v1beta2`
	_ = m.Status.Addresses[0].Address       // same shape: not reported
	_ = m.Spec.ClusterName                  // same: not reported
	_ = m.Name                              // metav1.ObjectMeta's, promoted: not reported
	_ = m.Spec.Bootstrap.DataSecretName
	return *m.Spec.ProviderID // want `Machine.Spec.ProviderID is a string`
}

func writes(m *Machine, d time.Duration) {
	m.Spec.ProviderID = nil                                    // want `MPA701 warning: Machine Spec.ProviderID: .*string in v1beta2`
	m.Status.InfrastructureReady = true                        // want `Machine.Status.InfrastructureReady moves to Status.Initialization.InfrastructureProvisioned`
	m.Spec.NodeDeletionTimeout = &metav1.Duration{Duration: d} // want `Spec.NodeDeletionTimeout moves to Spec.Deletion.NodeDeletionTimeoutSeconds`
	m.Spec.InfrastructureRef = corev1.ObjectReference{}        // want `Machine.Spec.InfrastructureRef is a reference of another type in v1beta2 \(of its corev1.ObjectReference fields only APIGroup \(from APIVersion\), Kind and Name are carried\)`
	setString(&m.Spec.ProviderID)                              // want `Machine.Spec.ProviderID is a string`
}

func setString(p **string) {}

// nested reads a Machine's field through a MachineSet's template: the
// whole chain is one use, reported once at its last selector.
func nested(ms *clusterv1.MachineSet, md clusterv1.MachineDeployment) {
	_ = ms.Spec.Template.Spec.ProviderID // want `MPA701 warning: MachineSet Spec.Template.Spec.ProviderID: MachineSet.Spec.Template.Spec.ProviderID is a string in v1beta2`
	_ = (md.Spec.Template.Spec).Version  // want `MachineDeployment.Spec.Template.Spec.Version is a string in v1beta2`
	_ = ms.Spec.Template.Spec.ClusterName
}

// bySpec uses a MachineSpec value: the chain starts there.
func bySpec(spec clusterv1.MachineSpec, w wrapped) *string {
	_ = w.FailureDomain // want `MPA701 warning: MachineSpec FailureDomain: MachineSpec.FailureDomain is a string in v1beta2`
	_ = w.note
	return spec.ProviderID // want `MPA701 warning: MachineSpec ProviderID: MachineSpec.ProviderID is a string in v1beta2`
}

// provider types with fields of core types: the chain starts at the first
// core value in it.
func providerTypes(fm *infrav1.FooMachine) string {
	_ = fm.Spec.ProviderID // the provider's own field: not this rule's
	return fm.Status.Addresses[0].Address
}

// kubeadm's bootstrap types: a map becomes a list.
func kubeadm(c *bootstrapv1.KubeadmConfig) string {
	_ = c.Spec.ClusterConfiguration.APIServer.ExtraArgs         // want `KubeadmConfig.Spec.ClusterConfiguration.APIServer.ExtraArgs becomes the list Spec.ClusterConfiguration.APIServer.ExtraArgs in v1beta2`
	return c.Spec.ClusterConfiguration.APIServer.ExtraArgs["v"] // want `KubeadmConfig.Spec.ClusterConfiguration.APIServer.ExtraArgs becomes the list`
}

// byParts starts chains at structs below a root: a field moved within the
// struct is reported, a struct moved as a whole keeps its own fields.
func byParts(st clusterv1.MachineStatus, c clusterv1.Condition, cl *clusterv1.Cluster) {
	_ = st.BootstrapReady // want `MPA701 warning: MachineStatus BootstrapReady: MachineStatus.BootstrapReady moves to Initialization.BootstrapDataSecretCreated \(\*bool, nil for unset\) in v1beta2`
	_ = st.Phase          // same: not reported
	_ = st.FailureMessage // want `MachineStatus.FailureMessage moves to Deprecated.V1Beta1.FailureMessage \(\*string\) in v1beta2`
	_ = c.Status          // the Condition's own field: not reported
	_ = c.Reason
	_ = cl.Status.FailureDomains // want `Cluster.Status.FailureDomains becomes the list Status.FailureDomains in v1beta2 \(a map keyed by name becomes a list with the name as a field\)`
}
