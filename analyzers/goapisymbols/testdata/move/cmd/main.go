// Command main registers the v1beta1 types: the move registers the
// v1beta2 ones beside them.
package main

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1" // want `^MPA702 warning: ` `^MPA702: register Cluster API's v1beta2 types beside the v1beta1 ones in main.go$`
	ipamv1 "sigs.k8s.io/cluster-api/api/ipam/v1beta1"    // want `^MPA702 warning: `
)

var scheme = runtime.NewScheme()

func main() {
	utilruntime.Must(clusterv1.AddToScheme(scheme))
	_ = ipamv1.AddToScheme(scheme)
}
