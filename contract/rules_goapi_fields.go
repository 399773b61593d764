package contract

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The rule on uses of the fields of Cluster API's v1beta1 Go types whose
// v1beta2 successor is another path or shape (GoAPIFields).

// RuleGoAPIField is the first of the MPA7xx range, the rules on a
// provider's code on Cluster API's own v1beta1 Go API (MPA6xx is live's).
// Rule IDs are stable: never renumber, only add.
const RuleGoAPIField = "MPA701"

var goAPIFieldRules = []*Rule{
	{
		ID: RuleGoAPIField, Name: "goapi-field-use", Scope: ScopeGoAPI,
		Modes: Static,
		Title: "code reads or writes a field of a Cluster API v1beta1 Go type that v1beta2 moves, retypes or drops",
		Rationale: "Cluster API ships its v1beta2 Go types from v1.11 and plans to remove the v1beta1 ones in v1.16. A provider's " +
			"code on the v1beta1 types (api/core/v1beta1, the kubeadm bootstrap and control plane v1beta1 packages, their pre-v1.11 " +
			"paths) has to move to v1beta2, and each use of a field whose successor is not the same field of the same shape changes " +
			"with it: `*string` becomes `string`, `metav1.Duration` becomes `*int32` seconds, `corev1.ObjectReference` becomes a " +
			"contract-versioned reference, maps become lists, readiness moves under status.initialization, and some fields are not " +
			"carried at all. The successor of each field is the one Cluster API's own conversion functions give (GoAPIFields, " +
			"docs/contract/GOAPI.md). Information while the target core has no v1beta2 types, a warning once it has, an error from " +
			"the release that removes v1beta1. A provider's own older API versions (conversion spokes) keep the core v1beta1 types " +
			"their schema needs: information there.",
		Fix:      "Move the code to the v1beta2 package and the field to its successor, converting as its class says (ptr.Deref / ptr.To, clusterv1.ConvertToSeconds, the reference's apiGroup).",
		DocURL:   migrationDoc + "#suggested-changes-for-clients-using-cluster-api-go-types",
		severity: goAPISeverity,
		severityRows: []severityContext{
			{"core < " + string(GoAPIIntroduced) + " (no v1beta2 Go types)", Context{Release: releaseBeforeGoAPI}, true},
			{"core ≥ " + string(GoAPIIntroduced), Context{Release: GoAPIIntroduced}, true},
			{"core ≥ " + string(GoAPIRemoval) + " (v1beta1 removed, planned)", Context{Release: GoAPIRemoval}, false},
			{"a provider's conversion spoke (older API version)", Context{Release: GoAPIIntroduced, Spoke: true}, true},
		},
	},
}

// GoAPIRelease is the release the Go API rules judge the target as. A
// local Cluster API tree (Cluster API itself, or a replace) names no
// version, and Release then assumes the latest verified core: its Go API
// packages say instead which side of v1.11 and v1.16 it is on.
func (t CoreTarget) GoAPIRelease() Release {
	r := t.Release()
	if t.Version != "" || t.LocalTree == "" {
		return r
	}
	has := func(pkg string) bool {
		fi, err := os.Stat(filepath.Join(t.LocalTree, filepath.FromSlash(strings.TrimPrefix(pkg, CoreModule+"/"))))
		return err == nil && fi.IsDir()
	}
	switch {
	case !has(PkgClusterV1):
		return releaseBeforeGoAPI
	case !has(PkgClusterV1Beta1):
		if r.Less(GoAPIRemoval) {
			return GoAPIRemoval
		}
		return r
	case r.Less(GoAPIIntroduced):
		return GoAPIIntroduced
	case !r.Less(GoAPIRemoval):
		return GoAPIIntroduced // both APIs are there: before the removal
	}
	return r
}

// releaseBeforeGoAPI stands for a core release before the v1beta2 Go
// types (which one does not matter to the rules).
const releaseBeforeGoAPI Release = "v1.10.0"

// IsGoAPIRule reports whether id is one of the rules on Cluster API's
// v1beta1 Go API (the report counts what is left of them per package).
func IsGoAPIRule(id string) bool {
	return slices.ContainsFunc(goAPIRules, func(r *Rule) bool { return r.ID == id })
}
