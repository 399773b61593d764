package controllers

import (
	"encoding/json"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

// Render is the machine's status as JSON.
func Render(m *clusterv1.Machine) string {
	b, err := json.Marshal(m.Status)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
