// Package patchexported hands its v1beta1 patch helper to other
// packages: their code, which this pass does not see, types it, so the
// import stays.
package patchexported

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: .*exported.go:13: the file uses the v1beta1 patch helper \(sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch\) on a helper the package exports \(SecretHelper\): util/patch patches an object without conditions alike: move the helper's users in the other packages with it by hand.*$`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SecretHelper patches a Secret.
func SecretHelper(c client.Client, s *corev1.Secret) (*patch.Helper, error) {
	return patch.NewHelper(s, c)
}
