// Package hybridboth patches the provider's own stage-1 object and a core
// Cluster with util/patch: raised past v1.11 the two need different
// helpers (the deprecated one sees only the stage-1 conditions), so the
// file keeps its imports and names the use.
package hybridboth

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/raise/api/stage1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1" // want `^MPA702 warning: sigs\.k8s\.io/cluster-api/api/v1beta1: the import is .*both\.go keeps its v1beta1 imports, as its move is not mechanical: both\.go:22: the package's patch helpers patch both the provider's own objects, still at the guide's stage 1 \(util/deprecated/v1beta1/patch from v1\.11\), and cluster, whose conditions the move makes v1beta2 \(util/patch\): give each its own helper, then run the rewrite again$`
	"sigs.k8s.io/cluster-api/util/patch"
)

func patchBoth(ctx context.Context, c client.Client, cluster *clusterv1.Cluster, m *stage1.BarMachine) error {
	mh, err := patch.NewHelper(m, c)
	if err != nil {
		return err
	}
	ch, err := patch.NewHelper(cluster, c)
	if err != nil {
		return err
	}
	if err := mh.Patch(ctx, m); err != nil {
		return err
	}
	return ch.Patch(ctx, cluster)
}
