package contract

// Where a cluster keeps what the live audit reads besides provider CRDs.
const (
	CoreGroup = "cluster.x-k8s.io"
	// MachinePoolResource is the core MachinePool resource (served as v1beta2 and v1beta1).
	MachinePoolResource = "machinepools"
	MachinePoolKind     = "MachinePool"

	// ClusterctlGroup holds clusterctl's provider inventory.
	ClusterctlGroup        = "clusterctl.cluster.x-k8s.io"
	ClusterctlProviderKind = "Provider"
	CoreProviderType       = "CoreProvider"
	CoreProviderName       = "cluster-api"

	// CoreProviderLabel marks the core controller's Deployment.
	CoreProviderLabel = "cluster.x-k8s.io/provider=cluster-api"
	// CoreControllerImage is the core controller image's name (its tag is the version).
	CoreControllerImage = "cluster-api-controller"
)

// Readiness is how a pool object reports initialization.
type Readiness string

const (
	ReadyOnly       Readiness = "ready-only"
	ProvisionedOnly Readiness = "provisioned-only"
	DualAgree       Readiness = "dual-agree"
	DualDisagree    Readiness = "dual-disagree"
	Neither         Readiness = "neither"
)

// ClassifyReadiness classifies the two readiness fields of a pool object
// (nil when absent).
func ClassifyReadiness(ready, provisioned *bool) Readiness {
	switch {
	case ready != nil && provisioned != nil && *ready == *provisioned:
		return DualAgree
	case ready != nil && provisioned != nil:
		return DualDisagree
	case ready != nil:
		return ReadyOnly
	case provisioned != nil:
		return ProvisionedOnly
	}
	return Neither
}

// CoreSeesProvisioned is what a core concludes from the two fields.
func (b CoreBehaviour) CoreSeesProvisioned(ready, provisioned *bool) bool {
	for _, p := range b.PoolReadinessFields {
		switch {
		case p == PathProvisioned && provisioned != nil:
			return *provisioned
		case p == PathReady && ready != nil:
			return *ready
		}
	}
	return false
}
