// Package secrets claims a Secret with the patch helper: a Secret has no
// conditions, so the raise keeps util/patch, which patches it alike.
package secrets

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Claim adds the provider's finalizer to the secret.
func Claim(ctx context.Context, c client.Client, secret *corev1.Secret) error {
	h, err := patch.NewHelper(secret, c)
	if err != nil {
		return err
	}
	secret.Finalizers = append(secret.Finalizers, "example.com/claim")
	return h.Patch(ctx, secret)
}
