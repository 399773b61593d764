// Package patchany patches an object it knows only as a client.Object:
// it may have conditions, so the import stays.
package patchany

import (
	"context"

	"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch" // want `^MPA702 warning: .*any.go:13: the file uses the v1beta1 patch helper \(sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch\) on an object of an interface type \(sigs.k8s.io/controller-runtime/pkg/client.Object\), which may have conditions: .*$`
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func patchAny(ctx context.Context, c client.Client, o client.Object) error {
	h, err := patch.NewHelper(o, c)
	if err != nil {
		return err
	}
	return h.Patch(ctx, o)
}
