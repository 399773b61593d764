package v1alpha2

// DefaultSize is the size a FooMachine without one gets.
const DefaultSize = "small"
