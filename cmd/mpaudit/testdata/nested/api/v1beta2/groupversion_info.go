// Package v1beta2 is the API of the nested provider, a module of its own.
// +groupName=infrastructure.nested.example.com
package v1beta2

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the API group and version.
var GroupVersion = schema.GroupVersion{Group: "infrastructure.nested.example.com", Version: "v1beta2"}
