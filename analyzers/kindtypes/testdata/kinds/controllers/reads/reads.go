// Package reads reads fields the v1beta2 contract removed or moved, on types
// that also have the successor (kindusage, MPA222).
package reads

import (
	"k8s.io/utils/ptr"

	cabpk "example.com/kinds/apis/cabpk/v1beta1"
	capd "example.com/kinds/apis/capd/v1beta1"
	dualcp "example.com/kinds/apis/dualcp/v1beta2"
	kcp "example.com/kinds/apis/kcp/v1beta2"
)

// DualControlPlane is labelled v1beta2: core reads only the successors.

func failed(cp *dualcp.DualControlPlane) bool {
	return cp.Status.FailureReason != nil // want `MPA222 info: DualControlPlane status.failureReason: failed reads .cp.Status.FailureReason. \(status.failureReason\), which the v1beta2 contract replaced by status.deprecated.v1beta1.failureReason: move the read there before the v1beta1 field is dropped \(core v1.14.2 reads this API version under cluster.x-k8s.io/v1beta2\)`
}

func initialized(cp *dualcp.DualControlPlane) bool {
	return cp.Status.Initialized // want `MPA222 info: DualControlPlane status.initialized: initialized reads`
}

func upToDate(cp *dualcp.DualControlPlane) int32 {
	return cp.Status.UpdatedReplicas // want `MPA222 info: DualControlPlane status.updatedReplicas: upToDate reads`
}

// The successors are what core reads: fine.
func successors(cp *dualcp.DualControlPlane) (bool, int32, bool) {
	return ptr.Deref(cp.Status.Initialization.ControlPlaneInitialized, false),
		ptr.Deref(cp.Status.UpToDateReplicas, 0),
		cp.Status.Deprecated != nil && cp.Status.Deprecated.V1Beta1 != nil && cp.Status.Deprecated.V1Beta1.FailureReason != nil
}

// Writes are not reads, and a read that feeds the successor is the dual write.
func writes(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.FailureReason = nil
	cp.Status.UpdatedReplicas = n
	cp.Status.UpdatedReplicas++
	cp.Status.UpToDateReplicas = ptr.To(cp.Status.UpdatedReplicas)
	if cp.Status.Initialized {
		cp.Status.Initialization.ControlPlaneInitialized = ptr.To(true)
	}
}

// KubeadmConfig is dual and labelled v1beta1: core still reads status.ready,
// but a flip of the label makes it stale.
func configReady(c *cabpk.KubeadmConfig) bool {
	return c.Status.Ready // want `MPA222 info: KubeadmConfig status.ready: configReady reads`
}

// DockerCluster has only the v1beta1 fields: reading them is all there is.
func clusterReady(c *capd.DockerCluster) bool {
	return c.Status.Ready && c.Status.FailureReason == nil
}

// A v1beta2-only type has no v1beta1 field to read.
func kcpReplicas(cp *kcp.KubeadmControlPlane) int32 {
	return ptr.Deref(cp.Status.UpToDateReplicas, 0)
}

// The v1beta1 field as the fallback of its successor, when that is unset,
// is the migration-safe read.
func fallback(cp *dualcp.DualControlPlane) (bool, int32) {
	return ptr.Deref(cp.Status.Initialization.ControlPlaneInitialized, cp.Status.Initialized),
		ptr.Deref(cp.Status.UpToDateReplicas, cp.Status.UpdatedReplicas)
}

// A fallback for another type's successor is still a read.
func crossed(cp *dualcp.DualControlPlane, other *dualcp.DualControlPlane) bool {
	return ptr.Deref(other.Status.Initialization.ControlPlaneInitialized, cp.Status.Initialized) // want `MPA222 info: DualControlPlane status.initialized: crossed reads`
}
