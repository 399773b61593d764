package contract

import "sort"

// GoAPIMove is a package whose v1beta1 API a provider keeps using after
// raising its Cluster API requirement past Since, at a new path: From is
// what the provider imports, To where the same API lives on (deprecated)
// from Since. The move applies only when the release the provider moves
// to has To (errors stayed at its path until v1.14, say).
type GoAPIMove struct {
	From, To string
	Since    Release
}

// GoAPIMoves are the map's packages with a deprecated home (Keep), and the
// packages whose v1.11 namesakes work on v1beta2 objects while the
// deprecated copy is the old code unchanged: the patch helper (the guide's
// annex: util/patch of v1.11 would drop v1beta1 conditions at run time) and
// the paused-condition helper; and the v1alpha1 APIs moved beside them.
// They are not in the map itself, which is the v1beta1 API's: the patch
// and paused paths are not deprecated, only their meaning changed.
func GoAPIMoves() []GoAPIMove { return goAPIMoves }

var goAPIMoves = buildGoAPIMoves()

func buildGoAPIMoves() []GoAPIMove {
	var out []GoAPIMove
	for _, s := range goAPISymbols {
		if s.Kind == SymPackage && s.Keep != "" && s.Until != "" {
			out = append(out, GoAPIMove{From: s.Path, To: s.Keep, Since: s.Until})
		}
	}
	out = append(out,
		GoAPIMove{From: patchPkg, To: deprecatedPatch, Since: ReleaseV1Beta2},
		GoAPIMove{From: pausedPkg, To: deprecatedPaused, Since: ReleaseV1Beta2},
		// The v1alpha1 APIs the guide lists as moved to api/ in v1.11.
		GoAPIMove{From: capi + "/exp/ipam/api/v1alpha1", To: capiAPI + "/ipam/v1alpha1", Since: ReleaseV1Beta2},
		GoAPIMove{From: capi + "/exp/runtime/api/v1alpha1", To: capiAPI + "/runtime/v1alpha1", Since: ReleaseV1Beta2},
		GoAPIMove{From: capi + "/exp/runtime/hooks/api/v1alpha1", To: capiAPI + "/runtime/hooks/v1alpha1", Since: ReleaseV1Beta2},
	)
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}
