// Package helpers holds exported setters: their WritesFacts carry the
// writes to the packages that call them.
package helpers

import (
	cabpk "example.com/kinds/apis/cabpk/v1beta1"
	dualcp "example.com/kinds/apis/dualcp/v1beta2"
)

// MarkReady sets the v1beta1 field only; callers must set the other.
func MarkReady(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true
}

// SetUpToDate sets the v1beta2 counter only; callers must set the other.
func SetUpToDate(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpToDateReplicas = &n
}
