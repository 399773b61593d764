package alias

import (
	"k8s.io/utils/ptr"

	scw "example.com/companion/api/v1beta2"
)

// literal sets ready in a status literal of another package, imported
// under an alias.
func literal(p *scw.FooMachinePool) {
	p.Status = scw.FooMachinePoolStatus{Ready: ptr.To(true)} // want `MPA201 info` `MPA203 warning: FooMachinePool status\.ready: literal sets .FooMachinePoolStatus\{Ready: …\}. but not`
}

// pointerLiteral needs &T{} for a pointer initialization.
func pointerLiteral(p *scw.BazMachinePool) {
	p.Status = scw.BazMachinePoolStatus{Ready: true} // want `MPA201 info` `MPA203 warning`
}

// computed cannot set provisioned one-way inside a literal.
func computed(p *scw.FooMachinePool, ok bool) {
	p.Status = scw.FooMachinePoolStatus{Ready: ptr.To(ok)} // want `MPA201 info` `MPA203 warning: .* \(needs a person\)$`
}
