// Package counters writes a ControlPlane's renamed replica counters:
// poolusage's behaviour engine pairs updatedReplicas and upToDateReplicas
// per object, through setters, helpers, closures and defers, as it pairs
// readiness.
package counters

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	dualcp "example.com/kinds/apis/dualcp/v1beta2"
	"example.com/kinds/controllers/helpers"
)

// DualControlPlane is labelled v1beta2: core v1.14.2 reads the v1beta2 names.

func counters(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n // want `MPA220 error: DualControlPlane status\.updatedReplicas: counters sets .cp\.Status\.UpdatedReplicas. but never status\.upToDateReplicas, which v1beta2\.DualControlPlane also has \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta2\)`
}

func countersBoth(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n
	cp.Status.UpToDateReplicas = ptr.To(n)
}

// Only the v1beta2 name under a v1beta2 label: MPA221 is off there.
func v1beta2Only(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpToDateReplicas = ptr.To(n)
}

// Pairs are per object: a's old name and b's new name are two halves.
func twoObjects(a, b *dualcp.DualControlPlane, n int32) {
	a.Status.UpdatedReplicas = n // want `MPA220 error: DualControlPlane status.updatedReplicas: twoObjects sets .a.Status.UpdatedReplicas.`
	b.Status.UpToDateReplicas = ptr.To(n)
}

// A literal of the status writes its keys; the counters pair apart from readiness.
func literal(n int32) dualcp.DualControlPlaneStatus {
	return dualcp.DualControlPlaneStatus{Initialized: true, UpdatedReplicas: n} // want `MPA220 error: DualControlPlane status.initialized: literal sets` `MPA220 error: DualControlPlane status.updatedReplicas: literal sets`
}

// A helper of another package sets the new name through its WritesFact.
func viaHelper(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n
	helpers.SetUpToDate(cp, n)
}

// setUpdated is a setter: judged where it is called.
func setUpdated(cp *dualcp.DualControlPlane, n int32) {
	cp.Status.UpdatedReplicas = n
}

func viaSetterAlone(cp *dualcp.DualControlPlane, n int32) {
	setUpdated(cp, n) // want `MPA220 error: DualControlPlane status.updatedReplicas: viaSetterAlone sets .setUpdated\(cp, n\).`
}

// A deferred closure belongs to the function that declares it.
func deferred(cp *dualcp.DualControlPlane, n int32) {
	defer func() {
		cp.Status.UpdatedReplicas = n
	}()
	cp.Status.UpToDateReplicas = ptr.To(n)
}

func deferredAlone(cp *dualcp.DualControlPlane, n int32) {
	defer func() {
		cp.Status.UpdatedReplicas = n // want `MPA220 error: DualControlPlane status.updatedReplicas: deferredAlone sets`
	}()
}

// The new name derived from the old one on the same object mirrors it.
func mirror(cp *dualcp.DualControlPlane) {
	cp.Status.UpToDateReplicas = ptr.To(cp.Status.UpdatedReplicas)
}

func count() int32 { return 2 }

// A constant is written under both names, typed as the counter.
func literalConst() dualcp.DualControlPlaneStatus {
	return dualcp.DualControlPlaneStatus{UpdatedReplicas: 3} // want `MPA220 error: DualControlPlane status.updatedReplicas: literalConst sets`
}

// A call cannot be evaluated once for both names inside a literal.
func literalCall() dualcp.DualControlPlaneStatus {
	return dualcp.DualControlPlaneStatus{UpdatedReplicas: count()} // want `MPA220 error: DualControlPlane status.updatedReplicas: literalCall sets .*\(needs a person: count\(\) is not a variable or constant`
}

// Another element's call could change the value between the two reads.
func literalOrder(cp *dualcp.DualControlPlane) dualcp.DualControlPlaneStatus {
	return dualcp.DualControlPlaneStatus{UpdatedReplicas: cp.Status.UpdatedReplicas, Conditions: conditions(cp)} // want `MPA220 error: DualControlPlane status.updatedReplicas: literalOrder sets .*\(needs a person: another element of the literal calls a function`
}

func conditions(cp *dualcp.DualControlPlane) []metav1.Condition { return cp.Status.Conditions }
