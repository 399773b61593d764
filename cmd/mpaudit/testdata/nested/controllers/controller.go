// Package controllers reconciles the pools of the API module.
package controllers

import infrav1 "example.com/nested/api/v1beta2"

// MarkReady writes the v1beta1 readiness alone.
func MarkReady(p *infrav1.NestMachinePool) {
	p.Status.Ready = true
}
