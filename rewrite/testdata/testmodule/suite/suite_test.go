// Package suite has tests only, as a suite package often does.
package suite

import (
	"testing"

	"k8s.io/utils/ptr"

	infrav1 "example.com/crds/api/v1beta1"
)

func TestMachine(t *testing.T) {
	m := infrav1.FooMachine{Spec: infrav1.FooMachineSpec{ProviderID: ptr.To("cloud://2"), Image: "img"}}
	if ptr.Deref(m.Spec.ProviderID, "") != "cloud://2" {
		t.Error("providerID not kept")
	}
}
