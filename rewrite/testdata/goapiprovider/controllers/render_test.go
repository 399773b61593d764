package controllers

import (
	"strings"
	"testing"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// The JSON is v1beta1's: its move compiles, but this test fails on it.
func TestRender(t *testing.T) {
	m := &clusterv1.Machine{}
	m.Status.InfrastructureReady = true
	if got := Render(m); !strings.Contains(got, `"infrastructureReady":true`) {
		t.Errorf("Render = %s", got)
	}
}
