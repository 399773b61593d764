package calls

import (
	"k8s.io/utils/ptr"

	api "example.com/companion/api/v1beta2"
)

type reconciler struct {
	pools []*api.FooMachinePool
	byKey map[string]*api.FooMachinePool
	i     int
}

// next hands out a different pool at each call.
func (r *reconciler) next() *api.FooMachinePool {
	r.i++
	return r.pools[r.i]
}

func (r *reconciler) key() string { return "k" }

// callReceiver must call next() once, as it did before the fix.
func (r *reconciler) callReceiver(ok bool) {
	r.next().Status.Ready = ptr.To(ok) // want `MPA201 info` `MPA203 warning: FooMachinePool status\.ready: callReceiver sets .r\.next\(\)\.Status\.Ready. but not`
}

// constantCallReceiver sets true: the companion is unconditional, but
// next() is still called once.
func (r *reconciler) constantCallReceiver() {
	r.next().Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning`
}

// indexReceiver indexes with a call.
func (r *reconciler) indexReceiver() {
	r.pools[len(r.key())].Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning`
}

// mapReceiver looks up a map with a key that calls.
func (r *reconciler) mapReceiver(ok *bool) {
	r.byKey[r.key()].Status.Ready = ok // want `MPA201 info` `MPA203 warning`
}

// receive takes the pool from a channel.
func receive(ch chan *api.FooMachinePool) {
	(<-ch).Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning`
}

// plain receivers are read again as they are.
func plain(p *api.FooMachinePool, pools [2]api.FooMachinePool) {
	p.Status.Ready = ptr.To(true)        // want `MPA201 info` `MPA203 warning`
	pools[1].Status.Ready = ptr.To(true) // want `MPA201 info` `MPA203 warning`
}

// readyOnly is a ready-only type: the companion waits for the type fix.
func (r *reconciler) readyOnly(next func() *api.BarMachinePool, ok bool) {
	next().Status.Ready = ok // want `MPA201 info: BarMachinePool status.ready: status.ready write`
}

// pointerInitialization would panic on a nil initialization.
func pointerInitialization(p *api.BazMachinePool) {
	p.Status.Ready = true // want `MPA201 info` `MPA203 warning: BazMachinePool status\.ready: pointerInitialization sets .p\.Status\.Ready. but not status\.initialization\.provisioned: set both \(needs a person\)`
}

// notAStatement cannot take a statement after the write.
func notAStatement(p *api.FooMachinePool) {
	for p.Status.Ready = ptr.To(true); ; { // want `MPA201 info` `MPA203 warning: .* \(needs a person\)$`
		break
	}
}
