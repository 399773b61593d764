// Package shapes uses a control plane's counters and
// externalManagedControlPlane, which the MPA126 type fix makes pointers:
// reads take ptr.Deref, writes store ptr.To (the value evaluated once), a
// copy between two such fields copies the pointer.
package shapes

import (
	"fmt"

	dualcp "example.com/kinds/apis/dualcp/v1beta2"
)

func next() int32 { return 3 }

func writes(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.Replicas = n                        // want `MPA126: rewrite for status.replicas as a pointer`
	cp.Status.ReadyReplicas = 0                   // want `MPA126: rewrite for status.readyReplicas as a pointer`
	cp.Status.Replicas = next()                   // want `MPA126: rewrite for status.replicas as a pointer`
	cp.Status.ExternalManagedControlPlane = n > 2 // want `MPA126: rewrite for status.externalManagedControlPlane as a pointer`
	(cp.Status.ReadyReplicas) = n + 1             // want `MPA126: rewrite for status.readyReplicas as a pointer`
}

func reads(cp *dualcp.DualControlPlane) (int32, bool) {
	if cp.Status.ReadyReplicas > 0 && !cp.Status.ExternalManagedControlPlane { // want `MPA126: rewrite for status.readyReplicas as a pointer` `MPA126: rewrite for status.externalManagedControlPlane as a pointer`
		fmt.Println(cp.Status.Replicas) // want `MPA126: rewrite for status.replicas as a pointer`
	}
	total := cp.Status.Replicas + cp.Status.ReadyReplicas // want `MPA126: rewrite for status.replicas as a pointer` `MPA126: rewrite for status.readyReplicas as a pointer`
	return total, cp.Status.ExternalManagedControlPlane   // want `MPA126: rewrite for status.externalManagedControlPlane as a pointer`
}

func copies(a, b *dualcp.DualControlPlane) dualcp.DualControlPlaneStatus {
	a.Status.Replicas = b.Status.Replicas
	return dualcp.DualControlPlaneStatus{Replicas: b.Status.Replicas, ReadyReplicas: 2, ExternalManagedControlPlane: true} // want `MPA126: rewrite for status.readyReplicas as a pointer` `MPA126: rewrite for status.externalManagedControlPlane as a pointer`
}
