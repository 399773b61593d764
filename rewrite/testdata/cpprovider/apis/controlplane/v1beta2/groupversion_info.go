// Package v1beta2 holds the v1beta2 API of the control plane group.
// +kubebuilder:object:generate=true
// +groupName=controlplane.cp.example.com
package v1beta2

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "controlplane.cp.example.com", Version: "v1beta2"}

	// SchemeBuilder registers the types of this group version.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme

	// localSchemeBuilder is used by the generated conversions.
	localSchemeBuilder = &SchemeBuilder.SchemeBuilder
)
