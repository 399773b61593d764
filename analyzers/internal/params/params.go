// Package params says which parameter type a call's argument is passed
// as, the variadic tail included.
package params

import "go/types"

// TypeOf is the type sig's parameter takes argument i as: a variadic
// parameter's element type, or its slice type when the call spreads a
// slice into it (spread: f(xs...)). Nil past the end.
func TypeOf(sig *types.Signature, i int, spread bool) types.Type {
	n := sig.Params().Len()
	switch {
	case sig.Variadic() && i >= n-1:
		last := sig.Params().At(n - 1).Type()
		if spread {
			return last
		}
		if s, ok := last.Underlying().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	case i < n:
		return sig.Params().At(i).Type()
	}
	return nil
}
