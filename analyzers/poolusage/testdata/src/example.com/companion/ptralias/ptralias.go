package ptralias

import (
	api "example.com/companion/api/v1beta2"
	kptr "k8s.io/utils/ptr"
)

// set reuses the file's alias of k8s.io/utils/ptr.
func set(p *api.FooMachinePool) {
	p.Status.Ready = kptr.To(true) // want `MPA201 info` `MPA203 warning`
}
