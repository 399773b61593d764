// want package:"patches 1 object types"
package imp

import (
	"context"

	"sigs.k8s.io/cluster-api/util/patch"
)

func patchMachine(ctx context.Context, h *patch.Helper, m *machine) error {
	return h.Patch(ctx, m, patch.WithOwnedConditions{Conditions: []string{"Ready"}})
}
