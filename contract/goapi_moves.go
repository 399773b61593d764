package contract

import "sort"

// GoAPIMove is a package whose v1beta1 API a provider keeps using after
// raising its Cluster API requirement past Since, at a new path: From is
// what the provider imports, To where the same API lives on (deprecated)
// from Since. The move applies only when the release the provider moves
// to has To (errors stayed at its path until v1.14, say), and, when Until
// is set, precedes Until, the release that removed To.
type GoAPIMove struct {
	From, To     string
	Since, Until Release
}

// Applies reports whether a module built against built and raised to to
// moves From to To.
func (m GoAPIMove) Applies(built, to Release) bool {
	return built.Less(m.Since) && !to.Less(m.Since) && (m.Until == "" || to.Less(m.Until))
}

// GoAPIMoves are the map's packages with a deprecated home (Keep), and the
// packages whose v1.11 namesakes work on v1beta2 objects while the
// deprecated copy is the old code unchanged: the patch helper (the guide's
// annex: util/patch of v1.11 would drop v1beta1 conditions at run time) and
// the paused-condition helper; and the v1alpha1 APIs moved beside them.
// They are not in the map itself, which is the v1beta1 API's: the patch
// and paused paths are not deprecated, only their meaning changed.
func GoAPIMoves() []GoAPIMove { return goAPIMoves }

// alphaRemoved is the release without the v1alpha3 and v1alpha4 APIs.
const alphaRemoved Release = "v1.13.0"

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
	// The retired versions under internal/ (importable only from Cluster
	// API's own modules, as CAPD's spokes do) moved from internal/apis to
	// internal/api in v1.11 with the same types; the experimental core
	// ones (MachinePool) joined the core packages. v1.13 removed them.
	for _, v := range []string{"v1alpha3", "v1alpha4"} {
		for _, g := range []string{"addons", "bootstrap/kubeadm", "controlplane/kubeadm", "core"} {
			out = append(out, GoAPIMove{From: capi + "/internal/apis/" + g + "/" + v, To: capi + "/internal/api/" + g + "/" + v, Since: ReleaseV1Beta2, Until: alphaRemoved})
		}
		out = append(out, GoAPIMove{From: capi + "/internal/apis/core/exp/" + v, To: capi + "/internal/api/core/" + v, Since: ReleaseV1Beta2, Until: alphaRemoved})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}
