package use

import api "example.com/manual/api/v1beta2"

func takesPtr(id *string) {}

// addsPtr needs k8s.io/utils/ptr, which the file does not import.
func addsPtr(m *api.FooMachinePool) {
	takesPtr(m.Spec.ProviderID) // want `spec.providerID read .*FooMachinePool .m.Spec.ProviderID.$`
}

// shadowed has a variable named ptr: the import gets another name, for the
// whole file, so every fix adds the same import.
func shadowed(m *api.FooMachinePool) {
	ptr := 1
	_ = ptr
	takesPtr(m.Spec.ProviderID) // want `spec.providerID read .*FooMachinePool .m.Spec.ProviderID.$`
}
