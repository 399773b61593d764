package goapisymbols_test

import (
	"testing"

	"github.com/mpaudit/mpaudit/analyzers/internal/gofixtest"
)

// TestGoFixMovesFiles applies the move to v1beta2 the way a user does,
// with go fix -fixtool=mpaudit, to a copy of the move module: the files it
// changes are exactly those with a .golden, each equal to it (the blocked
// files keep their v1beta1 imports and have none), and the result builds
// and vets.
func TestGoFixMovesFiles(t *testing.T) {
	gofixtest.Run(t, "testdata/move", gofixtest.Options{})
}
