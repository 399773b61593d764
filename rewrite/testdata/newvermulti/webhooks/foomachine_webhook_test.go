package webhooks

import (
	"context"
	"testing"

	infrav1 "example.com/newvermulti/api/v1alpha2"
)

func TestDefault(t *testing.T) {
	m := &infrav1.FooMachine{}
	if err := (&FooMachine{}).Default(context.Background(), m); err != nil || m.Spec.Size != infrav1.DefaultSize {
		t.Errorf("size %q, error %v", m.Spec.Size, err)
	}
}
