// Package v1alpha1 is the one served API version of a provider built
// against Cluster API v1.10, which reads it by the v1beta1 contract.
// +kubebuilder:object:generate=true
// +groupName=infrastructure.fail110.example.com
package v1alpha1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is group version used to register these objects.
var GroupVersion = schema.GroupVersion{Group: "infrastructure.fail110.example.com", Version: "v1alpha1"}
