// Package patchoption names the owned conditions of a Secret's patch:
// util/patch types that option for metav1 conditions, so the import stays.
package patchoption

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: .*option.go:18: the file uses the v1beta1 patch helper \(sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch\) on WithOwnedConditions, which util/patch types for metav1 conditions: .*$`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func claim(ctx context.Context, c client.Client, secret *corev1.Secret) error {
	h, err := patch.NewHelper(secret, c)
	if err != nil {
		return err
	}
	return h.Patch(ctx, secret, patch.WithOwnedConditions{}) // want `^MPA703 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch.WithOwnedConditions: .*struct{Conditions \[\]string}\)$`
}
