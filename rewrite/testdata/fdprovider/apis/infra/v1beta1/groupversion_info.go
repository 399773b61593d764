// Package v1beta1 holds the v1beta1 API of the infrastructure group.
// +kubebuilder:object:generate=true
// +groupName=infrastructure.fd.example.com
package v1beta1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is group version used to register these objects.
	GroupVersion = schema.GroupVersion{Group: "infrastructure.fd.example.com", Version: "v1beta1"}

	// SchemeBuilder registers the types of this group version.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types in this group-version to the given scheme.
	AddToScheme = SchemeBuilder.AddToScheme

	// localSchemeBuilder is used by the generated conversions.
	localSchemeBuilder = &SchemeBuilder.SchemeBuilder
)
