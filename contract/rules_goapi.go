package contract

import "slices"

// The rules on a provider's use of Cluster API's own v1beta1 Go API (the
// second half of a migration; GoAPIFields and the symbol map say what
// replaces what). Each set lives in its own file.
var goAPIRules = slices.Concat(goAPIFieldRules, goAPISymbolRules, goAPIConditionRules)

// goAPISeverity is the one severity policy of those rules: info while
// v1beta1 is the current Go API (targets before v1.11), a warning once the
// target ships the v1beta2 types, an error from the release that removes
// v1beta1. A provider's own older API versions (spokes) may keep the core
// v1beta1 types their schema needs: info there.
func goAPISeverity(c Context) Severity {
	switch {
	case c.Spoke:
		return Info
	case c.Release == "" || c.Release.Less(GoAPIIntroduced):
		return Info
	case c.Release.Less(GoAPIRemoval):
		return Warning
	}
	return Error
}
