// Package patchkept patches an object with v1beta1 conditions, and one
// whose type it does not know, with the v1beta1 patch helper: util/patch
// would not handle those conditions the same way, so the import stays.
package patchkept

import (
	"context"

	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch: the import is .*kept.go keeps its v1beta1 imports, as its move is not mechanical: kept.go:16: the file uses the v1beta1 patch helper \(sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch\) on an object with conditions: move the file's conditions first.*$`
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/move/own"
)

func close(ctx context.Context, c client.Client, o *own.Own) error {
	h, err := patch.NewHelper(o, c)
	if err != nil {
		return err
	}
	return h.Patch(ctx, o)
}

func unknown(ctx context.Context, c client.Client, o client.Object) error {
	h, err := patch.NewHelper(o, c)
	if err != nil {
		return err
	}
	return h.Patch(ctx, o)
}
