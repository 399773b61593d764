// Package readiness writes the readiness fields of the label-driven kinds:
// poolusage's behaviour engine pairs the v1beta1 and v1beta2 fields per
// object, through helpers, closures and defers, as it does for pools.
package readiness

import (
	"k8s.io/utils/ptr"

	cabpk "example.com/kinds/apis/cabpk/v1beta1"
	capd "example.com/kinds/apis/capd/v1beta1"
	dualcp "example.com/kinds/apis/dualcp/v1beta2"
	"example.com/kinds/controllers/helpers"
)

// KubeadmConfig is dual and labelled v1beta1 (core v1.14.2 reads status.ready).

func readyOnly(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true // want `MPA220 warning: KubeadmConfig status\.ready: readyOnly sets .c\.Status\.Ready. but never status\.initialization\.dataSecretCreated, which v1beta1\.KubeadmConfig also has \(core v1\.14\.2 reads this API version under cluster\.x-k8s\.io/v1beta1\) \(needs a person\)`
}

func initializationOnly(c *cabpk.KubeadmConfig) {
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true} // want `MPA221 error: KubeadmConfig status.initialization.dataSecretCreated: initializationOnly sets .* but never status.ready, which v1beta1.KubeadmConfig also has`
}

func both(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true}
}

// Resetting ready needs no companion: initialization is one-way.
func reset(c *cabpk.KubeadmConfig) {
	c.Status.Ready = false
}

// A literal of the status writes its keys.
func literal() cabpk.KubeadmConfigStatus {
	return cabpk.KubeadmConfigStatus{Ready: true} // want `MPA220 warning: KubeadmConfig status.ready`
}

// Pairs are per object: a's ready and b's initialization are two halves.
func twoObjects(a, b *cabpk.KubeadmConfig) {
	a.Status.Ready = true                                                                       // want `MPA220 warning: KubeadmConfig status.ready: twoObjects sets .a.Status.Ready.`
	b.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true} // want `MPA221 error: KubeadmConfig status.initialization.dataSecretCreated: twoObjects sets .KubeadmConfigInitializationStatus{DataSecretCreated: …}. but never status.ready`
}

// setReady is a setter: judged where it is called.
func setReady(c *cabpk.KubeadmConfig) {
	c.Status.Ready = true
}

func viaSetter(c *cabpk.KubeadmConfig) {
	setReady(c)
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true}
}

func viaSetterAlone(c *cabpk.KubeadmConfig) {
	setReady(c) // want `MPA220 warning: KubeadmConfig status.ready: viaSetterAlone sets .setReady\(c\).`
}

// A setter of another package counts through its fact.
func viaHelper(c *cabpk.KubeadmConfig) {
	helpers.MarkReady(c)
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true}
}

func viaHelperAlone(c *cabpk.KubeadmConfig) {
	helpers.MarkReady(c) // want `MPA220 warning: KubeadmConfig status.ready: viaHelperAlone sets .helpers.MarkReady\(c\).`
}

// A deferred closure belongs to the function that declares it.
func deferred(c *cabpk.KubeadmConfig) {
	defer func() {
		c.Status.Ready = true
	}()
	c.Status.Initialization = &cabpk.KubeadmConfigInitializationStatus{DataSecretCreated: true}
}

func deferredAlone(c *cabpk.KubeadmConfig) {
	defer func() {
		c.Status.Ready = true // want `MPA220 warning: KubeadmConfig status.ready: deferredAlone sets`
	}()
}

// DualControlPlane is labelled v1beta2: initialized alone is an error.
func controlPlane(cp *dualcp.DualControlPlane) {
	cp.Status.Initialized = true // want `MPA220 error: DualControlPlane status.initialized: controlPlane sets .cp.Status.Initialized. but never status.initialization.controlPlaneInitialized`
}

func controlPlaneBoth(cp *dualcp.DualControlPlane) {
	cp.Status.Initialized = true
	cp.Status.Initialization.ControlPlaneInitialized = ptr.To(true)
}

// DockerMachine has no v1beta2 field: nothing to pair.
func machine(m *capd.DockerMachine) {
	m.Status.Ready = true
}
