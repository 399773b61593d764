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

// MachinePoolFields are the core MachinePool paths the live audit reads,
// per core API version.
type MachinePoolFields struct {
	// InfrastructureRef is the path of the reference to the InfraMachinePool.
	InfrastructureRef []string
	// RefHasAPIGroup is true for ContractVersionedObjectReference
	// (apiGroup, kind, name); false for ObjectReference (apiVersion, kind, name).
	RefHasAPIGroup bool
	// InfrastructureProvisioned is where the MachinePool mirrors the pool's readiness.
	InfrastructureProvisioned []string
}

// MachinePoolFieldsByVersion maps a core API version to its paths.
var MachinePoolFieldsByVersion = map[string]MachinePoolFields{
	"v1beta2": {
		InfrastructureRef:         []string{"spec", "template", "spec", "infrastructureRef"},
		RefHasAPIGroup:            true,
		InfrastructureProvisioned: []string{"status", "initialization", "infrastructureProvisioned"},
	},
	"v1beta1": {
		InfrastructureRef:         []string{"spec", "template", "spec", "infrastructureRef"},
		InfrastructureProvisioned: []string{"status", "infrastructureReady"},
	},
}

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
