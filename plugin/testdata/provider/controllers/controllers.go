// Package controllers uses the pool types of other packages: poolusage
// recognises them only through the facts kindfinder exports for apis/.
package controllers

import (
	gadgetv1 "example.com/provider/apis/gadget/v1beta2"
	widgetv1 "example.com/provider/apis/widget/v1beta2"
)

func to[T any](v T) *T { return &v }

// reconcileGadget sets status.ready but not status.initialization.provisioned.
func reconcileGadget(pool *gadgetv1.GadgetMachinePool) {
	pool.Status.Ready = to(true) // want `MPA203 warning: GadgetMachinePool status\.ready: reconcileGadget sets .pool\.Status\.Ready. but not status\.initialization\.provisioned: set both`
}

// reconcileGadgetBoth sets both readiness fields: only info findings.
func reconcileGadgetBoth(pool *gadgetv1.GadgetMachinePool) {
	pool.Status.Initialization.Provisioned = to(true)
	pool.Status.Ready = to(true)
}

// reconcileWidget writes the only readiness field its type has (the type
// rule MPA101 reports the problem, on the type).
func reconcileWidget(pool *widgetv1.WidgetMachinePool) {
	pool.Status.Ready = true
}
