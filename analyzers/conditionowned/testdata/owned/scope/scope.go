// want package:"patches 1 object types"
// Package scope patches the object a controller in another package sets
// conditions on.
package scope

import (
	"context"

	"example.com/owned/api"
	"sigs.k8s.io/cluster-api/util/patch"
)

type MachineScope struct {
	Machine *api.FooMachine
	helper  *patch.Helper
}

func (s *MachineScope) Close(ctx context.Context) error {
	return s.helper.Patch(ctx, s.Machine, patch.WithOwnedConditions{Conditions: []string{api.DiskReadyCondition}})
}
