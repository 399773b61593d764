package controllers

import (
	"testing"

	bootstrapv1 "example.com/newvergroups/bootstrap/api/v1alpha1"
	controlplanev1 "example.com/newvergroups/controlplane/api/v1alpha1"
)

func TestConfigFor(t *testing.T) {
	cp := &controlplanev1.FooControlPlane{Spec: controlplanev1.FooControlPlaneSpec{Config: bootstrapv1.FooConfigSpec{Format: "cloud-config", Files: []string{"a"}}}}
	cp.Namespace = "ns"
	c := ConfigFor(cp, "m1")
	if c.Spec.Format != "cloud-config" || len(c.Spec.Files) != 1 || c.Namespace != "ns" {
		t.Errorf("config %+v", c)
	}
	c.Spec.Files[0] = "b"
	if cp.Spec.Config.Files[0] != "a" {
		t.Error("the config shares the control plane's files")
	}
}
