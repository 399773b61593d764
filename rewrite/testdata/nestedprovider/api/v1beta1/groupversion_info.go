// Package v1beta1 holds the infrastructure types of the fixture provider.
// +kubebuilder:object:generate=true
// +groupName=infrastructure.crds.example.com
package v1beta1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is group version used to register these objects.
var GroupVersion = schema.GroupVersion{Group: "infrastructure.crds.example.com", Version: "v1beta1"}
