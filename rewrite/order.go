package rewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/report"
)

// Safe order. A label-driven kind's CRD gets the v1beta2 contract label only
// when the audit under that label finds nothing core would miss (see
// contract.LabelFlipBlockers); otherwise its label stays, the fields and
// dual writes the rewrite made stay, and the PR body says what is missing.
// Pools keep their dual semantics: released cores read status.ready
// whatever the label, so their label follows the initialization field.

type labelKey struct{ group, kind string }

func (k labelKey) String() string { return k.kind + "." + k.group }

// labelPass is one placement of contract labels (and the clusterctl
// metadata that follows them) in the staged copy, undone as a whole when a
// kind turns out not to be ready for its label.
type labelPass struct {
	originals map[string][]byte   // staged path → content before; nil: a new file
	reasons   map[string][]string // staged path → reasons marked
	// flipped are the label-driven kinds labelled v1beta2 and the API
	// version the label names; pools the InfraMachinePool kinds.
	flipped, pools map[labelKey]string
	// templates are template kinds labelled with the kind they template.
	templates map[labelKey]string
	// metadata says what happened to metadata.yaml, for the PR body (nil:
	// nothing, no label changed or no file).
	metadata *outcomeLine
	// manual lists what the pass left for a person.
	manual []string
	// both are the kinds whose labelled version stays under the v1beta1
	// label too: older cores read it, so its shape cannot change.
	both map[labelKey]bool
	// held are kinds whose one API version would be under both labels but
	// whose core maps a version back to one contract (contract.Kind.MapsVersionToContract).
	held []heldLabel
}

func (lp *labelPass) write(st *stage, path string, content []byte, why string, cs *changeSet) error {
	canon, err := st.canonical(path)
	if err != nil {
		return err
	}
	if _, seen := lp.originals[canon]; !seen {
		old, err := os.ReadFile(canon)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			old = nil
		case err != nil:
			return err
		}
		lp.originals[canon] = old
	}
	if _, err := st.writeFile(canon, content); err != nil {
		return err
	}
	lp.reasons[canon] = append(lp.reasons[canon], why)
	cs.mark(canon, why)
	return nil
}

// undo restores every file the pass wrote.
func (lp *labelPass) undo(cs *changeSet) error {
	for path, old := range lp.originals {
		if old == nil {
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		} else if err := os.WriteFile(path, old, 0o644); err != nil {
			return err
		}
		for _, why := range lp.reasons[path] {
			cs.unmark(path, why)
		}
	}
	return nil
}

