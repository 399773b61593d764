// Package webhooks defaults the provider's objects.
package webhooks

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

// +kubebuilder:webhook:path=/mutate-infrastructure-nv-example-com-v1alpha2-foomachine,mutating=true,failurePolicy=fail,sideEffects=None,groups=infrastructure.nv.example.com,resources=foomachines,verbs=create;update,versions=v1alpha2,name=default.foomachine.infrastructure.nv.example.com,admissionReviewVersions=v1

// FooMachine defaults FooMachines.
type FooMachine struct{}

// SetupWebhookWithManager registers the defaulting webhook.
func (w *FooMachine) SetupWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &infrav1.FooMachine{}).WithDefaulter(w).Complete()
}

// Default gives a FooMachine without a size the default one.
func (w *FooMachine) Default(_ context.Context, m *infrav1.FooMachine) error {
	if m.Spec.Size == "" {
		m.Spec.Size = infrav1.DefaultSize
	}
	return nil
}
