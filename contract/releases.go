package contract

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
)

// Release is a Cluster API core release, a canonical semantic version (v1.14.2).
type Release string

// Core releases where the contract's reading changes.
const (
	// ReleaseV1Beta2 is the first core that knows the v1beta2 contract and
	// reads the four label-driven kinds by their CRD's label.
	ReleaseV1Beta2 Release = "v1.11.0"
	// ReleaseMachineFailureDomain first reads InfraMachine status.failureDomain (#13266).
	ReleaseMachineFailureDomain Release = "v1.13.0"
	// ReleaseMachineTaints first writes ControlPlane machine template taints (the v1beta2 path only).
	ReleaseMachineTaints Release = "v1.13.0"
	// ReleaseTaintsByContract first chooses the ControlPlane taints path by contract.
	ReleaseTaintsByContract Release = "v1.13.5"
	// ReleaseStatusVersions first reads ControlPlane status.versions.
	ReleaseStatusVersions Release = "v1.14.0"
	// ReleasePoolFallback is assumed to carry PR #14030: InfraMachinePools
	// read by label, with a status.ready fallback.
	ReleasePoolFallback Release = "v1.15.0"
	// ReleaseV1Beta1Dropped is planned to drop the v1beta1 contract (versions.md: v1.16, April 2027).
	ReleaseV1Beta1Dropped Release = "v1.16.0"
)

// ParseRelease accepts v1.14.2 or 1.14.2 (pre-releases too).
func ParseRelease(s string) (Release, error) {
	v := canonicalVersion(s)
	if !semver.IsValid(v) {
		return "", fmt.Errorf("invalid Cluster API version %q (want a semantic version such as v1.14.2)", s)
	}
	return Release(semver.Canonical(v)), nil
}

// Less orders releases by semantic version; pre-releases sort before their release.
func (r Release) Less(o Release) bool { return semver.Compare(string(r), string(o)) < 0 }

// AtLeast reports r ≥ o.
func (r Release) AtLeast(o Release) bool { return !r.Less(o) }

// Release is the core release the target stands for. A local tree has no
// version: it is taken as the newest verified release, or as
// ReleasePoolFallback when it carries PR #14030's pool reader.
func (t CoreTarget) Release() Release {
	if t.Version != "" {
		if r, err := ParseRelease(t.Version); err == nil {
			return r
		}
	}
	if t.Behaviour.ReadsProvisioned() && t.Behaviour.ReadsReady() {
		return ReleasePoolFallback
	}
	return Release(LatestVerifiedCore)
}

// ContractsKnownBy lists, highest first, the contract labels a core release
// honours: only v1beta1 before v1.11, both until v1beta1 is dropped.
func ContractsKnownBy(core Release) []Contract {
	switch {
	case core.Less(ReleaseV1Beta2):
		return []Contract{V1Beta1}
	case core.Less(ReleaseV1Beta1Dropped):
		return []Contract{V1Beta2, V1Beta1}
	}
	return []Contract{V1Beta2}
}

// Knows reports whether the core honours the contract label.
func Knows(core Release, c Contract) bool { return slices.Contains(ContractsKnownBy(core), c) }

// ResolveContractAt chooses the contract and the API version a core release
// reads a CRD at, as that release does: the highest known contract whose
// label is present and non-empty, then the highest kube-aware version in it.
func ResolveContractAt(labels map[string]string, core Release) (Contract, string, error) {
	known := ContractsKnownBy(core)
	names := make([]string, len(known))
	for i, c := range known {
		names[i] = string(c)
	}
	cv, api, err := resolveLabels(labels, names)
	return Contract(cv), api, err
}