// addLabels adds the v1beta2 contract label to the CRDs of migrated pools
// and of the label-driven kinds not in hold.
func addLabels(st *stage, rep *report.Report, targets []kindTarget, hold map[labelKey]bool, cs *changeSet) (*labelPass, error) {
	lp := &labelPass{originals: map[string][]byte{}, reasons: map[string][]string{}, flipped: map[labelKey]string{}, pools: map[labelKey]string{}, templates: map[labelKey]string{}, both: map[labelKey]bool{}}
	if rep == nil {
		return lp, nil
	}
	want := map[labelKey]string{} // -> storage version
	// Only pools whose storage type now has initialization.provisioned
	// declare the v1beta2 contract: an MPA101 with a fix was just migrated.
	notMigrated := map[labelKey]bool{}
	for _, f := range rep.Findings {
		if !f.Spoke && ((f.Rule == contract.RuleReadyOnly && len(f.Fixes) == 0) || f.Rule == contract.RuleNoReadiness) {
			group, _, _ := strings.Cut(f.APIVersion, "/")
			notMigrated[labelKey{group, f.Kind}] = true
		}
	}
	dirs := map[string]bool{}
	for _, f := range rep.Findings {
		if (f.Rule != contract.RuleLabelMissing && f.Rule != contract.RuleLabelV1Beta1Only) || f.Position == nil {
			continue
		}
		group, version, _ := strings.Cut(f.APIVersion, "/")
		if notMigrated[labelKey{group, f.Kind}] {
			_, v2, _ := readinessPaths(&contract.InfraMachinePool) // the rules are a pool's
			lp.manual = append(lp.manual, fmt.Sprintf("%s has no %s yet, so its CRD was not labelled %s", f.Kind, v2, contract.LabelKey(contract.V1Beta2)))
			continue
		}
		want[labelKey{group, f.Kind}] = version
		lp.pools[labelKey{group, f.Kind}] = version
		p := f.Position.File
		if !filepath.IsAbs(p) {
			p = filepath.Join(st.dir, p)
		}
		if d := crdconfig.FindConfigDir(filepath.Dir(p), st.stagedTop()); d != "" {
			dirs[d] = true
		}
	}
	kindDirs := map[string][]kindTarget{}
	kindOf := map[labelKey]*contract.Kind{}
	for _, t := range targets {
		kindOf[labelKey{t.ref.Group, t.ref.Name}] = t.kind
		if d := crdconfig.FindConfigDir(t.dir, st.stagedTop()); d != "" {
			dirs[d] = true
			kindDirs[d] = append(kindDirs[d], t)
		}
	}
	configs := map[string]*crdconfig.Result{}
	for _, d := range sortedKeys(dirs) {
		cfg, err := crdconfig.Load(d)
		if err != nil {
			return nil, err
		}
		configs[d] = cfg
		for _, t := range kindDirs[d] {
			key := labelKey{t.ref.Group, t.ref.Name}
			for _, crd := range cfg.CRDs {
				if crd.Group != key.group || crd.Kind != key.kind || crd.Labels[contract.LabelKey(contract.V1Beta2)] != "" || hold[key] {
					continue
				}
				if _, moves := v1beta1Rest(crd.Labels[contract.LabelKey(contract.V1Beta1)], t.ref.Version); !moves && t.kind.MapsVersionToContract() &&
					slices.Contains(strings.Split(crd.Labels[contract.LabelKey(contract.V1Beta1)], "_"), t.ref.Version) {
					lp.holdOneVersion(key, t.kind, t.ref.Version)
					continue
				}
				want[key] = t.ref.Version
				lp.flipped[key] = t.ref.Version
			}
		}
		// A template's CRD follows the kind it templates: core reads both
		// by their labels, and the template's points read alike under both.
		for _, crd := range cfg.CRDs {
			base, ok := strings.CutSuffix(crd.Kind, "Template")
			if _, flipped := lp.flipped[labelKey{crd.Group, base}]; !ok || !flipped || crd.Labels[contract.LabelKey(contract.V1Beta2)] != "" {
				continue
			}
			for _, v := range crd.Versions {
				if v.Storage {
					want[labelKey{crd.Group, crd.Kind}] = v.Name
					lp.templates[labelKey{crd.Group, crd.Kind}] = v.Name
				}
			}
		}
	}
	read := func(p string) ([]byte, error) { return os.ReadFile(p) }
	holdSharedOneVersion(lp, configs, want, kindOf, read)
	for _, d := range sortedKeys(configs) {
		cfg := configs[d]
		for _, crd := range cfg.CRDs {
			value, ok := want[labelKey{crd.Group, crd.Kind}]
			if !ok {
				continue
			}
			changes, both, err := planLabel(labelTarget{crd: crd, value: value, cfg: cfg, wanted: want}, read)
			if both {
				lp.both[labelKey{crd.Group, crd.Kind}] = true
			}
			if err != nil {
				lp.manual = append(lp.manual, fmt.Sprintf("add the label %s: %s to CRD %s (%v)", contract.LabelKey(contract.V1Beta2), value, crd.Name, err))
				delete(lp.flipped, labelKey{crd.Group, crd.Kind})
				delete(lp.pools, labelKey{crd.Group, crd.Kind})
				delete(lp.templates, labelKey{crd.Group, crd.Kind})
				continue
			}
			for _, c := range changes {
				if err := lp.write(st, c.file, c.content, fmt.Sprintf("%s: %s on %s (%s)", contract.LabelKey(contract.V1Beta2), value, crd.Name, c.why), cs); err != nil {
					return nil, err
				}
			}
		}
	}
	if len(lp.originals) > 0 {
		if err := alignMetadata(st, rep, configs, lp); err != nil {
			return nil, err
		}
	}
	return lp, nil
}

