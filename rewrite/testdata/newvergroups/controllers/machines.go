// Package controllers reconciles the control plane.
package controllers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/cluster-api/util/annotations"

	bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha1"
	controlplanev1 "example.com/newvergroups/controlplane/api/v1alpha1"
)

// ConfigFor is the bootstrap configuration of a new control plane machine.
func ConfigFor(cp *controlplanev1.FooControlPlane, name string) *bootstrapv1.FooConfig {
	return &bootstrapv1.FooConfig{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: cp.Namespace},
		Spec:       *cp.Spec.Config.DeepCopy(),
	}
}

// MarkInitialized records that the control plane is up.
func MarkInitialized(cp *controlplanev1.FooControlPlane) {
	cp.Status.Initialized = true
	cp.Status.Ready = true
}

// Paused reports whether the control plane's reconciliation is paused.
func Paused(cp *controlplanev1.FooControlPlane) bool { return annotations.HasPaused(cp) }
