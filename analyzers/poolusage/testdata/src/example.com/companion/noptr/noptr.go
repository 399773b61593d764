package noptr

import api "example.com/companion/api/v1beta2"

// set has no pointer helper imported: the fix imports k8s.io/utils/ptr.
func set(p *api.FooMachinePool, ready *bool) {
	p.Status.Ready = ready // want `MPA201 info` `MPA203 warning`
}

// setNegated calls a helper named To that is not ptr.To: its result is
// not known to be true, so the companion is guarded.
func setNegated(p *api.FooMachinePool) {
	p.Status.Ready = negate.To(true) // want `MPA201 info` `MPA203 warning`
}

type negator struct{}

var negate negator

func (negator) To(b bool) *bool {
	v := !b
	return &v
}
