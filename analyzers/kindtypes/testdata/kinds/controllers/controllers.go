package controllers

import (
	"k8s.io/utils/ptr"

	dualcp "example.com/kinds/apis/dualcp/v1beta2"
)

// DualControlPlane is labelled v1beta2: core reads the v1beta2 names. Its
// readiness writes are judged by poolusage's behaviour engine
// (controllers/readiness); the other renamed fields here.

func counters(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n // want `MPA220 error: DualControlPlane status.updatedReplicas: this function writes status.updatedReplicas of DualControlPlane but never status.upToDateReplicas`
}

func countersBoth(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n
	cp.Status.UpToDateReplicas = ptr.To(n)
}

// Only the v1beta2 names under a v1beta2 label: fine.
func v1beta2Only(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpToDateReplicas = ptr.To(n)
}
