package contract

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
)

// CoreModule is the Go module of Cluster API core.
const CoreModule = "sigs.k8s.io/cluster-api"

// Readiness field paths on an InfraMachinePool.
const (
	PathReady       = "status.ready"
	PathProvisioned = "status.initialization.provisioned"
)

// CoreTarget is the Cluster API core a provider is audited against. Severities
// depend on it, so every mode resolves one and every report names it.
type CoreTarget struct {
	// Version is a semantic version (v1.14.2), empty for a local tree.
	Version string `json:"version,omitempty"`
	// LocalTree is the directory of a Cluster API checkout the provider is
	// built against (a go.mod replace to a local path).
	LocalTree string `json:"localTree,omitempty"`
	// Source says how the target was found: "flag", "go.mod", "go.mod replace", "default".
	Source string `json:"source"`
	// Behaviour is what that core does with InfraMachinePools.
	Behaviour CoreBehaviour `json:"behaviour"`
}

func (t CoreTarget) String() string {
	if t.LocalTree != "" {
		// A tree records no release: say which one its severities assume.
		return fmt.Sprintf("local Cluster API tree %s (%s), judged as release %s; --capi-version names its release", t.LocalTree, t.Source, t.Release())
	}
	return fmt.Sprintf("Cluster API %s (%s)", t.Version, t.Source)
}

// CoreBehaviour is how a core release treats InfraMachinePools.
type CoreBehaviour struct {
	// PoolReadinessFields are the paths the MachinePool controller reads to
	// decide infrastructure is provisioned, in order; later ones are fallbacks.
	PoolReadinessFields []string `json:"poolReadinessFields"`
	// AcceptsV1Beta1Contract is false once compatibility with the v1beta1
	// contract label is dropped.
	AcceptsV1Beta1Contract bool `json:"acceptsV1Beta1Contract"`
	// Basis cites where the behaviour comes from.
	Basis string `json:"basis"`
	// Assumed marks behaviour taken from docs or open PRs, not released code.
	Assumed bool `json:"assumed,omitempty"`
}

// ReadsReady reports whether the core reads status.ready on a pool at all.
func (b CoreBehaviour) ReadsReady() bool { return b.reads(PathReady) }

// ReadsProvisioned reports whether the core reads status.initialization.provisioned.
func (b CoreBehaviour) ReadsProvisioned() bool { return b.reads(PathProvisioned) }

// ReadsOnlyReady is the released behaviour: provisioned-only pools never progress.
func (b CoreBehaviour) ReadsOnlyReady() bool { return b.ReadsReady() && !b.ReadsProvisioned() }

func (b CoreBehaviour) reads(path string) bool {
	return slices.Contains(b.PoolReadinessFields, path)
}

// coreRelease is one row of the release table: behaviour from From (inclusive)
// up to the next row.
type coreRelease struct {
	From      string
	Behaviour CoreBehaviour
}

// The pool behaviours' fields come from the InfraMachinePool catalog (its
// readiness reads, the labels a release honours): no second table.
var (
	releasedBehaviour = poolBehaviour(ReleaseV1Beta2,
		"released code v1.10.0–v1.14.2: the MachinePool controller reads only status.ready "+
			"(external.IsReady in core/reconcilers/machinepool/machinepool_controller_phases.go)", false)
	fallbackBehaviour = poolBehaviour(ReleasePoolFallback,
		"Cluster API PR #14030 (unmerged when this catalog was written): reads "+
			"status.initialization.provisioned and falls back to status.ready", true)
	v1beta1DroppedBehaviour = poolBehaviour(ReleaseV1Beta1Dropped,
		"Cluster API versions.md: compatibility with the v1beta1 contract ends in v1.16 (April 2027)", true)
)

// poolBehaviour is how core release r treats InfraMachinePools, from the
// catalog: the pool readiness points it reads under the newest label it
// honours (fallbacks last, as Reads orders them), and whether it honours
// the v1beta1 label.
func poolBehaviour(r Release, basis string, assumed bool) CoreBehaviour {
	known := ContractsKnownBy(r)
	reads, _ := ReadsAspect(&InfraMachinePool, r, known[0], AspectReadiness) // r is a valid release that knows known[0]
	b := CoreBehaviour{AcceptsV1Beta1Contract: slices.Contains(known, V1Beta1), Basis: basis, Assumed: assumed}
	for _, rp := range reads {
		b.PoolReadinessFields = append(b.PoolReadinessFields, rp.Point.Path)
	}
	return b
}

// coreReleases is ordered by From. The last verified release is v1.14.2.
var coreReleases = []coreRelease{
	{From: "v0.0.0", Behaviour: releasedBehaviour},
	{From: "v1.15.0", Behaviour: fallbackBehaviour},
	{From: "v1.16.0", Behaviour: v1beta1DroppedBehaviour},
}

// LatestVerifiedCore is the newest core release whose behaviour was read from code.
const LatestVerifiedCore = "v1.14.2"

// BehaviourFor returns the behaviour of a released core version.
func BehaviourFor(version string) (CoreBehaviour, error) {
	v := canonicalVersion(version)
	if !semver.IsValid(v) {
		return CoreBehaviour{}, fmt.Errorf("invalid Cluster API version %q (want a semantic version such as v1.14.2)", version)
	}
	b := coreReleases[0].Behaviour
	for _, r := range coreReleases {
		if semver.Compare(v, r.From) >= 0 {
			b = r.Behaviour
		}
	}
	return b, nil
}

func canonicalVersion(v string) string {
	v = strings.TrimSpace(v)
	if v != "" && !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	return v
}

// TargetForVersion builds a target for an explicit version.
func TargetForVersion(version, source string) (CoreTarget, error) {
	b, err := BehaviourFor(version)
	if err != nil {
		return CoreTarget{}, err
	}
	return CoreTarget{Version: canonicalVersion(version), Source: source, Behaviour: b}, nil
}

// poolReaderFile is where a Cluster API tree that reads
// status.initialization.provisioned on pools keeps that accessor (PR #14030).
const poolReaderFile = "internal/contract/infrastructure_machinepool.go"

// TargetForLocalTree inspects a Cluster API checkout: a provider built
// against it runs that tree's MachinePool controller.
func TargetForLocalTree(dir, source string) CoreTarget {
	t := CoreTarget{LocalTree: dir, Source: source, Behaviour: releasedBehaviour}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(poolReaderFile)))
	if err == nil && strings.Contains(string(src), `"initialization", "provisioned"`) {
		b := fallbackBehaviour
		b.Assumed = false
		b.Basis = "local tree " + poolReaderFile + " reads status.initialization.provisioned with a status.ready fallback"
		t.Behaviour = b
		return t
	}
	t.Behaviour.Basis = "local tree has no " + poolReaderFile + ": its MachinePool controller reads only status.ready"
	return t
}

// DefaultTarget is used when nothing names a core version.
func DefaultTarget() CoreTarget {
	t, _ := TargetForVersion(LatestVerifiedCore, "default (no sigs.k8s.io/cluster-api requirement found)")
	return t
}
