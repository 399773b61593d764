// Package patchsecret patches a Secret and an object without conditions
// with the v1beta1 patch helper: util/patch patches them alike, so the
// import moves.
package patchsecret

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch: the import is .*successor is sigs.k8s.io/cluster-api/util/patch.*$` `^MPA702: move secret.go to Cluster API's v1beta2 Go API$`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Plain has no conditions.
type Plain struct{ corev1.ConfigMap }

type scope struct {
	helper *patch.Helper
	plain  *Plain
}

func newScope(c client.Client, p *Plain) (*scope, error) {
	h, err := patch.NewHelper(p, c)
	if err != nil {
		return nil, err
	}
	return &scope{helper: h, plain: p}, nil
}

func (s *scope) close(ctx context.Context) error {
	return s.helper.Patch(ctx, s.plain)
}

func claim(ctx context.Context, c client.Client, secret *corev1.Secret) error {
	h, err := patch.NewHelper(secret, c)
	if err != nil {
		return err
	}
	secret.Finalizers = append(secret.Finalizers, "example.com/claim")
	return h.Patch(ctx, secret)
}