// holdSharedOneVersion holds, before any file is written, the kinds that
// map versions to contracts whose version would stay under the v1beta1
// label because that label is set where this CRD's value cannot change
// alone (a kustomization-wide label shared with other versions); their
// templates follow them. Planning again without them can change what the
// others share, so it repeats until nothing more is held.
func holdSharedOneVersion(lp *labelPass, configs map[string]*crdconfig.Result, want map[labelKey]string, kindOf map[labelKey]*contract.Kind,
	read func(string) ([]byte, error)) {
	for again := true; again; {
		again = false
		for _, d := range sortedKeys(configs) {
			cfg := configs[d]
			for _, crd := range cfg.CRDs {
				key := labelKey{crd.Group, crd.Kind}
				value, ok := want[key]
				k := kindOf[key]
				if !ok || k == nil || !k.MapsVersionToContract() {
					continue
				}
				if _, both, err := planLabel(labelTarget{crd: crd, value: value, cfg: cfg, wanted: want}, read); err != nil || !both {
					continue
				}
				lp.holdOneVersion(key, k, value)
				delete(want, key)
				delete(lp.flipped, key)
				tmpl := labelKey{key.group, key.kind + "Template"}
				if _, ok := lp.templates[tmpl]; ok {
					delete(want, tmpl)
					delete(lp.templates, tmpl)
				}
				again = true
			}
		}
	}
}

// holdOneVersion keeps kind k's v1beta1 label: its API version would stay
// under the v1beta1 label too (older cores read only that one), and core
// maps an object's version back to one contract for k, so the pair has no
// deterministic contract (MPA345).
func (lp *labelPass) holdOneVersion(key labelKey, k *contract.Kind, version string) {
	reason := fmt.Sprintf("its CRD would list %s under both %s and %s, and Cluster API maps a %s's API version back to one contract by its labels (%s); "+
		"serve a new API version for the v1beta2 contract, as Cluster API v1.11.0 did, and label only that one %s",
		version, contract.LabelKey(contract.V1Beta1), contract.LabelKey(contract.V1Beta2), k.Name, contract.RuleLabelVersionConflict, contract.LabelKey(contract.V1Beta2))
	lp.held = append(lp.held, heldLabel{key: key, reason: reason})
}

// labelBlockers lists, per label-driven kind labelled by the pass, the
// findings under its new label that core would trip on.
// A planned failureDomains migration (shapeLater) changes the map under
// the new label after this judgement, so the map's shape does not block,
// unless the version stays under the v1beta1 label, whose cores need it.
func labelBlockers(lp *labelPass, after *report.Report, shapeLater map[labelKey]*fdMigration) map[labelKey][]report.Finding {
	out := map[labelKey][]report.Finding{}
	if after == nil {
		return out
	}
	_, fd, _ := fdPoints()
	for _, f := range after.Findings {
		group, _, _ := strings.Cut(f.APIVersion, "/")
		key := labelKey{group, f.Kind}
		if _, ok := lp.flipped[key]; !ok || f.Spoke || !slices.Contains(contract.LabelFlipBlockers, f.Rule) {
			continue
		}
		if shapeLater[key] != nil && !lp.both[key] && f.Rule == contract.RuleKindShapeForLabel && f.Field == fd.Path {
			continue
		}
		out[key] = append(out[key], f)
	}
	return out
}

// gateRelease is the core the label decision is judged on: the target, or
// the first core that reads the label when the target is older.
func gateRelease(target contract.CoreTarget) contract.Release {
	r := target.Release()
	if r.Less(contract.ReleaseV1Beta2) {
		return contract.ReleaseV1Beta2
	}
	return r
}

// heldLabel describes a kind whose label the rewrite left, for the PR body.
type heldLabel struct {
	key     labelKey
	missing []string
	// reason says why the kind was held before labelling; missing is then
	// what core would miss besides.
	reason string
}

// forAPerson is the line of a label held for a reason in the list of
// what needs a person (the PR body's checklist has it too).
func (h heldLabel) forAPerson() string {
	line := fmt.Sprintf("label %s %s when what holds it is resolved: %s", h.key, contract.LabelKey(contract.V1Beta2), h.reason)
	if len(h.missing) > 0 {
		line += fmt.Sprintf("; under it core would also miss %s", strings.Join(h.missing, "; "))
	}
	return line
}

