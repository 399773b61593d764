package kindfinder

import (
	"fmt"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
)

// Judgement says which contract a classified API version is judged against
// for the target core, and why.
type Judgement struct {
	// Label is the contract core reads this API version under; "" when core
	// reads another version (a hub behind a label naming a spoke) or the
	// label is unknown.
	Label contract.Contract
	// Against is Label, else v1beta2, the contract of the next label flip
	// (v1beta1 on cores before v1.11, which know no other).
	Against contract.Contract
	// Read is set when core reads this API version: it is judged at full
	// severity even when it is not the storage version.
	Read bool
	// Why says, for messages, what the judgement rests on.
	Why string
}

// judge resolves the type's CRD labels as the target core does.
func judge(cfg *crdconfig.Result, t *Type, release contract.Release) Judgement {
	j := Judgement{Against: contract.V1Beta2}
	if release.Less(contract.ReleaseV1Beta2) {
		j.Against = contract.V1Beta1
	}
	labels, source := labelsOf(cfg, t)
	if labels == nil {
		j.Why = fmt.Sprintf("no CRD or contract label found: judged against the %s contract", j.Against)
		return j.spoke(t)
	}
	label, api, err := contract.ResolveContractAt(labels, release)
	switch {
	case err != nil:
		j.Why = fmt.Sprintf("the %s labels name no contract core %s knows (%v): judged against the %s contract", source, release, err, j.Against)
	case api == t.Version:
		j.Label, j.Against, j.Read = label, label, true
		j.Why = fmt.Sprintf("core %s reads this API version under %s", release, contract.LabelKey(string(label)))
		return j
	case label == j.Against:
		// The label is the contract this version is judged against: no
		// flip, core reads another version under it.
		j.Why = fmt.Sprintf("core %s reads %s under %s, not %s: judged against the %s contract",
			release, api, contract.LabelKey(string(label)), t.Version, j.Against)
	default:
		j.Why = fmt.Sprintf("core %s reads %s under %s, not %s: judged for the flip to %s",
			release, api, contract.LabelKey(string(label)), t.Version, contract.LabelKey(string(j.Against)))
	}
	return j.spoke(t)
}

func (j Judgement) spoke(t *Type) Judgement {
	if !t.Storage {
		j.Why += "; a conversion spoke: info"
	}
	return j
}

// Context is the rule context of a finding on the type.
func (r TypeRef) Context(core contract.CoreBehaviour, release contract.Release) contract.Context {
	return contract.Context{Core: core, Release: release, Label: r.Judgement.Label, Spoke: !r.Storage && !r.Judgement.Read}
}

// loadCRDs reads the provider's config/crd through the set's cache (problems
// reading it are reported by the reporting passes).
func loadCRDs(env *setup.Env, dir, repoRoot string) *crdconfig.Result {
	d := crdconfig.FindConfigDir(dir, repoRoot)
	if d == "" {
		return nil
	}
	cfg, err := env.LoadCRDs(d)
	if err != nil {
		return nil
	}
	return cfg
}

// labelsOf returns the contract labels of the type's CRD, else of its markers.
func labelsOf(cfg *crdconfig.Result, t *Type) (map[string]string, string) {
	if crd := cfg.Find(t.Kind, t.Group); crd != nil {
		return crd.Labels, "CRD " + crd.Name
	}
	if len(t.Labels) > 0 {
		return t.Labels, "+kubebuilder:metadata:labels"
	}
	return nil, ""
}

// V1Beta1Reader returns the first window of supported cores (the target
// and every newer catalogued release) that read the v1beta1 point at path
// of t by the v1beta1 contract: cores before v1.11 read by it the version
// their v1beta1 label names, later ones a version no v1beta2 label names.
// The labels are those the CRD will have when the fix applies: as they are,
// or, when relabelled (a driver that labels, Settings.Relabel), with t's
// version labelled v1beta2 where it can (contract.LabelsAfterRewrite). A
// fix that moves the field away must wait until no such core is supported.
func (r *Result) V1Beta1Reader(t *Type, path string, relabelled bool) (contract.CoreWindow, bool) {
	labels := t.ContractLabels
	if relabelled {
		labels = contract.LabelsAfterRewrite(t.Catalog, t.ContractLabels, t.Version)
	}
	return contract.V1Beta1Reader(t.Catalog, path, t.Version, labels, contract.SupportedCores(r.Release))
}
