// +kubebuilder:object:generate=true
// +groupName=controlplane.cluster.x-k8s.io
package v1beta2

import "k8s.io/apimachinery/pkg/runtime/schema"

var GroupVersion = schema.GroupVersion{Group: "controlplane.cluster.x-k8s.io", Version: "v1beta2"}