// LabelVersionConflicts lists the API versions named by more than one
// cluster.x-k8s.io/ label, with the label keys (sorted). Core maps an API
// version to its contract by ranging over the labels (GetContractVersionForVersion),
// so for these the answer is not deterministic.
func LabelVersionConflicts(labels map[string]string) map[string][]string {
	byVersion := map[string][]string{}
	for _, key := range slices.Sorted(maps.Keys(labels)) {
		if !strings.HasPrefix(key, LabelPrefix) {
			continue
		}
		seen := map[string]bool{}
		for v := range strings.SplitSeq(labels[key], "_") {
			if v != "" && !seen[v] {
				seen[v] = true
				byVersion[v] = append(byVersion[v], key)
			}
		}
	}
	for v, keys := range byVersion {
		if len(keys) < 2 {
			delete(byVersion, v)
		}
	}
	return byVersion
}

// ReadPoint is a point a core release reads for a kind under a label.
type ReadPoint struct {
	Point Point
	Read  Read
	// Fallback is the point read when this one is absent (InfraMachinePool under #14030).
	Fallback *Point
	// Primary is the point this fallback stands in for.
	Primary *Point
}

// ErrContractUnknown is returned by Reads when the core does not honour the label.
type ErrContractUnknown struct {
	Core     Release
	Contract Contract
}

func (e *ErrContractUnknown) Error() string {
	return fmt.Sprintf("Cluster API %s does not honour the %s contract label (it knows %v)", e.Core, LabelKey(string(e.Contract)), ContractsKnownBy(e.Core))
}

// Reads answers "what does this core release read on an object of kind k
// whose CRD label resolves to contract label, and is there a fallback".
// Points are in catalog order, a fallback right after the point it backs; where a v1beta1 and a v1beta2 point share a
// path and are both read, the one of the label's contract is kept.
func Reads(k *Kind, core Release, label Contract) ([]ReadPoint, error) {
	if !semver.IsValid(string(core)) {
		return nil, fmt.Errorf("invalid Cluster API release %q (want a semantic version such as v1.14.2)", core)
	}
	if !Knows(core, label) {
		return nil, &ErrContractUnknown{Core: core, Contract: label}
	}
	var out []ReadPoint
	index := map[string]int{}
	for _, p := range k.points {
		for _, r := range p.Reads {
			if !r.covers(core, label) {
				continue
			}
			rp := ReadPoint{Point: p, Read: r}
			if i, dup := index[p.Path]; dup {
				if p.Contract == label {
					out[i] = rp
				}
				break
			}
			index[p.Path] = len(out)
			out = append(out, rp)
			break
		}
	}
	// A fallback follows the point it backs.
	rank := func(rp ReadPoint) int {
		if j, ok := index[rp.Read.FallbackFor]; ok {
			return 2*j + 1
		}
		return 2 * index[rp.Point.Path]
	}
	slices.SortStableFunc(out, func(a, b ReadPoint) int { return rank(a) - rank(b) })
	for i := range out {
		if f := out[i].Read.FallbackFor; f != "" && i > 0 && out[i-1].Point.Path == f {
			out[i].Primary = &out[i-1].Point
			out[i-1].Fallback = &out[i].Point
		}
	}
	return out, nil
}

// ReadsAspect returns the read points of one aspect (e.g. AspectReadiness).
func ReadsAspect(k *Kind, core Release, label Contract, a Aspect) ([]ReadPoint, error) {
	all, err := Reads(k, core, label)
	if err != nil {
		return nil, err
	}
	var out []ReadPoint
	for _, rp := range all {
		if rp.Point.Aspect == a || k.aspectOf(rp.Read.InPlaceOf) == a {
			out = append(out, rp)
		}
	}
	return out, nil
}

// LabelExclusive reports whether the core picks the kind's whole field set
// from the CRD label with no fallback (the four label-driven kinds on v1.11+).
func (k *Kind) LabelExclusive(core Release) bool {
	return k.LabelExclusiveSince != "" && core.AtLeast(k.LabelExclusiveSince)
}

// aspectOf is the aspect of the first point at path, "" when none.
func (k *Kind) aspectOf(path string) Aspect {
	if path == "" {
		return ""
	}
	for _, p := range k.points {
		if p.Path == path {
			return p.Aspect
		}
	}
	return ""
}
