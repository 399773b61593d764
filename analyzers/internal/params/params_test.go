package params

import (
	"go/types"
	"testing"
)

func TestTypeOf(t *testing.T) {
	str, num := types.Typ[types.String], types.Typ[types.Int]
	variadic := types.NewSignatureType(nil, nil, nil, types.NewTuple(
		types.NewParam(0, nil, "n", num),
		types.NewParam(0, nil, "rest", types.NewSlice(str))), nil, true)
	plain := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "n", num)), nil, false)
	for _, c := range []struct {
		sig    *types.Signature
		i      int
		spread bool
		want   string
	}{
		{variadic, 0, false, "int"},
		{variadic, 1, false, "string"},
		{variadic, 3, false, "string"},
		{variadic, 1, true, "[]string"},
		{plain, 0, false, "int"},
		{plain, 1, false, "<nil>"},
	} {
		got := "<nil>"
		if pt := TypeOf(c.sig, c.i, c.spread); pt != nil {
			got = pt.String()
		}
		if got != c.want {
			t.Errorf("TypeOf(%s, %d, %v) = %s, want %s", c.sig, c.i, c.spread, got, c.want)
		}
	}
}
