// Package scope hands out a Secret's patch helper in an exported field,
// which another package fills: the raise's move of util/patch here comes
// back with that package's, which keeps util/patch.
package scope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/patch"
)

// SecretScope patches Secret with PatchHelper when it closes.
type SecretScope struct {
	Secret      *corev1.Secret
	PatchHelper *patch.Helper
}

// Close patches the secret.
func (s *SecretScope) Close(ctx context.Context) error {
	return s.PatchHelper.Patch(ctx, s.Secret)
}
