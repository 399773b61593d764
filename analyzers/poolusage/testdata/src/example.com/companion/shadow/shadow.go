package shadow

import (
	"k8s.io/utils/ptr"

	api "example.com/companion/api/v1beta2"
)

// shadowed has a local variable named ptr: the package needs another name.
func shadowed(p *api.FooMachinePool, ok *bool) {
	ptr := ok
	p.Status.Ready = ptr // want `MPA201 info` `MPA203 warning`
}

// free uses the package as imported.
func free(p *api.FooMachinePool) {
	p.Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning`
}
