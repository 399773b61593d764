// Package claims makes the scope of a cluster's kubeconfig Secret. It
// reads the v1beta1 Cluster, which the Go API fix moves, and fills the
// scope's helper with util/patch's.
package claims

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/bumpprovider/scope"
)

// ScopeFor is the scope of the cluster's kubeconfig secret.
func ScopeFor(c client.Client, cluster *clusterv1.Cluster, secret *corev1.Secret) (*scope.SecretScope, error) {
	if secret.Name != cluster.Name+"-kubeconfig" {
		return nil, fmt.Errorf("secret %s is not cluster %s's kubeconfig", secret.Name, cluster.Name)
	}
	h, err := patch.NewHelper(secret, c)
	if err != nil {
		return nil, err
	}
	return &scope.SecretScope{Secret: secret, PatchHelper: h}, nil
}
