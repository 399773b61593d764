package controllers

import (
	"testing"

	capd "example.com/provider/apis/capdlike/v1beta2"
)

func TestReconcile(t *testing.T) {
	p := &capd.DockerMachinePool{}
	reconcileDocker(p)
	if !p.Status.Ready { // test files are not use sites
		t.Fatal("not ready")
	}
}
