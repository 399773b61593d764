// Package v1beta2 declares the API version with markers only: kindfinder
// falls back to +groupName and the package name when there is no
// schema.GroupVersion, and leaving k8s.io/apimachinery out keeps the
// analysistest loads small.
//
// +kubebuilder:object:generate=true
// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2
