package v1alpha2

// +kubebuilder:webhook:path=/mutate-infrastructure-nv-example-com-v1alpha2-foomachine,mutating=true,failurePolicy=fail,sideEffects=None,groups=infrastructure.nv.example.com,resources=foomachines,verbs=create;update,versions=v1alpha2,name=default.foomachine.infrastructure.nv.example.com,admissionReviewVersions=v1

// DefaultSize is the size a FooMachine without one gets.
const DefaultSize = "small"
