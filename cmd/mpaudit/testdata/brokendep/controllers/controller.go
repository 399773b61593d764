// Package controllers imports a module the go.mod does not require, as when
// a dependency cannot be downloaded.
package controllers

import (
	"example.com/unavailable/cloudsdk"

	v1beta2 "example.com/brokendep/api/v1beta2"
)

func reconcile(p *v1beta2.PartMachinePool) {
	p.Status.Ready = cloudsdk.Ready()
}
