// Package patchuser uses the scope of patchscope, whose helper it does
// not see, and patches a Secret itself: the import moves.
package patchuser

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch: the import is .*successor is sigs.k8s.io/cluster-api/util/patch.*$` `^MPA702: move user.go to Cluster API's v1beta2 Go API$`
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/move/controllers/patchscope"
)

func reconcile(ctx context.Context, c client.Client, s *patchscope.Scope, secret *corev1.Secret) error {
	h, err := patch.NewHelper(secret, c)
	if err != nil {
		return err
	}
	if err := h.Patch(ctx, secret); err != nil {
		return err
	}
	return s.Close(ctx)
}
