// Command main builds the manager's scheme.
package main

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta1"

	"example.com/goapiprovider/controllers"
)

var scheme = runtime.NewScheme()

func main() {
	utilruntime.Must(clusterv1.AddToScheme(scheme))
	fmt.Println(controllers.Describe(&clusterv1.Cluster{}), len(scheme.AllKnownTypes()))
}
