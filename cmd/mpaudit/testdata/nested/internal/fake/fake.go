// Package fake holds a test double: a root type no CRD, scheme or API
// group makes a served object, so it is no contract kind.
package fake

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FakeNestMachine stands in for a machine in tests.
// +kubebuilder:object:root=true
type FakeNestMachine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
