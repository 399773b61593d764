// Package both registers the v1beta1 and the v1beta2 IPAM types already:
// nothing to move.
package both

import (
	"k8s.io/apimachinery/pkg/runtime"

	ipamv1beta1 "sigs.k8s.io/cluster-api/api/ipam/v1beta1" // want `^MPA702 warning: .*ipam/v1beta2$`
	ipamv1 "sigs.k8s.io/cluster-api/api/ipam/v1beta2"
)

// Register adds both versions.
func Register(s *runtime.Scheme) {
	_ = ipamv1beta1.AddToScheme(s)
	_ = ipamv1.AddToScheme(s)
}