func describeBlockers(key labelKey, fs []report.Finding, st *stage) heldLabel {
	seen := map[string]bool{}
	var missing []string
	for _, f := range fs {
		line := f.Rule + " " + f.Field
		if f.Position != nil {
			rel, err := filepath.Rel(st.dir, f.Position.File)
			if err != nil || strings.HasPrefix(rel, "..") {
				rel = f.Position.File
			}
			line += fmt.Sprintf(" (%s:%d)", filepath.ToSlash(rel), f.Position.Line)
		}
		if !seen[line] {
			seen[line] = true
			missing = append(missing, line)
		}
	}
	sort.Strings(missing)
	return heldLabel{key: key, missing: missing}
}

// holdUnreadyLabels judges the labelled kinds under their new label and,
// when some are not ready, places the labels again without them and audits
// the result once more. It returns the audit of the result and the pass.
func holdUnreadyLabels(st *stage, dopts driver.Options, res *Result, last *report.Report, targets []kindTarget, lp *labelPass, after *report.Report,
	cs *changeSet) (*report.Report, *labelPass, error) {
	heldForAReason := func(h heldLabel) bool { return h.reason != "" }
	if len(lp.flipped) == 0 && !slices.ContainsFunc(res.held, heldForAReason) && !slices.ContainsFunc(lp.held, heldForAReason) {
		return after, lp, nil
	}
	judged := after
	if gate := gateRelease(res.Target); gate != res.Target.Release() {
		opts := dopts
		opts.CAPIVersion = string(gate)
		var err error
		if judged, err = driver.Run(opts); err != nil {
			return nil, nil, err
		}
		dopts.Config.Apply(judged)
	}
	blocked := labelBlockers(lp, judged, res.fdPlanned)
	if len(blocked) == 0 {
		alsoMissing(res.held, judged, st)
		alsoMissing(lp.held, judged, st)
		return after, lp, nil
	}
	hold := map[labelKey]bool{}
	for _, h := range res.held {
		hold[h.key] = true // held before labelling
	}
	var newly []heldLabel
	for key, fs := range blocked {
		hold[key] = true
		newly = append(newly, describeBlockers(key, fs, st))
	}
	sort.Slice(newly, func(i, j int) bool { return newly[i].key.String() < newly[j].key.String() })
	for _, h := range newly {
		res.Manual = append(res.Manual, fmt.Sprintf("label %s %s once core would find everything it reads under that label; missing now: %s",
			h.key, contract.LabelKey(contract.V1Beta2), strings.Join(h.missing, "; ")))
	}
	res.held = append(res.held, newly...)
	sort.Slice(res.held, func(i, j int) bool { return res.held[i].key.String() < res.held[j].key.String() })
	if err := lp.undo(cs); err != nil {
		return nil, nil, err
	}
	lp, err := addLabels(st, last, targets, hold, cs)
	if err != nil {
		return nil, nil, err
	}
	if after, err = driver.Run(dopts); err != nil {
		return nil, nil, err
	}
	dopts.Config.Apply(after)
	alsoMissing(res.held, judged, st)
	alsoMissing(lp.held, judged, st)
	return after, lp, nil
}

// alsoMissing lists, for kinds held for a reason (a failureDomains map
// that cannot move yet, an API version under both labels), what core would
// still miss under the v1beta2 label once that is resolved, judged under
// their kept label on the release that gates labels: whoever resolves the
// reason needs both.
func alsoMissing(held []heldLabel, judged *report.Report, st *stage) {
	for i, h := range held {
		if h.reason == "" || len(h.missing) > 0 {
			continue
		}
		var fs []report.Finding
		for _, f := range judged.Findings {
			group, _, _ := strings.Cut(f.APIVersion, "/")
			if (labelKey{group, f.Kind}) == h.key && !f.Spoke && slices.Contains(contract.LabelFlipBlockers, f.Rule) {
				fs = append(fs, f)
			}
		}
		held[i].missing = describeBlockers(h.key, fs, st).missing
	}
}

// outcomeLine is one checklist item's state: done, or left for a person,
// and what it says.
type outcomeLine struct {
	done bool
	text string
}
