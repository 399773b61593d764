package dot

import (
	. "example.com/companion/api/v1beta2"
	"k8s.io/utils/ptr"
)

// literal spells the initialization type through the dot import.
func literal(p *FooMachinePool) {
	p.Status = FooMachinePoolStatus{Ready: ptr.To(true)} // want `MPA201 info` `MPA203 warning`
}
