// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2

import "k8s.io/apimachinery/pkg/runtime/schema"

var GroupVersion = schema.GroupVersion{Group: "infrastructure.cluster.x-k8s.io", Version: "v1beta2"}

// schemeBuilder stands in for controller-runtime's: the finder reads its
// Register calls.
type schemeBuilder struct{}

func (schemeBuilder) Register(...any) {}

var SchemeBuilder schemeBuilder
