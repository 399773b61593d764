// Command main builds the manager's scheme.
package main

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
	expclusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"
)

var (
	scheme = runtime.NewScheme()
	// more registers what the manager watches besides.
	more = runtime.SchemeBuilder{clusterv1.AddToScheme}
)

func init() {
	utilruntime.Must(clusterv1.AddToScheme(scheme))
	utilruntime.Must(expclusterv1.AddToScheme(scheme))
	utilruntime.Must(more.AddToScheme(scheme))
}

func main() {
	fmt.Println(len(scheme.AllKnownTypes()))
}
