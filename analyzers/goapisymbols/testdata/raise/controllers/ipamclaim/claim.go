// Package ipamclaim builds an IPAddressClaim whose pool reference v1beta2
// retypes: a Kubernetes TypedLocalObjectReference becomes Cluster API's
// IPPoolReference, with the same fields and a string APIGroup.
package ipamclaim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"
	ipamv1 "sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1" // want `^MPA702 warning: sigs.k8s.io/cluster-api/exp/ipam/api/v1beta1: the import is .*$` `^MPA702: move claim.go to Cluster API's v1beta2 Go API$`
)

// claim sets the pool reference with a literal of the old type.
func claim(name, group, kind string) *ipamv1.IPAddressClaim {
	return &ipamv1.IPAddressClaim{
		Spec: ipamv1.IPAddressClaimSpec{
			PoolRef: corev1.TypedLocalObjectReference{
				APIGroup: ptr.To(group),
				Kind:     kind,
				Name:     name,
			},
		},
	}
}

// cidr reads the prefix v1beta2 makes an *int32 as the int v1beta1 had.
func cidr(a *ipamv1.IPAddress) string {
	return fmt.Sprintf("%s/%d", a.Spec.Address, a.Spec.Prefix)
}
